// The special request (spec 2, 5, 9): a home section that offers vehicles of 4 to 45 seats, and its form in a
// dialog (spec 4 lists the special request form among the UI flags; special-request-form.tsx, loaded on first open).
// The call-center number (home/get_call_center) is offered beside it for those who prefer to talk.
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SPECIAL_REQUEST_SEATS } from '../../../../shared/contract/leads';
import { systemValue } from '../../../../shared/domain/system-config';
import { Dialog } from '../../../components/ui/dialog';
import { lazyPart } from '../../../components/ui/load-error';
import { configQueries } from '../../../lib/config-queries';
import { leadQueries } from '../api';
import { EMPTY_SPECIAL_REQUEST, type SpecialRequestValues } from '../special-request';

const SpecialRequestForm = lazyPart(() =>
  import('./special-request-form').then((module) => ({ default: module.SpecialRequestForm })),
);

export function SpecialRequestSection({ hotline }: { hotline: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [draft, setDraft] = useState<SpecialRequestValues>(EMPTY_SPECIAL_REQUEST);
  const { data: callCenter } = useQuery(leadQueries.callCenter());
  // spec 9 special_request_reply_hours from the served config (48 until it answers).
  const { data: system } = useQuery(configQueries.system());
  const replyHours = systemValue(system, 'special_request_reply_hours');
  // The header already shows the hotline: the call-center number is offered here only when it is another number.
  const callNumber =
    callCenter?.show_call_center && callCenter.call_center_number && callCenter.call_center_number !== hotline
      ? callCenter.call_center_number
      : null;
  const close = () => {
    setOpen(false);
    setSent(null);
  };
  return (
    <section className="section home-section special-teaser" aria-labelledby="special-heading">
      <h2 id="special-heading">{t('home_sections.special.heading')}</h2>
      <p>{t('home_sections.special.text', { hours: replyHours })}</p>
      <ul className="seat-chips" aria-label={t('home_sections.special.seats')}>
        {SPECIAL_REQUEST_SEATS.map((seats) => (
          <li key={seats}>{t('home_sections.special.seat_option', { count: seats })}</li>
        ))}
      </ul>
      <p className="home-actions">
        <button type="button" className="button button-primary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {t('home_sections.special.open')}
        </button>
        {callNumber && (
          <a className="button" href={`tel:${callNumber}`}>
            {t('home_sections.special.call', { number: callNumber })}
          </a>
        )}
      </p>
      <Dialog open={open} title={t('home_sections.special.title')} onClose={close} className="special-dialog">
        {sent ? (
          <div className="notice special-sent" role="status">
            <p>{sent}</p>
            <button type="button" className="button" onClick={close}>
              {t('common.close')}
            </button>
          </div>
        ) : (
          <Suspense fallback={<p role="status">{t('home_sections.special.loading')}</p>}>
            <SpecialRequestForm
              draft={draft}
              onDraft={setDraft}
              onSent={(message) => {
                setSent(message);
                setDraft(EMPTY_SPECIAL_REQUEST);
              }}
            />
          </Suspense>
        )}
      </Dialog>
    </section>
  );
}
