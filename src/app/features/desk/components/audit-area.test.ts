import { describe, expect, it } from 'vitest';
import { changeLines } from './audit-area';

describe('an audit entry’s change', () => {
  it('shows a changed field as before → after, and a field on one side as it is', () => {
    expect(
      changeLines({ before: { email: 'a@vivu.vn', role: 'support' }, after: { email: 'a@vivu.vn', role: 'finance' } }),
    ).toEqual(['email: a@vivu.vn', 'role: support → finance']);
    expect(changeLines({ before: null, after: { reason: 'code_used' } })).toEqual(['reason: code_used']);
    expect(changeLines({ before: null, after: null })).toEqual([]);
  });
});
