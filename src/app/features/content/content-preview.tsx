// A text of the site as its page shows it, for the desk's preview of a draft: the page's own markup and styles (a
// page, post or landing page: its title, lead and body; an FAQ question: the question with its answer open; an FAQ
// category: its heading). Headings start one level below the caller's.
import type { ContentBlock } from '../../../shared/contract/content';
import { ContentBlocks } from './blocks';
import './content.css';

export interface ContentPreviewText {
  kind: string;
  title: string;
  summary: string;
  body: ContentBlock[];
}

export function ContentPreview({ text, lang }: { text: ContentPreviewText; lang: string }) {
  if (text.kind === 'faq') {
    return (
      <div className="content-page" lang={lang}>
        <ul className="faq-list">
          <li className="faq-item">
            <h3 className="faq-question">
              <span className="faq-toggle">{text.title}</span>
            </h3>
            <div className="faq-answer">
              <ContentBlocks blocks={text.body} heading={4} />
            </div>
          </li>
        </ul>
      </div>
    );
  }
  return (
    <article className="content-page static-page" lang={lang}>
      <h2>{text.title}</h2>
      {text.summary && <p className="content-lead">{text.summary}</p>}
      {text.body.length > 0 && <ContentBlocks blocks={text.body} heading={3} />}
    </article>
  );
}
