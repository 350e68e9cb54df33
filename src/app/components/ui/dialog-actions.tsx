// The row of buttons at the foot of a dialog or a form, written once: the way out (a plain button) and the main move
// (primary, or danger for one that cannot be undone), the main one busy while its call runs, so a second press sends
// nothing and the label says it is working. In a dialog's foot the buttons stand on their own (`.dialog-foot` lays
// them out, the main one last so it stacks on top); `className` puts them in a row of their own (`button-row`).
import type { ReactNode } from 'react';

export interface ActionButtonProps {
  children: ReactNode;
  onClick?(): void;
  /** The main move's colour; none: a plain button (the way out); `link`: a button that reads as a link. */
  tone?: 'primary' | 'danger' | 'link';
  /** The full width of its row. */
  block?: boolean;
  disabled?: boolean;
  /** While the call runs: disabled, aria-busy, and `busyLabel` (when given) instead of the label. */
  busy?: boolean;
  busyLabel?: ReactNode;
  /** A submit button: of the form around it (`true`), or of the form with this id (a dialog's form, its button in the foot). */
  submit?: boolean | string;
}

function buttonClass(tone: ActionButtonProps['tone'], block: boolean | undefined) {
  const base = tone === 'link' ? 'link-button' : tone ? `button button-${tone}` : 'button';
  return block ? `${base} button-block` : base;
}

/** One button of the row (or a lone one: a dialog's only move, a form's submit). */
export function ActionButton({ children, onClick, tone, block, disabled, busy, busyLabel, submit }: ActionButtonProps) {
  return (
    <button
      type={submit ? 'submit' : 'button'}
      form={typeof submit === 'string' ? submit : undefined}
      className={buttonClass(tone, block)}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}

export type Action = Omit<ActionButtonProps, 'children'> & { label: ReactNode };

interface DialogActionsProps {
  /** The way out: close, keep, skip, edit. */
  cancel?: Action;
  /** The main move (primary unless its tone says otherwise). */
  confirm?: Action;
  /** The main move first in the markup (a row that is not reversed shows it on the left). */
  confirmFirst?: boolean;
  /** A row of its own with this class; none: the buttons stand in the dialog's foot. */
  className?: string;
  /** Shown before the buttons (the confirm step's total). */
  children?: ReactNode;
}

function actionButton({ label, ...button }: Action) {
  return <ActionButton {...button}>{label}</ActionButton>;
}

export function DialogActions({ cancel, confirm, confirmFirst, className, children }: DialogActionsProps) {
  const way = cancel && actionButton(cancel);
  const main = confirm && actionButton({ tone: 'primary', ...confirm });
  const buttons = (
    <>
      {children}
      {confirmFirst ? main : way}
      {confirmFirst ? way : main}
    </>
  );
  return className ? <div className={className}>{buttons}</div> : buttons;
}
