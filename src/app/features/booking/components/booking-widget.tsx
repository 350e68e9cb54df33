// The home booking widget (spec 2): tabs Airport (1), Hourly (2), Inter-province (3). Airport and
// inter-province share one form; the hourly tab has its own. The search goes into the price-list URL.
import { lazy, Suspense, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Suggestion } from '../../../../shared/contract/places';
import { defaultDepartAt, isFutureDepartTime } from '../../../../shared/domain/depart-time';
import {
  BOOKING_TYPE,
  DEFAULT_HOURLY_DURATION,
  HOURLY_DURATIONS,
  type BookingType,
  type HourlySubmit,
  type TripSubmit,
} from '../../../../shared/domain/trip-search';
import { formatVnDateTime, parseVnDateTime } from '../../../../shared/domain/vn-time';
import type { LeadService } from '../../../../shared/domain/lead-time';
import { DurationPicker } from '../../../components/ui/duration-picker';
import { MinusIcon, PlusIcon, SwapIcon } from '../../../components/ui/icons';
import { PassengerPicker } from '../../../components/ui/passenger-picker';
import { DepartTimePicker } from '../../../components/ui/depart-time-picker';
import { passengerLimit, systemValue } from '../../../../shared/domain/system-config';
import { useSystemConfig } from '../../../lib/config-store';
import { readEntry, SEARCH_DRAFT_KEY, writeEntry } from '../../../lib/store-keys';
import { useHydrating } from '../../../lib/use-hydrating';
import { useDepartTimeWatch } from '../use-depart-time-watch';
import { lazyPart } from '../../../components/ui/load-error';
import { withMessages } from '../../../lib/i18n';

/** Shown only once a chosen time has passed: its own chunk, outside the home page's first load. */
const TimeOverDialog = lazy(() => import('./time-over-dialog'));
/** Shown only once a search was refused for its lead time: its own chunk, with the lazy screens' messages. */
const LeadTimeError = lazyPart(
  withMessages(() => import('./lead-time-error').then((module) => ({ default: module.LeadTimeError }))),
);

// The local store's keys this file owns, in the registry of lib/store-keys.ts.
declare module '../../../lib/store-keys' {
  interface StoreKeys {
    'search-draft': Draft;
    'booking-type': number;
  }
}

export interface AddressFieldProps {
  label: string;
  placeholder: string;
  value: Suggestion | null;
  onChange(value: Suggestion | null): void;
  actions?: ReactNode;
}

interface Draft {
  tab: BookingType;
  pick: Suggestion | null;
  drop: Suggestion | null;
  more: { place: Suggestion | null; kind: 'pick' | 'drop' } | null;
  time: string;
  chair: number;
  hourlyPick: Suggestion | null;
  duration: number;
  /** The passenger chose the time (the picker, a page's prefill); else it is the default and follows the clock. */
  timePicked?: boolean;
}

export const BOOKING_TYPE_KEY = 'booking-type';

/**
 * What a page shows in the widget over the visitor's stored search (a landing page's route). Nothing is stored
 * until the visitor changes something or searches; then the whole form, prefill included, becomes the stored search.
 */
export type WidgetInitialValues = Partial<Pick<Draft, 'tab' | 'pick' | 'drop' | 'more' | 'time' | 'chair'>>;

/** `seats`: spec 9 default_seats from the configuration (1), for a search not stored before. */
function initialDraft(initialValues: WidgetInitialValues | undefined, seats: number, onServer: boolean): Draft {
  const stored = onServer ? null : readEntry(SEARCH_DRAFT_KEY);
  const time = onServer ? '' : formatVnDateTime(defaultDepartAt(Date.now()));
  const base: Draft = {
    tab: BOOKING_TYPE.airport,
    pick: null,
    drop: null,
    more: null,
    time,
    chair: seats,
    hourlyPick: null,
    duration: DEFAULT_HOURLY_DURATION,
  };
  // A stored time that has passed is replaced by the next free slot.
  const storedFuture = stored !== null && isFutureDepartTime(stored.time, Date.now());
  const draft = stored
    ? { ...base, ...stored, time: storedFuture ? stored.time : time, timePicked: storedFuture && stored.timePicked }
    : base;
  if (!initialValues) return draft;
  const { time: initialTime, ...rest } = initialValues;
  return {
    ...draft,
    ...rest,
    ...(initialTime !== undefined && !onServer && isFutureDepartTime(initialTime, Date.now())
      ? { time: initialTime, timePicked: true }
      : { time: draft.time }),
  };
}

interface Props {
  AddressField: ComponentType<AddressFieldProps>;
  onSearch(search: TripSubmit): void;
  onHourlySearch(search: HourlySubmit): void;
  /** spec 4: a change of places, swap, date, passengers or duration clears the partner choice and cached lists. */
  onSearchChange(): void;
  /** Shown instead of the stored search's values, without storing them (see WidgetInitialValues). */
  initialValues?: WidgetInitialValues;
}

const TABS = [
  { type: BOOKING_TYPE.airport, key: 'airport' },
  { type: BOOKING_TYPE.hourly, key: 'hourly' },
  { type: BOOKING_TYPE.interProvince, key: 'inter_province' },
] as const;

export function BookingWidget({ AddressField, onSearch, onHourlySearch, onSearchChange, initialValues }: Props) {
  const { t } = useTranslation();
  // spec 9 max_passengers from the served config; it may lower the contract's bound of 16, not raise it.
  const system = useSystemConfig();
  const maxPassengers = passengerLimit(system);
  // spec 9 default_seats: a search not stored before starts on it, also when the configuration answers after the
  // widget showed (a first visit); once the visitor changed anything, their draft stands.
  const defaultSeats = Math.min(systemValue(system, 'default_seats'), maxPassengers);
  // The server's HTML (and the render that hydrates it) has no stored search and no time: both follow once
  // hydrated, in the same boxes.
  const hydrating = useHydrating();
  const [draft, setDraftState] = useState(() => initialDraft(initialValues, defaultSeats, hydrating));
  const [seatsChosen, setSeatsChosen] = useState(
    () => initialValues?.chair !== undefined || (!hydrating && readEntry(SEARCH_DRAFT_KEY) !== null),
  );
  const [wasHydrating, setWasHydrating] = useState(hydrating);
  if (wasHydrating && !hydrating) {
    // The render right after hydration: this browser's stored search and clock, once (later renders keep the draft).
    setWasHydrating(false);
    setDraftState(initialDraft(initialValues, defaultSeats, false));
    setSeatsChosen(initialValues?.chair !== undefined || readEntry(SEARCH_DRAFT_KEY) !== null);
  }
  const chair = seatsChosen ? draft.chair : defaultSeats;
  const [timeOver, setTimeOver] = useState(false);
  const [timePickerOpen, setTimePickerOpen] = useState(false);
  // The tab's minimum lead time (a partner's own, or a shared ride's, is checked once they are chosen): the picker
  // offers no sooner slot, the default moves past it, and a sooner time kept from before is refused at the search.
  // (shared/domain/lead-time.ts's rule, written out here: that module stays out of the home page's first load.)
  const leadService: LeadService =
    draft.tab === BOOKING_TYPE.hourly ? 'hourly' : draft.tab === BOOKING_TYPE.interProvince ? 'inter_province' : 'airport';
  const leadMinutes = systemValue(system, `lead_minutes_${leadService}`);
  const [tooSoon, setTooSoon] = useState(false);
  // spec 9 max_extra_addresses (1): at 0 the extra pickup or drop is not offered, and one kept from before is left out.
  const extraAllowed = systemValue(system, 'max_extra_addresses') > 0;
  const more = extraAllowed ? draft.more : null;
  // spec 2: a time that passes while the form is open is told on the next move in it, and marked on the field.
  const form = useRef<HTMLFormElement>(null);
  const departWatch = useDepartTimeWatch(draft.time, form, () => setTimeOver(true), Boolean(draft.timePicked), leadMinutes);

  const setDraft = (change: Partial<Draft>) => {
    setSeatsChosen(true);
    if ('time' in change || 'tab' in change) setTooSoon(false);
    if (Object.keys(change).some((key) => key !== 'tab')) onSearchChange();
    setDraftState((previous) => {
      const next = { ...previous, chair, ...change };
      writeEntry(SEARCH_DRAFT_KEY, next);
      return next;
    });
  };

  const selectTab = (tab: BookingType) => {
    setDraft({ tab });
    // spec 2: choosing the airport or inter-province tab sets the booking type on the user state.
    if (tab !== BOOKING_TYPE.hourly) writeEntry(BOOKING_TYPE_KEY, tab, null);
  };

  const hourly = draft.tab === BOOKING_TYPE.hourly;
  const ready = hourly ? Boolean(draft.hourlyPick) : Boolean(draft.pick && draft.drop && (!more || more.place));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const time = departWatch.check();
    if (time === null) {
      setTimeOver(true);
      return;
    }
    const at = parseVnDateTime(time);
    if (at && at.getTime() < Date.now() + leadMinutes * 60_000) {
      setTooSoon(true);
      return;
    }
    // Initial values a page showed become the stored search once the visitor searches with them.
    if (initialValues) writeEntry(SEARCH_DRAFT_KEY, { ...draft, chair });
    if (hourly) {
      if (draft.hourlyPick) onHourlySearch({ pick: draft.hourlyPick, time, duration: draft.duration });
      return;
    }
    if (!draft.pick || !draft.drop) return;
    onSearch({
      type: draft.tab === BOOKING_TYPE.interProvince ? 3 : 1,
      pick: draft.pick,
      drop: draft.drop,
      more: more?.place ? { place: more.place, kind: more.kind } : undefined,
      time,
      chair,
    });
  };

  const addMore = (kind: 'pick' | 'drop') => (
    <button
      type="button"
      className="icon-button field-action"
      aria-label={t(`booking.add_${kind}`)}
      onClick={() => setDraft({ more: { place: null, kind } })}
    >
      <PlusIcon />
    </button>
  );

  const moreRow = more && (
    <AddressField
      label={t(more.kind === 'pick' ? 'booking.more_pick' : 'booking.more_drop')}
      placeholder={t('booking.address_placeholder')}
      value={more.place}
      onChange={(place) => setDraft({ more: { ...more, place } })}
      actions={
        <button
          type="button"
          className="icon-button field-action"
          aria-label={t('booking.remove_more')}
          onClick={() => setDraft({ more: null })}
        >
          <MinusIcon />
        </button>
      }
    />
  );

  // The spec's message under the time itself (one cell of the pair, also where the pair sits side by side).
  const timePicker = (
    <div>
      <DepartTimePicker
        label={t('booking.time')}
        value={departWatch.time}
        onChange={(time) => setDraft({ time, timePicked: true })}
        open={timePickerOpen}
        onOpenChange={setTimePickerOpen}
        invalid={departWatch.passed || tooSoon}
        leadMinutes={leadMinutes}
        leadService={leadService}
      />
      {departWatch.passed ? (
        <p className="field-error" role="alert">
          {t('booking.time_over_text')}
        </p>
      ) : (
        tooSoon && (
          <Suspense fallback={null}>
            <LeadTimeError service={leadService} minutes={leadMinutes} />
          </Suspense>
        )
      )}
    </div>
  );

  return (
    <section className="booking-widget" aria-label={t('booking.widget_label')}>
      <div role="tablist" className="tabs" aria-label={t('booking.widget_label')}>
        {TABS.map((tab) => (
          <button
            key={tab.type}
            type="button"
            role="tab"
            id={`booking-tab-${tab.type}`}
            aria-controls="booking-panel"
            aria-selected={draft.tab === tab.type}
            tabIndex={draft.tab === tab.type ? 0 : -1}
            className="tab"
            onClick={() => selectTab(tab.type)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              const index = TABS.findIndex((item) => item.type === draft.tab);
              const next = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
              if (next) {
                selectTab(next.type);
                document.getElementById(`booking-tab-${next.type}`)?.focus();
              }
            }}
          >
            {t(`booking.tabs.${tab.key}`)}
          </button>
        ))}
      </div>
      {/* A form may not take the tabpanel role (aria-allowed-role): the panel wraps it. */}
      <div id="booking-panel" role="tabpanel" aria-labelledby={`booking-tab-${draft.tab}`}>
        <form ref={form} className="booking-form" onSubmit={submit} noValidate>
          {hourly ? (
            <>
              <AddressField
                label={t('booking.pick')}
                placeholder={t('booking.address_placeholder')}
                value={draft.hourlyPick}
                onChange={(hourlyPick) => setDraft({ hourlyPick })}
              />
              <div className="field-pair">
                {timePicker}
                <DurationPicker
                  label={t('booking.duration')}
                  value={draft.duration}
                  options={HOURLY_DURATIONS}
                  onChange={(duration) => setDraft({ duration })}
                />
              </div>
            </>
          ) : (
            <>
              <AddressField
                label={t('booking.pick')}
                placeholder={t(
                  draft.tab === BOOKING_TYPE.airport ? 'booking.airport_placeholder' : 'booking.address_placeholder',
                )}
                value={draft.pick}
                onChange={(pick) => setDraft({ pick })}
                actions={extraAllowed && !more && addMore('pick')}
              />
              {more?.kind === 'pick' && moreRow}
              <AddressField
                label={t('booking.drop')}
                placeholder={t('booking.address_placeholder')}
                value={draft.drop}
                onChange={(drop) => setDraft({ drop })}
                actions={
                  <>
                    {extraAllowed && !more && addMore('drop')}
                    <button
                      type="button"
                      className="icon-button field-action"
                      aria-label={t('booking.swap')}
                      onClick={() => setDraft({ pick: draft.drop, drop: draft.pick })}
                    >
                      <SwapIcon />
                    </button>
                  </>
                }
              />
              {more?.kind === 'drop' && moreRow}
              <div className="field-pair">
                {timePicker}
                <PassengerPicker
                  label={t('booking.passengers')}
                  value={chair}
                  max={maxPassengers}
                  onChange={(chair) => setDraft({ chair })}
                />
              </div>
            </>
          )}
          {/* Not disabled for a time that passed: a click says so (the dialog) instead of a grey button saying nothing. */}
          <button type="submit" className="button button-primary button-block" disabled={!ready}>
            {t('booking.search')}
          </button>
        </form>
      </div>
      {timeOver && (
        <Suspense fallback={null}>
          <TimeOverDialog
            onClose={() => setTimeOver(false)}
            onRepick={() => {
              setTimeOver(false);
              setTimePickerOpen(true);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
