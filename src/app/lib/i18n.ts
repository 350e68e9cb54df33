// i18next with the vi (default) and en message files. The language always follows the path (spec 2);
// the user's choice is also stored so the server can be told which language to answer in.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, type Lang } from '../../shared/domain/route-table';
import en from '../locales/en.json';
import vi from '../locales/vi.json';
import { writeEntry } from './store';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { vi: { translation: vi }, en: { translation: en } },
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  supportedLngs: ['vi', 'en'],
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false,
});

export const LANGUAGE_KEY = 'language';

/** Applies a language to i18next and the document; `remember` also stores it as the user's choice. */
export function applyLanguage(lang: Lang, remember = false): void {
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  if (remember) writeEntry(LANGUAGE_KEY, lang, null);
}
