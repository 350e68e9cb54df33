// One word per thing in each language: "Hủy" spelled one way in every Vietnamese text the passenger reads, and each
// payment method named once (shared/contract/booking's PAY_METHOD_NAMES), never again by a message key or a literal.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAY_METHOD_IDS, PAY_METHOD_NAMES, payMethodName, sentPayMethod } from '../../shared/contract/booking';
import en from './en.json';
import vi from './vi.json';

const root = join(__dirname, '../../..');
const NAMES_FILE = 'src/shared/contract/booking.ts';

function files(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return path.endsWith('places/data') ? [] : files(path);
    return /\.(ts|tsx|json|md)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const texts = [...files('src'), ...files('sw')].map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));

describe('one word per thing', () => {
  it('spells "Hủy" one way in the app, the server messages and the seeded content', () => {
    const found = texts.filter(({ text }) => /[Hh]uỷ/.test(text)).map(({ path }) => path);
    expect(found).toEqual([]);
  });

  it('calls the same trip again by its name in the offline notices, never the return trip', () => {
    const again = ['again_queued', 'again_ready', 'again_dropped'] as const;
    for (const key of again) {
      expect(vi.offline[key]).toContain('đặt lại chuyến này');
      expect(vi.offline[key]).not.toMatch(/chuyến về/);
      expect(en.offline[key]).toContain('the same trip again');
      expect(en.offline[key]).not.toMatch(/return trip/i);
    }
    expect(vi.offline.rebook_queued).toMatch(/chuyến về/);
  });

  it('names every stored payment method in vi and en, each name once', () => {
    const stored = [...new Set(PAY_METHOD_IDS.map(sentPayMethod))];
    for (const id of stored) {
      expect(payMethodName(id, 'vi')).not.toBe(String(id));
      expect(payMethodName(id, 'en')).not.toBe(String(id));
    }
    for (const lang of ['vi', 'en'] as const) {
      const names = Object.values(PAY_METHOD_NAMES).map((names) => names[lang]);
      expect(new Set(names).size).toBe(names.length);
    }
    expect(payMethodName(99, 'en')).toBe(payMethodName(4, 'en'));
  });

  it('has no second name of a payment method in the message files or the code', () => {
    for (const tree of [vi, en]) {
      expect(keys(tree).filter((key) => /(^|\.)(pay_)?methods\.\d+$/.test(key))).toEqual([]);
    }
    const names = Object.values(PAY_METHOD_NAMES)
      .flatMap((names) => [names.vi, names.en])
      .filter((name) => name !== 'PayPal');
    const elsewhere = texts
      .filter(({ path }) => relative(root, join(root, path)) !== NAMES_FILE)
      .flatMap(({ path, text }) => names.filter((name) => text.includes(name)).map((name) => `${path}: ${name}`));
    expect(elsewhere).toEqual([]);
  });
});
