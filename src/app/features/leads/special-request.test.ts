// The special request form's mapping to the contract: the date and time controls' depart_time, where its message goes,
// and that the contract schema accepts a complete form and refuses an empty one with the blank message.
import { describe, expect, it } from 'vitest';
import { LEAD_ERROR_KEYS, specialRequestSchema } from '../../../shared/contract/leads';
import { toMessageRef } from '../../../shared/contract/yup';
import { EMPTY_SPECIAL_REQUEST, departTimeOf, payloadOf, placeDepartError } from './special-request';

describe('special request form', () => {
  it('makes "HH:mm d/M/yyyy" from the date and time controls, or "" while one is empty', () => {
    expect(departTimeOf('2099-03-07', '08:30')).toBe('08:30 7/3/2099');
    expect(departTimeOf('2099-12-25', '23:45')).toBe('23:45 25/12/2099');
    expect(departTimeOf('', '08:30')).toBe('');
    expect(departTimeOf('2099-03-07', '')).toBe('');
  });

  it('puts the depart time message on the empty control, or on the date when both are filled', () => {
    const empty = placeDepartError({ depart_time: 'blank', fullname: 'x' }, EMPTY_SPECIAL_REQUEST);
    expect(empty).toEqual({ date: 'blank', time: 'blank', fullname: 'x' });
    const filled = placeDepartError({ depart_time: 'invalid' }, { ...EMPTY_SPECIAL_REQUEST, date: '2000-01-01', time: '08:00' });
    expect(filled).toEqual({ date: 'invalid' });
    expect(placeDepartError({ email: 'e' }, EMPTY_SPECIAL_REQUEST)).toEqual({ email: 'e' });
  });

  it('a complete form is a valid request; an empty one is refused field by field as blank', async () => {
    const complete = payloadOf(
      {
        ...EMPTY_SPECIAL_REQUEST,
        fullname: 'Trần Thị Bình',
        phone: '912345678',
        email: 'binh@example.com',
        pick_address: 'Sân bay Nội Bài',
        drop_address: 'Hạ Long',
        date: '2099-03-07',
        time: '08:30',
        days: '3',
        seats: 29,
      },
      'vi',
    );
    await expect(specialRequestSchema.validate(complete)).resolves.toMatchObject({ days: 3, seats: 29, vehicle_count: 1 });
    const refused = await specialRequestSchema
      .validate(payloadOf(EMPTY_SPECIAL_REQUEST, 'vi'), { abortEarly: false })
      .catch((e: unknown) => e);
    const inner = (refused as { inner: Array<{ path?: string; errors: unknown[] }> }).inner;
    const blank = new Set(inner.filter((e) => toMessageRef(e.errors[0]).key === LEAD_ERROR_KEYS.blank).map((e) => e.path));
    for (const field of ['fullname', 'phone', 'email', 'pick_address', 'drop_address', 'depart_time', 'days', 'seats']) {
      expect(blank.has(field), field).toBe(true);
    }
  });
});
