import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ActionButton, DialogActions } from './dialog-actions';

describe('the button row of a dialog or form', () => {
  it('puts the way out first and the main move last, straight in the foot, the main one primary', () => {
    const html = renderToStaticMarkup(<DialogActions cancel={{ label: 'Close' }} confirm={{ label: 'Pick again' }} />);
    expect(html).toBe(
      '<button type="button" class="button">Close</button><button type="button" class="button button-primary">Pick again</button>',
    );
  });

  it('wraps the buttons in a row of their own with its class, the main move first when asked', () => {
    const html = renderToStaticMarkup(
      <DialogActions
        className="button-row"
        confirmFirst
        cancel={{ label: 'Keep', disabled: true }}
        confirm={{ label: 'Cancel the ticket', tone: 'danger' }}
      />,
    );
    expect(html).toBe(
      '<div class="button-row"><button type="button" class="button button-danger">Cancel the ticket</button>' +
        '<button type="button" class="button" disabled="">Keep</button></div>',
    );
  });

  it('shows what comes before the buttons, and leaves out a move that is not given', () => {
    const html = renderToStaticMarkup(
      <DialogActions cancel={{ label: 'Skip' }}>
        <p className="confirm-total">Total</p>
      </DialogActions>,
    );
    expect(html).toBe('<p class="confirm-total">Total</p><button type="button" class="button">Skip</button>');
  });

  it('marks a busy button disabled and busy, with the busy label in place of its name', () => {
    const busy = renderToStaticMarkup(
      <DialogActions confirm={{ label: 'Send', submit: 'note-form', busy: true, busyLabel: 'Sending…' }} />,
    );
    expect(busy).toBe(
      '<button type="submit" form="note-form" class="button button-primary" disabled="" aria-busy="true">Sending…</button>',
    );
    const idle = renderToStaticMarkup(
      <DialogActions confirm={{ label: 'Send', submit: 'note-form', busy: false, busyLabel: 'Sending…' }} />,
    );
    expect(idle).toBe('<button type="submit" form="note-form" class="button button-primary">Send</button>');
  });

  it('makes a lone button: a form submit across the full width, or a button that reads as a link', () => {
    expect(
      renderToStaticMarkup(
        <ActionButton submit tone="primary" block>
          Sign in
        </ActionButton>,
      ),
    ).toBe('<button type="submit" class="button button-primary button-block">Sign in</button>');
    expect(renderToStaticMarkup(<ActionButton tone="link">Resend</ActionButton>)).toBe(
      '<button type="button" class="link-button">Resend</button>',
    );
  });
});
