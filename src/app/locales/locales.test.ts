import { DESK_ERROR_KEYS } from '../../shared/contract/desk';
import { DESK_TICKETS_ERROR_KEYS } from '../../shared/contract/desk-tickets';
import { INBOX_ERROR_KEYS } from '../../shared/contract/desk-inbox';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ERROR_KEYS, ACCOUNT_MESSAGE_KEYS } from '../../shared/contract/accounts';
import { BOOKING_ERROR_KEYS } from '../../shared/contract/booking';
import { CANCEL_ERROR_KEYS, CANCEL_MESSAGE_KEYS } from '../../shared/contract/tickets';
import { CONTENT_ERROR_KEYS } from '../../shared/contract/content';
import { ERROR_KEYS } from '../../shared/contract/envelope';
import { LEAD_ERROR_KEYS, LEAD_MESSAGE_KEYS } from '../../shared/contract/leads';
import { PAYMENT_ERROR_KEYS } from '../../shared/contract/payments';
import { PRICING_ERROR_KEYS } from '../../shared/contract/pricing';
import { PUSH_ERROR_KEYS } from '../../shared/contract/push';
import { RATING_ERROR_KEYS } from '../../shared/contract/tickets';
import { PARTNER_ERROR_KEYS } from '../../shared/contract/partners';
import { yup } from '../../shared/contract/yup';
import en from './en.json';
import vi from './vi.json';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function has(tree: object, key: string): boolean {
  return typeof key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree) === 'string';
}

describe('message files', () => {
  it('vi and en have the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(vi).sort());
  });

  it('have every error key the server sends', () => {
    for (const key of [
      ERROR_KEYS,
      BOOKING_ERROR_KEYS,
      PAYMENT_ERROR_KEYS,
      PRICING_ERROR_KEYS,
      ACCOUNT_ERROR_KEYS,
      ACCOUNT_MESSAGE_KEYS,
      CANCEL_ERROR_KEYS,
      CANCEL_MESSAGE_KEYS,
      PARTNER_ERROR_KEYS,
      PUSH_ERROR_KEYS,
      RATING_ERROR_KEYS,
      CONTENT_ERROR_KEYS,
      LEAD_ERROR_KEYS,
      LEAD_MESSAGE_KEYS,
      DESK_ERROR_KEYS,
      DESK_TICKETS_ERROR_KEYS,
      INBOX_ERROR_KEYS,
    ].flatMap((keys) => Object.values(keys))) {
      expect(has(vi, key), key).toBe(true);
      expect(has(en, key), key).toBe(true);
    }
  });

  it('have every validation message the contract schemas produce', async () => {
    const schema = yup.object({
      a: yup.string().required(),
      b: yup.string().min(2).max(3).matches(/x/),
      c: yup.string().email(),
      d: yup.string().url(),
      e: yup.number().integer().min(1).max(2),
      f: yup.string().oneOf(['x']),
      g: yup.number(),
      h: yup.string().length(2),
      i: yup.array().min(1).max(1),
    });
    const inputs = [{ b: 'y' }, { b: 'yyyy', c: 'no', d: 'no', e: 1.5, f: 'y', g: 'no', h: 'abc', i: [] }, { e: 9, i: [1, 2] }];
    const messages = new Set<string>();
    for (const input of inputs) {
      await schema.validate(input, { abortEarly: false }).catch((error: yup.ValidationError) => {
        for (const inner of error.inner) messages.add((inner.errors[0] as unknown as { key: string }).key);
      });
    }
    expect(messages.size).toBeGreaterThanOrEqual(12);
    for (const key of messages) {
      expect(has(vi, key), key).toBe(true);
      expect(has(en, key), key).toBe(true);
    }
  });
});
