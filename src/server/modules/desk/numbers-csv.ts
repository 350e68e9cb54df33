// One table of the desk's numbers as a CSV: a BOM (so Excel reads the Vietnamese as UTF-8), a header row in the
// member's language, one row per day, partner or service, then the totals row; money in whole đồng without
// separators, so a spreadsheet sums it.
import type { Numbers, NumbersCsvTable, NumbersFigures } from '../../../shared/contract/desk-numbers';

const WORDS = {
  vi: {
    first: { days: 'Ngày', partners: 'Đối tác', services: 'Dịch vụ' },
    figures: ['Lượt đặt', 'Vé đã thanh toán', 'Vé đã hủy', 'Doanh thu (đ)', 'Hoa hồng (đ)'],
    partnerId: 'Mã đối tác',
    totals: 'Tổng cộng',
    services: { airport: 'Sân bay', long_distance: 'Đường dài', shared: 'Đi chung', hourly: 'Thuê xe theo giờ' },
    kinds: {
      special_request: 'Yêu cầu đặc biệt',
      callback: 'Yêu cầu gọi lại',
      complaint: 'Khiếu nại',
      partner_application: 'Đăng ký nhà xe đối tác',
      business_application: 'Đăng ký doanh nghiệp',
      bank_transfer: 'Chuyển khoản không rõ vé',
      ticket_without_driver: 'Vé chưa có tài xế',
      ticket_refused: 'Vé bị nhà xe từ chối',
    },
    answers: [
      'Loại',
      'Nhận',
      'Đã trả lời',
      'Đúng hẹn',
      'Trễ hẹn',
      'Đang chờ',
      'Quá hẹn',
      'Trả lời sau (phút, trung bình)',
      'Chậm nhất (phút)',
    ],
  },
  en: {
    first: { days: 'Date', partners: 'Partner', services: 'Service' },
    figures: ['Bookings', 'Paid tickets', 'Cancelled tickets', 'Revenue (VND)', 'Commission (VND)'],
    partnerId: 'Partner id',
    totals: 'Total',
    services: { airport: 'Airport', long_distance: 'Long distance', shared: 'Shared ride', hourly: 'Hourly hire' },
    kinds: {
      special_request: 'Special request',
      callback: 'Call-back request',
      complaint: 'Complaint',
      partner_application: 'Transport partner application',
      business_application: 'Business application',
      bank_transfer: 'Transfer without a ticket',
      ticket_without_driver: 'Ticket without a driver',
      ticket_refused: 'Ticket refused by its partner',
    },
    answers: [
      'Kind',
      'Received',
      'Answered',
      'Within promise',
      'Late',
      'Waiting',
      'Overdue',
      'First answer (minutes, average)',
      'Slowest (minutes)',
    ],
  },
} as const;

/** A cell as CSV writes it: quoted when it holds a comma, a quote or a line break. */
const cell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

const figures = (row: NumbersFigures) => [row.bookings, row.paid, row.cancelled, row.revenue, row.commission];

export function numbersCsv(numbers: Numbers, table: NumbersCsvTable, lang: 'vi' | 'en'): string {
  const words = WORDS[lang];
  let lines: (string | number)[][];
  if (table === 'answers') {
    // No totals row: the kinds' promises differ, so their answer times do not add up.
    lines = [
      [...words.answers],
      ...numbers.answers.map((row) => [
        words.kinds[row.kind],
        row.received,
        row.answered,
        row.within_promise,
        row.late,
        row.waiting,
        row.overdue,
        row.average_minutes ?? '',
        row.max_minutes ?? '',
      ]),
    ];
  } else if (table === 'partners') {
    lines = [
      [words.first.partners, words.partnerId, ...words.figures],
      ...numbers.partners.map((row) => [row.name, row.partner_id, ...figures(row)]),
      [words.totals, '', ...figures(numbers.totals)],
    ];
  } else if (table === 'services') {
    lines = [
      [words.first.services, ...words.figures],
      ...numbers.services.map((row) => [words.services[row.service], ...figures(row)]),
      [words.totals, ...figures(numbers.totals)],
    ];
  } else {
    lines = [
      [words.first.days, ...words.figures],
      ...numbers.days.map((row) => [row.date, ...figures(row)]),
      [words.totals, ...figures(numbers.totals)],
    ];
  }
  return `\uFEFF${lines.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
}
