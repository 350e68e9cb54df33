// An address box with place suggestions (spec 2): searches from 2 characters after 700 ms of quiet, a clear
// button, optional extra buttons (add-more, swap), all inside the box. An ARIA 1.2 combobox: arrows move, Enter picks, Escape closes.
// A typed search keyword ("tsn", spec 7 get_exchange_keyword, fetched at the first focus) searches for its place.
// The searching itself (place-lookup.tsx) loads at the first focus, with TanStack Query.
import { Suspense, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaceKind, Suggestion } from '../../../../shared/contract/places';
import { PLACE_QUERY_MIN, PLACE_SEARCH_DEBOUNCE_MS } from '../../../../shared/contract/places-constants';
import { CloseIcon } from '../../../components/ui/icons';
import { lazyPart } from '../../../components/ui/load-error';
import { withMessages } from '../../../lib/i18n';
import { useDebounced } from '../../../lib/use-debounced';
import { useLang } from '../../../lib/use-lang';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration';

/** What the lazy lookup (place-lookup.tsx) reports to the box: the box owns this state and shows it. */
export interface LookupState {
  /** False until the lookup has loaded: the box counts a search as under way meanwhile. */
  ready: boolean;
  data: Suggestion[] | undefined;
  fetching: boolean;
  success: boolean;
}

const LOOKUP_NOT_READY: LookupState = { ready: false, data: undefined, fetching: false, success: false };
const PlaceLookup = lazyPart(withMessages(() => import('./place-lookup').then((module) => ({ default: module.PlaceLookup }))));

/** A suggestion's kind, drawn beside it in the list. */
const PATHS: Record<PlaceKind, string> = {
  airport: 'M2 16l20-6-2-2-7 2-5-6H6l3 7-5 1-2-2H1l1 5z M2 21h20',
  city: 'M3 21V9l6-4v16 M9 21V3l12 6v12 M3 21h18',
  province: 'M3 6l6-3 6 3 6-3v15l-6 3-6-3-6 3z M9 3v15 M15 6v15',
  ward: 'M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12z M12 11a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  station: 'M6 3h12v13H6z M6 11h12 M8 21l2-5 M16 21l-2-5',
  hotel: 'M3 20V6 M3 14h18v6 M21 14v-3a3 3 0 0 0-3-3h-7v6 M7 11a1.5 1.5 0 1 0 0-.1',
  sight: 'M12 3l2.7 5.6 6.3.9-4.5 4.4 1 6.1L12 17l-5.5 3 1-6.1L3 9.5l6.3-.9z',
  place: 'M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12z',
};

function PlaceKindIcon({ kind }: { kind: PlaceKind }) {
  return (
    <svg
      className="suggestion-icon"
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[kind]} />
    </svg>
  );
}

interface Option {
  suggestion: Suggestion;
  child: boolean;
}

function flatten(list: Suggestion[]): Option[] {
  return list.flatMap((suggestion) => [
    { suggestion, child: false },
    ...suggestion.childs.map((child) => ({ suggestion: { ...child, childs: [] }, child: true })),
  ]);
}

interface AddressInputProps {
  label: string;
  placeholder: string;
  value: Suggestion | null;
  onChange(value: Suggestion | null): void;
  /** Buttons shown after the clear button (add-more, swap). */
  actions?: ReactNode;
  invalid?: boolean;
}

export function AddressInput({ label, placeholder, value, onChange, actions, invalid }: AddressInputProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value?.address ?? '');
  const [shownFor, setShownFor] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [session] = useState(() => String(Date.now()));

  // A value set from outside (swap, a stored search) replaces what is typed.
  if (value !== shownFor) {
    setShownFor(value);
    setText(value?.address ?? '');
  }

  const query = useDebounced(text.trim(), PLACE_SEARCH_DEBOUNCE_MS);
  const searching = open && query.length >= PLACE_QUERY_MIN && query !== value?.address;
  const [focused, setFocused] = useState(false);
  useTypedBeforeHydration(inputRef, value?.address ?? '', (typed, hasFocus) => {
    if (typed !== null) setText(typed);
    if (typed !== null || hasFocus) {
      setOpen(true);
      setFocused(true);
    }
  });
  const [results, setResults] = useState<LookupState>(LOOKUP_NOT_READY);
  const options = useMemo(() => flatten(results.data ?? []), [results.data]);
  const waiting =
    open && text.trim().length >= PLACE_QUERY_MIN && (text.trim() !== query || results.fetching || (searching && !results.ready));
  const listOpen = open && searching && (options.length > 0 || (!waiting && results.success));

  const choose = (option: Option) => {
    const chosen = option.suggestion;
    setShownFor(chosen);
    setText(chosen.address);
    setOpen(false);
    setActive(-1);
    onChange(chosen);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && options.length) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
    } else if (event.key === 'Enter' && listOpen && active >= 0) {
      event.preventDefault();
      const option = options[active];
      if (option) choose(option);
    } else if (event.key === 'Escape' && listOpen) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const status =
    !open || text.trim().length < PLACE_QUERY_MIN
      ? ''
      : waiting
        ? t('places.searching')
        : listOpen && options.length === 0
          ? t('places.no_results')
          : listOpen
            ? t('places.results', { count: options.length })
            : '';

  return (
    <div className={`address-field${invalid ? ' invalid' : ''}`}>
      <label htmlFor={`${id}-input`} className="field-label">
        {label}
      </label>
      <div className="address-row">
        <input
          ref={inputRef}
          id={`${id}-input`}
          className="field-input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={listOpen}
          aria-controls={`${id}-list`}
          aria-activedescendant={listOpen && active >= 0 ? `${id}-opt-${active}` : undefined}
          aria-invalid={invalid || undefined}
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
            // Typing over a chosen place un-chooses it; what is typed stays (the reset below is for outside changes).
            if (value) {
              setShownFor(null);
              onChange(null);
            }
          }}
          onFocus={() => {
            setOpen(true);
            setFocused(true);
          }}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={onKeyDown}
        />
        {/* The buttons sit inside the input's box, so every address box is as wide as the form. */}
        <span className="field-icons">
          {text && (
            <button
              type="button"
              className="icon-button field-clear"
              aria-label={t('places.clear', { field: label })}
              onClick={() => {
                setText('');
                onChange(null);
                inputRef.current?.focus();
              }}
            >
              <CloseIcon />
            </button>
          )}
          {actions}
        </span>
      </div>
      <ul id={`${id}-list`} role="listbox" aria-label={label} className="suggestions" hidden={!listOpen}>
        {options.map((option, index) => (
          <li
            key={`${option.suggestion.address_component.place_id}-${index}`}
            id={`${id}-opt-${index}`}
            role="option"
            aria-selected={index === active}
            className={`suggestion${option.child ? ' suggestion-child' : ''}${index === active ? ' active' : ''}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            <PlaceKindIcon kind={option.suggestion.address_component.kind} />
            <span className="suggestion-text">
              <span className="suggestion-name">{option.suggestion.address_component.name}</span>
              <span className="suggestion-address">
                {option.suggestion.address_component.matched_former_name
                  ? t('places.formerly', { name: option.suggestion.address_component.matched_former_name }) + ' · '
                  : ''}
                {option.suggestion.address}
              </span>
            </span>
          </li>
        ))}
        {listOpen && options.length === 0 && (
          <li role="presentation" className="suggestion-empty">
            {t('places.no_results')}
          </li>
        )}
      </ul>
      <span className="visually-hidden" role="status" aria-live="polite">
        {status}
      </span>
      {focused && (
        <Suspense fallback={null}>
          <PlaceLookup query={query} lang={lang} session={session} searching={searching} onChange={setResults} />
        </Suspense>
      )}
    </div>
  );
}
