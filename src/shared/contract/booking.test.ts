// spec 5 and 9: a ticket is searched by a code of more than 3 characters with a phone or an e-mail.
import { describe, expect, it } from 'vitest';
import { ticketInfoRequestSchema } from './booking';

describe('ticket search request (spec 9: ticket code more than 3 characters)', () => {
  it('refuses a code of 3 characters or fewer, with the min-length key', () => {
    expect(() => ticketInfoRequestSchema.validateSync({ ticket_code: 'VVA', phone_number: '0912345678' })).toThrow(
      expect.objectContaining({ errors: [expect.objectContaining({ key: 'validation.min_length', params: { min: 4 } })] }),
    );
  });

  it('accepts 4 characters and upper-cases the code', () => {
    expect(ticketInfoRequestSchema.validateSync({ ticket_code: ' vva1 ', phone_number: '0912345678' }).ticket_code).toBe('VVA1');
  });
});
