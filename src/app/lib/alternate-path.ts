// The per-page alternate path of the language switch (spec 2). The switch normally rewrites the path through the
// route table (params kept); a page whose slug differs between the languages (a blog post, a news item) sets the
// other language's path here once the API has answered it, and the switch prefers it while that page is on screen.
import { useEffect, useSyncExternalStore } from 'react';
import type { Lang } from '../../shared/domain/route-table';

export interface AlternatePaths {
  /** The path of the page that set them: they only count while the location is still that path. */
  pathname: string;
  paths: Partial<Record<Lang, string>>;
}

let current: AlternatePaths | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function setAlternatePaths(value: AlternatePaths | null): void {
  current = value;
  emit();
}

export function getAlternatePaths(): AlternatePaths | null {
  return current;
}

export function subscribeAlternatePaths(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The path a page set for `lang`, when it was set on `pathname`; else null (the route table decides). */
export function alternateFor(value: AlternatePaths | null, pathname: string, lang: Lang): string | null {
  if (!value || trimSlash(value.pathname) !== trimSlash(pathname)) return null;
  return value.paths[lang] ?? null;
}

export function useAlternatePaths(): AlternatePaths | null {
  return useSyncExternalStore(subscribeAlternatePaths, getAlternatePaths, () => null);
}

/**
 * Sets the other language's path of the page on screen (`pathname`) while the component is mounted; `null` paths
 * (no translation, or not loaded yet) leave the route table to decide.
 */
export function usePageAlternate(pathname: string, paths: Partial<Record<Lang, string>> | null): void {
  const key = paths ? JSON.stringify(paths) : '';
  useEffect(() => {
    if (!key) return undefined;
    const value: AlternatePaths = { pathname, paths: JSON.parse(key) as Partial<Record<Lang, string>> };
    setAlternatePaths(value);
    return () => {
      if (getAlternatePaths() === value) setAlternatePaths(null);
    };
  }, [pathname, key]);
}
