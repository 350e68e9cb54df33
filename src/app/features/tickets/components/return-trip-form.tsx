// The quick booking of the return trip (spec 2, hourly success): pickup and drop swapped, and the return
// pickup time asked for; it opens the price list like the home widget does. Everything it needs is on the device
// (places prefilled from the stored ticket, a local time picker), so it works offline: a search submitted offline
// is kept and sent when the connection returns (features/offline/rebook-outbox.ts).
import { useId, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { Suggestion } from '../../../../shared/contract/places';
import { isFutureDepartTime } from '../../../../shared/domain/depart-time';
import { DepartTimePicker } from '../../../components/ui/depart-time-picker';
import { useLang } from '../../../lib/use-lang';
import { markQueuedThisVisit, queueRebook } from '../../offline';
import { isOnline } from '../../../lib/use-online';
import type { AddressFieldProps } from '../../booking';
import type { TripSubmit } from '../../../../shared/domain/trip-search';

interface Props {
  AddressField: ComponentType<AddressFieldProps>;
  pick: Suggestion | null;
  drop: Suggestion | null;
  chair: number;
  onSearch(search: TripSubmit): void;
  /**
   * The ticket page also offers the same trip again (pick-up and drop-off as booked); switching between
   * the two swaps the addresses and keeps the time.
   */
  offerAgain?: boolean;
}

export function ReturnTripForm({
  AddressField,
  pick: initialPick,
  drop: initialDrop,
  chair,
  onSearch,
  offerAgain = false,
}: Props) {
  const { t } = useTranslation();
  const [again, setAgain] = useState(false);
  const radios = useId();
  const [pick, setPick] = useState(initialPick);
  const [drop, setDrop] = useState(initialDrop);
  const [time, setTime] = useState('');
  const [open, setOpen] = useState(false);
  const [timeOver, setTimeOver] = useState(false);
  const [queued, setQueued] = useState(false);
  const lang = useLang();
  const ready = Boolean(pick && drop && time);
  return (
    // One surface (no card inside the ticket's dialog), fields as wide as the form, the route in full.
    <section className="return-trip" aria-labelledby="return-heading">
      <h2 id="return-heading">{t(again ? 'success.again_title' : 'success.return_title')}</h2>
      {offerAgain && (
        <fieldset className="radio-group rebook-direction">
          <legend className="visually-hidden">{t('success.rebook_which')}</legend>
          {([false, true] as const).map((value) => (
            <label key={String(value)} className="radio-option">
              <input
                type="radio"
                name={radios}
                checked={again === value}
                onChange={() => {
                  if (again === value) return;
                  setAgain(value);
                  setPick(drop);
                  setDrop(pick);
                }}
              />
              <span>{t(value ? 'success.rebook_again' : 'success.rebook_return')}</span>
            </label>
          ))}
        </fieldset>
      )}
      <p>{t(again ? 'success.again_text' : 'success.return_text')}</p>
      {pick && drop && (
        <p className="return-trip-route">
          {pick.address} <span aria-hidden="true">→</span>
          <span className="visually-hidden"> {t('pricing.to')} </span> {drop.address}
        </p>
      )}
      <form
        className="booking-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!pick || !drop) return;
          if (!isFutureDepartTime(time, Date.now())) {
            setTimeOver(true);
            return;
          }
          const search: TripSubmit = {
            type: pick.address_component.kind === 'airport' || drop.address_component.kind === 'airport' ? 1 : 3,
            pick,
            drop,
            time,
            chair,
          };
          if (!isOnline()) {
            markQueuedThisVisit(queueRebook(search, lang, window.location.pathname, again));
            setQueued(true);
            return;
          }
          onSearch(search);
        }}
      >
        <AddressField label={t('booking.pick')} placeholder={t('booking.address_placeholder')} value={pick} onChange={setPick} />
        <AddressField label={t('booking.drop')} placeholder={t('booking.address_placeholder')} value={drop} onChange={setDrop} />
        <DepartTimePicker
          label={t(again ? 'booking.time' : 'success.return_time')}
          value={time}
          onChange={(value) => {
            setTime(value);
            setTimeOver(false);
          }}
          open={open}
          onOpenChange={setOpen}
          invalid={timeOver}
        />
        {timeOver && (
          <p className="field-error" role="alert">
            {t('booking.time_over_text')}
          </p>
        )}
        <button type="submit" className="button button-primary button-block" disabled={!ready}>
          {t(again ? 'success.again_search' : 'success.return_search')}
        </button>
        <div role="status" className="return-trip-queued">
          {queued && <p className="notice">{t(again ? 'offline.again_queued' : 'offline.rebook_queued')}</p>}
        </div>
      </form>
    </section>
  );
}
