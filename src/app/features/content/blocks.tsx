// The body of a post, a page or an FAQ answer (contract ContentBlock: p, h2, ul, quote): plain text rendered as React
// nodes, never as HTML. A heading level is given so a body under an h1 starts at h2, and under an h3 at h4.
import { isContentBlock, type ContentBlock } from '../../../shared/contract/content';

type HeadingLevel = 2 | 3 | 4;

function Block({ block, heading }: { block: ContentBlock; heading: HeadingLevel }) {
  if (block.type === 'ul') {
    return (
      <ul>
        {block.items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    );
  }
  if (block.type === 'h2') {
    const Heading = `h${heading}` as const;
    return <Heading>{block.text}</Heading>;
  }
  if (block.type === 'quote') {
    return (
      <blockquote>
        <p>{block.text}</p>
      </blockquote>
    );
  }
  return <p>{block.text}</p>;
}

/** Renders the blocks it knows and skips anything else (a newer server's block type). */
export function ContentBlocks({ blocks, heading = 2 }: { blocks: readonly unknown[]; heading?: HeadingLevel }) {
  return (
    <div className="content-body">
      {blocks.filter(isContentBlock).map((block, index) => (
        <Block key={index} block={block} heading={heading} />
      ))}
    </div>
  );
}
