import { describe, expect, it } from 'vitest';
import { updatedTicketCode } from './use-live-ticket';

describe('updatedTicketCode', () => {
  it('reads the code of a TICKET_UPDATED message', () => {
    expect(updatedTicketCode({ type: 'TICKET_UPDATED', ticket_code: 'vv123' })).toBe('VV123');
  });

  it.each([
    null,
    'TICKET_UPDATED',
    { type: 'SKIP_WAITING' },
    { type: 'TICKET_UPDATED' },
    { type: 'TICKET_UPDATED', ticket_code: 5 },
  ])('ignores %j', (data) => {
    expect(updatedTicketCode(data)).toBeNull();
  });
});
