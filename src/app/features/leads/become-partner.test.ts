import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { LEAD_ERROR_KEYS, leadContactSchema } from '../../../shared/contract/leads';
import { PROVINCES_ERROR_KEY } from '../../../shared/contract/provinces';
import { validateWith } from '../../components/form/form-errors';
import { initialLeadValues, leadPayload } from './become-partner';

const t = ((key: string) => key) as unknown as TFunction;

describe('the partner lead form', () => {
  it('refuses an empty business registration with the blank message on each required field', async () => {
    const errors = await validateWith(leadContactSchema, { ...initialLeadValues('business'), lang: 'vi' }, t, [
      'fullname',
      'phone',
      'email',
      'company_name',
    ]);
    expect(errors).toEqual({
      fullname: LEAD_ERROR_KEYS.blank,
      phone: LEAD_ERROR_KEYS.blank,
      email: LEAD_ERROR_KEYS.blank,
      company_name: LEAD_ERROR_KEYS.blank,
    });
  });

  it('asks a transport partner for the tax code, e-mail, fleet size and provinces served', async () => {
    const values = {
      ...initialLeadValues('transport'),
      fullname: 'Lê Văn Cường',
      phone: '987654321',
      company_name: 'Nhà xe Cường Phát',
    };
    expect(await validateWith(leadContactSchema, { ...values, lang: 'vi' }, t)).toEqual({
      email: LEAD_ERROR_KEYS.blank,
      tax_code: LEAD_ERROR_KEYS.blank,
      fleet_size: LEAD_ERROR_KEYS.blank,
      provinces: PROVINCES_ERROR_KEY,
    });
    const complete = { ...values, email: 'cuong@nhaxe.vn', tax_code: '0101234567', fleet_size: '12', provinces: ['38'] };
    expect(await validateWith(leadContactSchema, { ...complete, lang: 'vi' }, t)).toEqual({});
    expect(await validateWith(leadContactSchema, { ...complete, provinces: ['35'], lang: 'vi' }, t)).toEqual({
      provinces: PROVINCES_ERROR_KEY,
    });
  });

  it('sends the schema fields only, the fleet size as a number and the provinces only for a transport partner', () => {
    const transport = {
      ...initialLeadValues('transport'),
      fleet_size: ' 12 ',
      provinces: ['01', '38'],
      email: 'a@b.vn',
      tax_code: '0101234567',
    };
    expect(leadPayload(transport, 'vi')).toMatchObject({
      type: 'transport',
      fleet_size: 12,
      provinces: ['01', '38'],
      phone_code: '84',
      lang: 'vi',
    });
    expect(leadPayload(transport, 'vi')).not.toHaveProperty('phone_iso');
    expect(leadPayload({ ...transport, type: 'business' }, 'en')).not.toHaveProperty('fleet_size');
    expect(leadPayload({ ...transport, type: 'business' }, 'en')).not.toHaveProperty('provinces');
    expect(leadPayload({ ...transport, fleet_size: '' }, 'vi')).not.toHaveProperty('fleet_size');
    expect(
      leadContactSchema.isValidSync({ ...leadPayload(transport, 'vi'), fullname: 'A', phone: '987654321', company_name: 'B' }),
    ).toBe(true);
  });
});
