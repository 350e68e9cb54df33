// i18next with the vi (default) and en message files. The language always follows the path (spec 2);
// the user's choice is also stored so the server can be told which language to answer in. Each language's messages
// are their own chunk, loaded before the first render (src/app/main.tsx) and when the passenger switches (the
// service worker precaches both, so switching works offline too); a page downloads only its own language.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, type Lang } from '../../shared/domain/route-table';
import { writeEntry } from './store';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  supportedLngs: ['vi', 'en'],
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false,
});

export const LANGUAGE_KEY = 'language';

const LOADERS: Record<Lang, () => Promise<Record<string, unknown>>> = {
  vi: () => import('../locales/vi.json').then((module) => module.default),
  en: () => import('../locales/en.json').then((module) => module.default),
};

/** Makes sure a language's messages are loaded. */
export async function loadLanguage(lang: Lang): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  i18n.addResourceBundle(lang, 'translation', await LOADERS[lang](), true, true);
}

/** The language asked for last: a slow load of an earlier one must not win over it. */
let wanted: Lang | null = null;

function show(lang: Lang): void {
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/**
 * Applies a language to i18next and the document (once its messages are loaded; until then the page keeps the
 * language it had); `remember` also stores it as the user's choice.
 */
export function applyLanguage(lang: Lang, remember = false): void {
  wanted = lang;
  if (remember) writeEntry(LANGUAGE_KEY, lang, null);
  if (i18n.hasResourceBundle(lang, 'translation')) {
    show(lang);
    return;
  }
  loadLanguage(lang).then(
    () => {
      if (wanted === lang) show(lang);
    },
    // Without a connection and before the worker cached the chunk: the page stays in the language it has.
    () => {},
  );
}
