// A page shown as a full-screen dialog (the ticket, spec 2): a title bar with its close button over the page's
// content. It is not modal: it sits in the page's flow under the site's header, so the header's language switch and
// menu stay within reach (a modal dialog would make everything behind it inert).
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';

export function PageDialog({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <dialog open className="dialog dialog-full dialog-page" aria-labelledby={titleId}>
      <div className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className="dialog-body">{children}</div>
    </dialog>
  );
}
