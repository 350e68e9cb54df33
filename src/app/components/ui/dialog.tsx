// A modal dialog on the native <dialog> element: focus is kept inside by the browser, Escape and the close
// button close it, a click on the backdrop too. Titled for screen readers. `sheet`: the bottom sheet of spec 2, for
// pickers: on a phone it rises from the bottom edge, full width, within thumb reach; on a wider screen it is the
// usual centred dialog.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';
import { useModal } from './use-modal';

interface DialogProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  className?: string;
  role?: 'dialog' | 'alertdialog';
  /** For a status that cannot be dismissed (a payment being checked): no close button, Escape does nothing. */
  hideClose?: boolean;
  /** A bottom sheet on phones (pickers). */
  sheet?: boolean;
  /** The id of a line inside that says what the dialog is for, read out with its title. */
  describedBy?: string;
}

export function Dialog({ open, title, onClose, children, footer, className, role, hideClose, sheet, describedBy }: DialogProps) {
  const { t } = useTranslation();
  const ref = useModal(open);
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A dialog with nothing to press (a payment being checked) would take the focus itself, framed by a heavy
  // outline; its heading takes it instead, so a screen reader reads the title and the status follows.
  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && document.activeElement === dialog) headingRef.current?.focus();
  }, [open, ref]);
  // The native close event also fires when the parent closes the dialog (open → false), a moment later; only a
  // close the browser made on its own (Escape) is the user's and calls onClose. The event of a dialog nested in this
  // one (a picker inside a form) bubbles through React here too, and is not this dialog's.
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`dialog${sheet ? ' dialog-sheet' : ''}${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      role={role}
      onClose={(event) => {
        if (event.target === event.currentTarget && openRef.current) onClose();
      }}
      onCancel={(event) => {
        if (hideClose) event.preventDefault();
      }}
      onClick={(event) => {
        if (!hideClose && event.target === event.currentTarget) onClose();
      }}
    >
      <div className="dialog-head">
        <h2 id={titleId} ref={headingRef} tabIndex={hideClose ? -1 : undefined}>
          {title}
        </h2>
        {!hideClose && (
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
            <CloseIcon />
          </button>
        )}
      </div>
      {open && <div className="dialog-body">{children}</div>}
      {open && footer && <div className="dialog-foot">{footer}</div>}
    </dialog>
  );
}
