// i18next with the vi (default) and en message files. The language always follows the path (spec 2);
// the user's choice is also stored so the server can be told which language to answer in. Each language's messages
// are two chunks of their own (scripts/messages-split.mjs): the core, loaded before the first render
// (src/app/main.tsx), and the sections only lazy code uses (src/app/locales/lazy-sections.json), loaded together
// with the first lazy screen, dialog or home section (withMessages). Once those are wanted, a language switch loads
// both parts before it shows the new language. The service worker precaches every part, so switching works offline
// too; a page downloads only its own language.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, type Lang } from '../../shared/domain/route-table';
import { chunkLoader } from './lazy-load';
import { queryRuntimeReady } from './query-loader';
import { writeEntry } from './store-keys';

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
  // A key missing from the loaded messages is a bug (a lazy section used before withMessages loaded it, a key
  // missing from a file): logged as a console error, which fails the browser tests (tests/e2e/fixtures.ts).
  saveMissing: true,
  // A call with a defaultValue expects that some keys are missing (a server message that may be plain text).
  missingKeyHandler: (_langs, _ns, key, _fallback, _update, options?: { defaultValue?: unknown }) => {
    if (options?.defaultValue === undefined) console.error(`i18n: missing message key ${key}`);
  },
});

export const LANGUAGE_KEY = 'language';

/** The language asked for last: a slow load of an earlier one must not win over it. */
let wanted: Lang | null = null;

type Messages = Record<string, unknown>;
type Part = 'core' | 'more';

const LOADERS: Record<Lang, Record<Part, () => Promise<Messages>>> = {
  vi: {
    core: () => import('virtual:messages/vi-core').then((module) => module.default),
    more: () => import('virtual:messages/vi-more').then((module) => module.default),
  },
  en: {
    core: () => import('virtual:messages/en-core').then((module) => module.default),
    more: () => import('virtual:messages/en-more').then((module) => module.default),
  },
};

/** The parts already added to i18next, and those being loaded (one request each). */
const added = new Set<string>();
const loading = new Map<string, Promise<void>>();

function loadPart(lang: Lang, part: Part): Promise<void> {
  const id = `${lang}/${part}`;
  if (added.has(id)) return Promise.resolve();
  let pending = loading.get(id);
  if (!pending) {
    pending = LOADERS[lang][part]().then(
      (messages) => {
        i18n.addResourceBundle(lang, 'translation', messages, true, true);
        added.add(id);
        loading.delete(id);
      },
      (error: unknown) => {
        loading.delete(id);
        throw error;
      },
    );
    loading.set(id, pending);
  }
  return pending;
}

/** Whether lazy code has asked for the lazy sections: then every language shown needs them too. */
let moreWanted = false;

function isLoaded(lang: Lang): boolean {
  return added.has(`${lang}/core`) && (!moreWanted || added.has(`${lang}/more`));
}

/** Makes sure a language's messages are loaded (with the lazy sections once they are wanted). */
export async function loadLanguage(lang: Lang): Promise<void> {
  await Promise.all([loadPart(lang, 'core'), moreWanted ? loadPart(lang, 'more') : undefined]);
}

/** Loads the lazy sections of the language shown (and of the one being switched to). */
export function loadMoreMessages(): Promise<void> {
  moreWanted = true;
  const langs = new Set<Lang>([i18n.language as Lang, ...(wanted ? [wanted] : [])].filter((lang) => lang in LOADERS));
  return Promise.all([...langs].map((lang) => loadPart(lang, 'more'))).then(() => undefined);
}

/**
 * A lazy module loader that also loads the lazy message sections and the query runtime (TanStack Query
 * and the restored cache, lib/query-loader.ts), for React.lazy and lazyRouteComponent: the screen or dialog renders
 * only once all are there. Either part failing, or both not there within the spec's time, is a
 * ChunkLoadError (lib/lazy-load.ts), shown with a retry by components/ui/load-error.tsx.
 */
export function withMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return chunkLoader(() => Promise.all([load(), loadMoreMessages(), queryRuntimeReady()]).then(([module]) => module));
}

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
  if (isLoaded(lang)) {
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
