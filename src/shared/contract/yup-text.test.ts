import { describe, expect, it } from 'vitest';
import { isStorableText } from './yup-text';
import { yup } from './yup';

describe('text every layer stores as sent', () => {
  it('refuses a NUL and a lone surrogate, and keeps every other character', () => {
    expect(isStorableText('Nguyễn Văn An 𝕍 👍🏽 \t\n')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\uD800b')).toBe(false);
    expect(isStorableText('\uDC00')).toBe(false);
    expect(isStorableText('x\uD83D')).toBe(false);
    expect(isStorableText('\uD83D\uDC4D')).toBe(true);
  });

  it('is part of every string schema of the contract, with its message key', async () => {
    const schema = yup.object({ name: yup.string().trim().required() });
    await expect(schema.validate({ name: 'An\u0000' })).rejects.toMatchObject({ errors: [{ key: 'validation.text' }] });
    await expect(schema.validate({ name: 'An' })).resolves.toEqual({ name: 'An' });
  });
});
