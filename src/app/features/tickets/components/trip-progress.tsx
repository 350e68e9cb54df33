// The trip's progress on the ticket detail: the steps from booking to the end of the trip with the
// current one marked (aria-current="step"), or the booking followed by the final failure (cancelled, pickup failed).
// The current step says what exactly is happening (awaiting payment, picked up, not rated yet…).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TRIP_STEPS, statusLabelKey, stepOf, tripStateOf, type TripStep } from '../trip-steps';
import '../tickets.css';
import type { TicketInfo } from '../../../../shared/contract/tickets';

type Source = Pick<TicketInfo, 'trip_state' | 'status' | 'transaction_status_id' | 'pay_method_id' | 'driver_name'>;

interface StepProps {
  label: string;
  /** Shown under the label (the current step's exact state). */
  detail?: string;
  /** Read by screen readers only (a passed step). */
  hidden?: string;
  mark: 'done' | 'current' | 'todo' | 'failed';
  current: boolean;
}

function StepItem({ label, detail, hidden, mark, current }: StepProps) {
  return (
    <li className={`trip-step trip-step-${mark}`} aria-current={current ? 'step' : undefined}>
      <span className="trip-step-dot" aria-hidden="true" />
      <span className="trip-step-text">
        <span className="trip-step-label">{label}</span>
        {hidden && <span className="visually-hidden"> ({hidden})</span>}
        {detail && <span className="trip-step-detail">{detail}</span>}
      </span>
    </li>
  );
}

export function TripProgress({ ticket }: { ticket: Source }) {
  const { t } = useTranslation();
  const headingId = useId();
  const state = tripStateOf(ticket);
  const current = stepOf(state);
  // An online payment that failed or ran out says "not paid", as the ticket's status row does.
  const detail = t(state === 'awaiting_payment' ? statusLabelKey(ticket) : `ticket.trip.states.${state}`);
  const stepLabel = (step: TripStep) => t(`ticket.trip.steps.${step}`);
  const done = t('ticket.trip.done');
  const position = current === null ? -1 : TRIP_STEPS.indexOf(current);
  return (
    <section className="trip-progress" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('ticket.trip.title')}</h3>
      {current === null ? (
        <ol>
          <StepItem label={stepLabel('booked')} mark="done" current={false} hidden={done} />
          <StepItem label={detail} mark="failed" current />
        </ol>
      ) : (
        <ol>
          {TRIP_STEPS.map((step, index) => {
            const mark = index < position ? 'done' : index === position ? 'current' : 'todo';
            const isCurrent = index === position;
            // "Completed" with "not rated" / "rated" under it; a step whose label already says it all has no detail.
            return (
              <StepItem
                key={step}
                label={stepLabel(step)}
                detail={isCurrent && detail !== stepLabel(step) ? detail : undefined}
                hidden={mark === 'done' ? done : undefined}
                mark={mark}
                current={isCurrent}
              />
            );
          })}
        </ol>
      )}
    </section>
  );
}
