import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ContentBlocks } from './blocks';

describe('the body block renderer', () => {
  it('renders each block type as plain React nodes, headings at the level asked for', () => {
    const html = renderToStaticMarkup(
      <ContentBlocks
        heading={3}
        blocks={[
          { type: 'h2', text: 'Đón ở sân bay' },
          { type: 'p', text: 'Tài xế chờ ở cửa ra.' },
          { type: 'ul', items: ['Nhà ga T1', 'Nhà ga T2'] },
          { type: 'quote', text: 'Đúng giờ, đúng giá.' },
        ]}
      />,
    );
    expect(html).toBe(
      '<div class="content-body"><h3>Đón ở sân bay</h3><p>Tài xế chờ ở cửa ra.</p><ul><li>Nhà ga T1</li><li>Nhà ga T2</li></ul>' +
        '<blockquote><p>Đúng giờ, đúng giá.</p></blockquote></div>',
    );
  });

  it('never renders markup from the text, and skips what is not a block', () => {
    const html = renderToStaticMarkup(
      <ContentBlocks blocks={[{ type: 'p', text: '<img src=x onerror=alert(1)>' }, { type: 'script', text: 'x' }, null, 'p']} />,
    );
    expect(html).toBe('<div class="content-body"><p>&lt;img src=x onerror=alert(1)&gt;</p></div>');
  });
});
