// One ticket on the desk: what it is (passenger, trip, partner, state, money), its refund owed and paid, the actions
// the server says this member may take now (each asks for a reason in a dialog), and its whole timeline, oldest first.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskMe } from '../../../../shared/contract/desk';
import type { DeskTimeline, TimelineEntry } from '../../../../shared/contract/desk-tickets';
import { formatVnd } from '../../../../shared/domain/money';
import { formatPhone } from '../../../../shared/domain/phone';
import { FormAlert } from '../../../components/form/form-controls';
import { errorText } from '../../../components/form/form-errors';
import { useLang } from '../../../lib/use-lang';
import { deskTicketQueries } from '../tickets-api';
import { TicketActionDialog, type TicketAction } from './tickets-action-dialog';

export function TicketTimeline({ token, code, onClose }: { token: string; me: DeskMe; code: string; onClose(): void }) {
  const { t } = useTranslation();
  const timeline = useQuery(deskTicketQueries.timeline(token, code));
  const [action, setAction] = useState<TicketAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The ticket opened from the results: the reader is taken to it.
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  const data = timeline.data;

  return (
    <section className="desk-card desk-ticket" aria-labelledby="desk-ticket-heading">
      <div className="desk-ticket-head">
        <h2 id="desk-ticket-heading" ref={heading} tabIndex={-1}>
          {t('desk_tickets.ticket.title', { code })}
        </h2>
        <button type="button" className="button" onClick={onClose}>
          {t('desk_tickets.ticket.close')}
        </button>
      </div>
      {timeline.isPending && <p>{t('desk_tickets.loading')}</p>}
      {timeline.error && <FormAlert message={errorText(timeline.error, t)} />}
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {data && (
        <>
          <TicketSummary data={data} />
          <div className="desk-ticket-actions" role="group" aria-label={t('desk_tickets.actions.label')}>
            {(['refund', 'cancel', 'move', 'resend'] as const).map((name) =>
              data.may[name] ? (
                <button
                  key={name}
                  type="button"
                  className={name === 'cancel' ? 'button button-danger' : 'button'}
                  onClick={() => {
                    setNotice(null);
                    setAction(name);
                  }}
                >
                  {t(`desk_tickets.actions.${name}`)}
                </button>
              ) : null,
            )}
          </div>
          <h3 className="desk-ticket-subhead">{t('desk_tickets.ticket.timeline')}</h3>
          <ol className="desk-timeline">
            {data.entries.map((entry, index) => (
              <TimelineItem key={`${entry.at}-${index}`} entry={entry} />
            ))}
          </ol>
          {action && (
            <TicketActionDialog
              token={token}
              action={action}
              timeline={data}
              onClose={() => setAction(null)}
              onDone={(text) => {
                setAction(null);
                setNotice(text);
              }}
            />
          )}
        </>
      )}
    </section>
  );
}

function TicketSummary({ data }: { data: DeskTimeline }) {
  const { t } = useTranslation();
  const { ticket, refund } = data;
  return (
    <dl className="desk-ticket-facts">
      <div>
        <dt>{t('desk_tickets.columns.passenger')}</dt>
        <dd>
          {ticket.fullname} · {formatPhone(ticket.phone)}
          {ticket.email && <span className="desk-muted"> · {ticket.email}</span>}
        </dd>
      </div>
      <div>
        <dt>{t('desk_tickets.columns.pick_up')}</dt>
        <dd>
          {ticket.depart_time} · {ticket.drop_address ? `${ticket.pick_address} → ${ticket.drop_address}` : ticket.pick_address}
        </dd>
      </div>
      <div>
        <dt>{t('desk_tickets.columns.partner')}</dt>
        <dd>{ticket.partner.name}</dd>
      </div>
      <div>
        <dt>{t('desk_tickets.columns.state')}</dt>
        <dd>{t(`desk_tickets.states.${ticket.trip_state}`, { defaultValue: ticket.trip_state })}</dd>
      </div>
      <div>
        <dt>{t('desk_tickets.columns.total')}</dt>
        <dd>{formatVnd(ticket.total_cost)}</dd>
      </div>
      {refund && (
        <div>
          <dt>{t('desk_tickets.ticket.refund')}</dt>
          <dd>
            {t('desk_tickets.ticket.refund_state', {
              owed: formatVnd(refund.owed),
              paid: formatVnd(refund.paid_out),
              remaining: formatVnd(refund.remaining),
            })}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** What an entry says, in the member's language. */
function useEntryText() {
  const { t } = useTranslation();
  const state = (name: string | null) => (name ? t(`desk_tickets.states.${name}`, { defaultValue: name }) : '');
  const money = (amount: number | null) => (amount === null ? '' : formatVnd(amount));
  return (entry: TimelineEntry): string => {
    switch (entry.kind) {
      case 'booked':
        return t('desk_tickets.entry.booked', { amount: money(entry.amount) });
      case 'state':
        return t('desk_tickets.entry.state', {
          from: state(entry.from),
          to: state(entry.name),
          by: t(`desk_tickets.actors.${entry.by ?? 'system'}`, { defaultValue: entry.by ?? '' }),
        });
      case 'payment':
        return t('desk_tickets.entry.payment', {
          status: t(`desk_tickets.payment_status.${entry.name}`, { defaultValue: entry.name }),
          amount: money(entry.amount),
          gateway: entry.channel ?? '',
        });
      case 'refund':
        return t('desk_tickets.entry.refund', {
          amount: money(entry.amount),
          status: t(`desk_tickets.refund_status.${entry.name}`, { defaultValue: entry.name }),
        });
      case 'payout':
        return t('desk_tickets.entry.payout', {
          amount: money(entry.amount),
          method: t(`desk_tickets.methods.${entry.name}`, { defaultValue: entry.name }),
          reference: entry.note ?? '',
        });
      case 'message':
        return t('desk_tickets.entry.message', {
          event: t(`desk_tickets.events.${entry.name}`, { defaultValue: entry.name }),
          channel: t(`desk_tickets.channels.${entry.channel ?? ''}`, { defaultValue: entry.channel ?? '' }),
          status: t(`desk_tickets.message_status.${entry.status ?? ''}`, { defaultValue: entry.status ?? '' }),
        });
      case 'assignment':
        return t('desk_tickets.entry.assignment', { driver: entry.name, plate: entry.note ?? '' });
      default:
        return t(`desk.actions.${entry.name}`, { defaultValue: entry.name });
    }
  };
}

function TimelineItem({ entry }: { entry: TimelineEntry }) {
  const { t } = useTranslation();
  const lang = useLang();
  const text = useEntryText();
  const when = new Date(entry.at).toLocaleString(lang === 'vi' ? 'vi-VN' : 'en-GB', {
    timeZone: 'Asia/Ho_Chi_Minh',
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const showsWho = entry.kind === 'desk' || entry.kind === 'payout';
  return (
    <li className={`desk-timeline-item desk-timeline-${entry.kind}`}>
      <time dateTime={entry.at}>{when}</time>
      <div>
        <span>{text(entry)}</span>
        {showsWho && entry.by && <span className="desk-muted"> · {entry.by}</span>}
        {entry.note && entry.kind !== 'payout' && entry.kind !== 'assignment' && entry.kind !== 'refund' && (
          <div className="desk-muted">{t('desk_tickets.entry.reason', { reason: entry.note })}</div>
        )}
      </div>
    </li>
  );
}
