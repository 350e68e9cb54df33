import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextAreaField } from './text-area-field';

const noop = () => undefined;

describe('the free-text box', () => {
  it('ties its count line and its error to the box, and marks the box invalid', () => {
    const html = renderToStaticMarkup(
      <TextAreaField id="note" label="Note" value="ab" max={200} count="2/200" error="Too long" onChange={noop} />,
    );
    expect(html).toBe(
      '<div class="form-field invalid"><label class="field-label" for="note">Note</label>' +
        '<textarea id="note" class="field-input" rows="3" maxLength="200" aria-invalid="true" aria-describedby="note-count note-error">ab</textarea>' +
        '<p id="note-count" class="field-hint">2/200</p><p id="note-error" class="field-error" role="alert">Too long</p></div>',
    );
  });

  it('has no length limit, count or description when none is given, and shows its placeholder', () => {
    const html = renderToStaticMarkup(
      <TextAreaField id="n" name="note" label="Note" value="" placeholder="Anything else?" onChange={noop} />,
    );
    expect(html).toBe(
      '<div class="form-field"><label class="field-label" for="n">Note</label>' +
        '<textarea id="n" name="note" class="field-input" rows="3" placeholder="Anything else?"></textarea></div>',
    );
  });
});
