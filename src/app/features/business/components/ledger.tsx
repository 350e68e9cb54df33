// The newest credit ledger entries (top-ups, tickets paid, refunds), newest first, with Vietnam-time dates, the
// ticket code where there is one and the balance after each; an empty ledger says how to begin.
import { useTranslation } from 'react-i18next';
import type { CreditEntryKind } from '../../../../shared/contract/business';
import { formatVnd } from '../../../../shared/domain/money';
import { ENTRY_LABEL, signedVnd, vnTimeOf } from '../credit-rules';

interface Entry {
  id: number;
  kind: CreditEntryKind;
  amount: number;
  balance_after: number;
  ticket_code: string | null;
  created_at: string;
}

export function Ledger({ entries }: { entries: Entry[] }) {
  const { t } = useTranslation();
  return (
    <section className="business-ledger" aria-labelledby="business-ledger-heading">
      <h2 id="business-ledger-heading">{t('business.ledger.title')}</h2>
      {entries.length === 0 ? (
        <p className="notice">{t('business.ledger.empty')}</p>
      ) : (
        <ul className="business-entries">
          {entries.map((entry) => (
            <li key={entry.id} className={`business-entry business-entry-${entry.kind}`}>
              <div className="business-entry-main">
                <span className="business-entry-kind">{t(ENTRY_LABEL[entry.kind])}</span>
                <span className={entry.amount > 0 ? 'business-entry-amount is-in' : 'business-entry-amount'}>
                  {signedVnd(entry.amount)}
                </span>
              </div>
              <div className="business-entry-meta">
                <time dateTime={entry.created_at}>{vnTimeOf(entry.created_at)}</time>
                {entry.ticket_code && <span>{t('business.ledger.ticket', { code: entry.ticket_code })}</span>}
                <span>{t('business.ledger.balance_after', { amount: formatVnd(entry.balance_after) })}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
