// The moves a partner may make on a ticket now, from the server's next_states only: accept, refuse (confirmed,
// with an optional reason), assign a driver and car while the trip has not started, then the trip's steps, and a
// failed pickup with its reason. A failure shows on the card and the list is asked again.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffTicket } from '../../../../shared/contract/partners';
import type { TripState } from '../../../../shared/contract/tickets';
import { partnerCalls } from '../api';
import { canAssign, moveOffers, type MoveOffer } from '../console-rules';
import { usePartnerSession } from '../session';
import { useAnnounce } from './announce';
import { AssignDialog } from './assign-dialog';
import { ReasonDialog } from './reason-dialog';
import { ticketChanged, useMoveErrorText, useTicketMove } from './use-ticket-move';

type Open = 'assign' | 'cancelled' | 'pickup_failed' | null;

export function TicketActions({ ticket }: { ticket: StaffTicket }) {
  const { t } = useTranslation();
  const token = usePartnerSession()?.token ?? '';
  const announce = useAnnounce();
  const moveErrorText = useMoveErrorText();
  const [open, setOpen] = useState<Open>(null);
  const code = ticket.ticket_code;
  const move = useTicketMove(
    token,
    ({ to, reason }: { to: TripState; reason: string }) => partnerCalls.transition(token, code, to, reason),
    {
      onSuccess: ({ to }) => {
        setOpen(null);
        announce(t(`partner.moves.done.${to}`, { code }));
      },
      // The refreshed list may take the card out of this tab: the console's status line says it too.
      onError: (error) => {
        if (ticketChanged(error)) announce(`${code}: ${moveErrorText(error)}`);
      },
    },
  );
  const offers = moveOffers(ticket);
  const assignable = canAssign(ticket);
  if (!offers.length && !assignable) return null;

  const run = (to: TripState, reason = '') => move.mutate({ to, reason });
  const noteId = `partner-note-${code}`;
  const needsDriver = (offer: MoveOffer) => offer.needsDriver && !ticket.driver;
  // The one next step stands out: assigning while no driver is on the ticket, else the first forward move.
  const primary = assignable && !ticket.driver ? 'assign' : offers.find((offer) => !offer.danger && !needsDriver(offer))?.to;
  const dialogError = move.isError && (open === 'cancelled' || open === 'pickup_failed') ? moveErrorText(move.error) : null;

  return (
    <div className="partner-actions">
      {move.isError && !open && (
        <div className="notice notice-error" role="alert">
          <p>{moveErrorText(move.error)}</p>
        </div>
      )}
      <div className="partner-action-row">
        {assignable && (
          <button
            type="button"
            className={`button${primary === 'assign' ? ' button-primary' : ''}`}
            onClick={() => setOpen('assign')}
          >
            {ticket.driver ? t('partner.moves.change_driver') : t('partner.moves.assign')}
          </button>
        )}
        {offers.map((offer) => (
          <button
            key={offer.to}
            type="button"
            className={`button${offer.danger ? ' button-danger' : primary === offer.to ? ' button-primary' : ''}`}
            disabled={move.isPending || needsDriver(offer)}
            aria-busy={(move.isPending && move.variables?.to === offer.to) || undefined}
            aria-describedby={needsDriver(offer) ? noteId : undefined}
            onClick={() => {
              move.reset();
              if (offer.kind === 'direct') run(offer.to);
              else setOpen(offer.to === 'cancelled' ? 'cancelled' : 'pickup_failed');
            }}
          >
            {t(`partner.moves.to.${offer.to}`)}
          </button>
        ))}
      </div>
      {offers.some(needsDriver) && (
        <p id={noteId} className="field-hint">
          {t('partner.moves.driver_first')}
        </p>
      )}
      {open === 'cancelled' && (
        <ReasonDialog
          open
          title={t('partner.refuse.title', { code })}
          message={t('partner.refuse.message')}
          confirmLabel={t('partner.moves.to.cancelled')}
          busy={move.isPending}
          error={dialogError}
          onConfirm={(reason) => run('cancelled', reason)}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'pickup_failed' && (
        <ReasonDialog
          open
          title={t('partner.pickup_failed.title', { code })}
          message={t('partner.pickup_failed.message')}
          confirmLabel={t('partner.moves.to.pickup_failed')}
          busy={move.isPending}
          error={dialogError}
          onConfirm={(reason) => run('pickup_failed', reason)}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'assign' && (
        <AssignDialog
          ticket={ticket}
          token={token}
          onClose={() => setOpen(null)}
          onAssigned={(name) => {
            setOpen(null);
            announce(t('partner.assign.done', { code, name }));
          }}
        />
      )}
    </div>
  );
}
