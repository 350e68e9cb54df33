import { readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HYDRATION_SOURCE, SCREEN_SOURCES } from './screen-sources';

const SCREENS_FILE = 'src/app/routes/screens.ts';
const HOME_PAGE_FILE = 'src/app/features/home/components/home-page.tsx';

/** The specifier `from` imports `source` by. */
function specifier(from: string, source: string): string {
  const path = relative(dirname(from), source.replace(/\.tsx?$/, ''));
  return path.startsWith('.') ? path : `./${path}`;
}

/** The text of a route's entry in SCREENS, with the lazy constant it names (LandingRoute) resolved. */
function screenEntry(route: string): string {
  const text = readFileSync(SCREENS_FILE, 'utf8');
  const key = /^[a-z]+$/.test(route) ? route : `'${route}'`;
  const entry = new RegExp(`\\n  ${key}: ([\\s\\S]*?),\\n  (?:[a-z']|\\})`).exec(text)?.[1] ?? '';
  if (!/^[A-Z]\w+$/.test(entry)) return entry;
  return new RegExp(`const ${entry} = ([\\s\\S]*?);\\n`).exec(text)?.[1] ?? '';
}

describe('SCREEN_SOURCES', () => {
  it.each(Object.entries(SCREEN_SOURCES))('names the module the %s screen is loaded from', (route, source) => {
    if (route === 'home') {
      expect(readFileSync(HOME_PAGE_FILE, 'utf8')).toContain(`import('${specifier(HOME_PAGE_FILE, source as string)}')`);
      return;
    }
    expect(screenEntry(route)).toContain(`import('${specifier(SCREENS_FILE, source as string)}')`);
  });
});

it('names the module src/app/main.tsx hydrates a rendered page with', () => {
  expect(readFileSync('src/app/main.tsx', 'utf8')).toContain(`import('${specifier('src/app/main.tsx', HYDRATION_SOURCE)}')`);
});
