// A ticket booked with the PayPal method written straight into the database (as the booking module writes it, the
// fee included), with its access key, and the start of its PayPal payment: shared by the PayPal API tests.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { createApp } from '../../../src/server/app';
import type { Db } from '../../../src/server/db/client';
import { tickets } from '../../../src/server/db/schema';
import { PAYMENT_PATHS, paymentStartResponseSchema, TRANSACTION_STATUS } from '../../../src/shared/contract/payments';
import { formatVnDateTime } from '../../../src/shared/domain/vn-time';
import { keyHeader, post } from './booking';
import { keyOf } from './ticket-key';

export interface PaypalTicket {
  id: number;
  code: string;
  key: string;
}

/**
 * A ticket of `partnerId` paid by PayPal (sent as 4), awaiting payment, its code starting with `prefix`; a day booking
 * unless `night` (a night booking waits for its partner: changed to cash, it still awaits, transaction status 1).
 */
export async function insertPaypalTicket(
  db: Db,
  partnerId: number,
  totalCost: number,
  prefix: string,
  night = false,
): Promise<PaypalTicket> {
  const departAt = new Date(Date.now() + 24 * 3600_000);
  const code = `${prefix}${randomBytes(4).toString('hex').toUpperCase()}`;
  const [row] = await db
    .insert(tickets)
    .values({
      code,
      ticketSession: `session-${code}`,
      payMethodId: 4,
      transactionStatusId: TRANSACTION_STATUS.processing,
      partnerId,
      optionId: `${partnerId}:1:1`,
      dimensionId: 1,
      rideMethodId: 1,
      vehicleId: 1,
      departTime: formatVnDateTime(departAt),
      departAt,
      pickAddress: 'Sân bay quốc tế Nội Bài',
      pickComponent: {},
      dropAddress: 'Phường Hoàn Kiếm, Hà Nội',
      fullname: 'John Smith',
      phone: '0912345678',
      merged: totalCost,
      paypalFee: Math.round(totalCost / 21),
      totalCost,
      lang: 'en',
      isNightBooking: night,
      nightStatus: night ? 'pending' : 'none',
    })
    .returning({ id: tickets.id, code: tickets.code });
  if (!row) throw new Error('ticket insert returned no row');
  return { ...row, key: await keyOf(db, row) };
}

/** paypal_request: the approval page PayPal's order sends the payer to, and that order's id. */
export async function startPaypalPayment(
  app: ReturnType<typeof createApp>,
  ticket: PaypalTicket,
): Promise<{ approve: URL; orderId: string }> {
  const res = await post(
    app,
    PAYMENT_PATHS.paypalRequest,
    { ticket_code: ticket.code, url_return: '/en/payment-result', lang: 'en' },
    keyHeader(ticket.key),
  );
  expect(res.status).toBe(200);
  const approve = new URL(paymentStartResponseSchema.validateSync(await res.json()).data.payment_url);
  return { approve, orderId: approve.searchParams.get('token') ?? '' };
}
