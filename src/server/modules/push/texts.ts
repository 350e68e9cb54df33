// The words of each push message, in the ticket's language (vi, en). The title says what happened; the body
// names the ticket.
import type { PushEventType } from '../../../shared/contract/push';
import type { Lang } from '../../../shared/domain/route-table';

type Text = { title: string; body: (code: string) => string };

export const PUSH_TEXTS: Record<Lang, Record<PushEventType, Text>> = {
  vi: {
    partner_accepted: { title: 'Nhà xe đã nhận chuyến', body: (code) => `Vé ${code} đã được nhà xe xác nhận.` },
    partner_refused: {
      title: 'Nhà xe không nhận chuyến',
      body: (code) => `Vé ${code} chưa có nhà xe nhận. Chúng tôi sẽ liên hệ với bạn.`,
    },
    driver_assigned: { title: 'Tài xế đã được phân công', body: (code) => `Xem thông tin tài xế của vé ${code}.` },
    driver_arrived: { title: 'Tài xế đã đến điểm đón', body: (code) => `Tài xế của vé ${code} đang chờ bạn.` },
    trip_started: { title: 'Tài xế đang đến đón bạn', body: (code) => `Tài xế của vé ${code} đã lên đường đến điểm đón.` },
    payment_succeeded: { title: 'Thanh toán thành công', body: (code) => `Vé ${code} đã được thanh toán.` },
    payment_failed: { title: 'Thanh toán không thành công', body: (code) => `Thanh toán vé ${code} chưa thành công.` },
    cancelled: { title: 'Vé đã được hủy', body: (code) => `Vé ${code} đã được hủy.` },
  },
  en: {
    partner_accepted: { title: 'Your ride is confirmed', body: (code) => `The transport company accepted ticket ${code}.` },
    partner_refused: {
      title: 'The transport company declined',
      body: (code) => `No company has taken ticket ${code} yet. We will contact you.`,
    },
    driver_assigned: { title: 'Your driver is assigned', body: (code) => `See the driver of ticket ${code}.` },
    driver_arrived: { title: 'Your driver has arrived', body: (code) => `The driver of ticket ${code} is waiting for you.` },
    trip_started: {
      title: 'Your driver is on the way',
      body: (code) => `The driver of ticket ${code} has set off to the pick-up.`,
    },
    payment_succeeded: { title: 'Payment successful', body: (code) => `Ticket ${code} is paid.` },
    payment_failed: { title: 'Payment failed', body: (code) => `The payment for ticket ${code} did not go through.` },
    cancelled: { title: 'Ticket cancelled', body: (code) => `Ticket ${code} was cancelled.` },
  },
};
