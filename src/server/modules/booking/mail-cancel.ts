// The cancellation e-mail: sent to the address the ticket was booked with (if any), in the ticket's language,
// through the mail adapter (SMTP when configured, else the outbox). Sending never delays or undoes the cancellation.
import type { CancelResult } from '../../../shared/contract/cancellation';
import { formatVnd } from '../../../shared/domain/money';
import { formatVnDateTime } from '../../../shared/domain/vn-time';
import type { Mailer } from '../../adapters/messaging/types';
import type { Logger } from '../../http/errors';
import type { TicketRow } from './repository-tickets';

const HOTLINE = '1900 6022';

export function cancellationMail(row: TicketRow, result: CancelResult): { subject: string; text: string } {
  const en = row.lang === 'en';
  const route = row.dropAddress ? `${row.pickAddress} → ${row.dropAddress}` : row.pickAddress;
  const when = formatVnDateTime(new Date(result.cancelled_at));
  const lines = en
    ? [
        `Hello ${row.fullname},`,
        '',
        `Your ticket ${row.code} (${route}, pick-up at ${row.departTimeText}) was cancelled at ${when}.`,
        result.refund_amount > 0 ? `${formatVnd(result.refund_amount)} will be refunded to the card you paid with.` : '',
        result.member_promotion_returned > 0
          ? `${formatVnd(result.member_promotion_returned)} was returned to your member balance.`
          : '',
        `Need help? Call our hotline ${HOTLINE}.`,
        '',
        'Vivu',
      ]
    : [
        `Xin chào ${row.fullname},`,
        '',
        `Vé ${row.code} (${route}, đón lúc ${row.departTimeText}) đã được huỷ lúc ${when}.`,
        result.refund_amount > 0 ? `${formatVnd(result.refund_amount)} sẽ được hoàn về thẻ bạn đã dùng để thanh toán.` : '',
        result.member_promotion_returned > 0
          ? `${formatVnd(result.member_promotion_returned)} đã được hoàn vào số dư thành viên của bạn.`
          : '',
        `Cần hỗ trợ, vui lòng gọi tổng đài ${HOTLINE}.`,
        '',
        'Vivu',
      ];
  return {
    subject: en ? `Ticket ${row.code} cancelled` : `Vé ${row.code} đã được huỷ`,
    text: lines.filter((line, index) => line !== '' || lines[index - 1] !== '').join('\n'),
  };
}

export function cancellationMailer(mailer: Mailer, log: Logger) {
  return async (row: TicketRow, result: CancelResult): Promise<void> => {
    if (!row.email) return;
    const { subject, text } = cancellationMail(row, result);
    // Not awaited: a slow SMTP server must not hold the passenger's answer.
    void mailer.send(row.email, subject, text).catch((error: unknown) => {
      log.error('cancellation e-mail failed', { ticket: row.code, error: String(error) });
    });
  };
}
