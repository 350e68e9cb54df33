// Country calling-code picker with search (spec 2): a button showing the flag and "+84" that opens a dialog
// listing every country by its name in the user's language.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES, filterCountries, flagOf, type CountryOption } from '../../../shared/domain/country-codes';
import { Dialog } from './dialog';

interface Props {
  /** The selected country's ISO code. */
  iso: string;
  dial: string;
  onChange(country: { iso: string; dial: string }): void;
  label: string;
}

function useCountryOptions(lang: string): CountryOption[] {
  return useMemo(() => {
    const names = new Intl.DisplayNames([lang === 'en' ? 'en' : 'vi'], { type: 'region' });
    return COUNTRY_CODES.map(([iso, dial]) => ({ iso, dial, name: names.of(iso) ?? iso }));
  }, [lang]);
}

export function CountryCodePicker({ iso, dial, onChange, label }: Props) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const options = useCountryOptions(i18n.language);
  const shown = filterCountries(options, query);
  return (
    <>
      <button
        type="button"
        className="field-input country-button"
        aria-haspopup="dialog"
        aria-label={t('picker.country_code', { label, dial })}
        onClick={() => {
          setQuery('');
          setOpen(true);
        }}
      >
        <span aria-hidden="true">{flagOf(iso)}</span> +{dial}
      </button>
      <Dialog open={open} title={t('picker.choose_country')} onClose={() => setOpen(false)} sheet>
        <label className="field-label" htmlFor="country-search">
          {t('picker.search_country')}
        </label>
        <input
          id="country-search"
          className="field-input"
          type="search"
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoFocus
        />
        <p className="visually-hidden" role="status" aria-live="polite">
          {t('picker.countries', { count: shown.length })}
        </p>
        <ul className="country-list">
          {shown.map((option) => (
            <li key={option.iso}>
              <button
                type="button"
                className={`country-option${option.iso === iso ? ' selected' : ''}`}
                aria-pressed={option.iso === iso}
                onClick={() => {
                  onChange({ iso: option.iso, dial: option.dial });
                  setOpen(false);
                }}
              >
                <span aria-hidden="true">{flagOf(option.iso)}</span>
                <span className="country-name">{option.name}</span>
                <span className="country-dial">+{option.dial}</span>
              </button>
            </li>
          ))}
          {shown.length === 0 && <li className="suggestion-empty">{t('picker.no_country')}</li>}
        </ul>
      </Dialog>
    </>
  );
}
