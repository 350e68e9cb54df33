// A partner's statement, computed once for the API, the CSV and the console: each ticket's commission is rounded to
// the đồng on its own (half up), and every total is the sum of the tickets' figures, so the totals equal the sum of
// the CSV's rows exactly. Vivu owes the partner the online money less its commission; the partner owes Vivu the
// commission on the cash its drivers collected.
import type {
  Statement,
  StatementChannel,
  StatementDay,
  StatementFigures,
  StatementTicket,
} from '../contract/partner-statements';
import { vnDate, vnParts } from './vn-time';

export interface StatementEntry {
  code: string;
  departAt: Date;
  kind: 'finished' | 'cancelled';
  channel: StatementChannel;
  /** The fare of a finished trip, or the money kept of a cancelled one; whole đồng, never negative. */
  gross: number;
}

/** One ticket's commission: percent of its gross, rounded half up to the đồng. */
export function ticketCommission(gross: number, percent: number): number {
  return Math.floor((gross * percent + 50) / 100);
}

/** The first instant of the month (YYYY-MM, Vietnam time) and the first of the next. */
export function statementMonthRange(month: string): { from: Date; to: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return { from: vnDate(year, monthNumber - 1, 1), to: vnDate(year, monthNumber, 1) };
}

const pad = (value: number) => String(value).padStart(2, '0');

function emptyFigures(): StatementFigures {
  return { trips: 0, cancelled_paid: 0, gross: 0, commission: 0, online: 0, cash: 0, vivu_owes: 0, partner_owes: 0, net: 0 };
}

function add(figures: StatementFigures, ticket: StatementTicket): void {
  if (ticket.kind === 'finished') figures.trips += 1;
  else figures.cancelled_paid += 1;
  figures.gross += ticket.gross;
  figures.commission += ticket.commission;
  if (ticket.channel === 'cash') {
    figures.cash += ticket.gross;
    figures.partner_owes += ticket.commission;
  } else {
    figures.online += ticket.gross;
    figures.vivu_owes += ticket.gross - ticket.commission;
  }
  figures.net = figures.vivu_owes - figures.partner_owes;
}

/** The month's statement of these tickets (already those of one partner and month) at this commission percent. */
export function buildStatement(month: string, percent: number, entries: readonly StatementEntry[]): Statement {
  const tickets: StatementTicket[] = [...entries]
    .sort((a, b) => a.departAt.getTime() - b.departAt.getTime() || a.code.localeCompare(b.code))
    .map((entry) => {
      const parts = vnParts(entry.departAt);
      return {
        code: entry.code,
        date: `${parts.year}-${pad(parts.month + 1)}-${pad(parts.day)}`,
        time: `${pad(parts.hour)}:${pad(parts.minute)}`,
        kind: entry.kind,
        channel: entry.channel,
        gross: entry.gross,
        commission: ticketCommission(entry.gross, percent),
      };
    });
  const totals = emptyFigures();
  const days = new Map<string, StatementDay>();
  for (const ticket of tickets) {
    let day = days.get(ticket.date);
    if (!day) days.set(ticket.date, (day = { date: ticket.date, ...emptyFigures() }));
    add(day, ticket);
    add(totals, ticket);
  }
  return { month, commission_percent: percent, days: [...days.values()], totals, tickets };
}

/** The CSV's column titles and words, in the staff member's language. */
const CSV_WORDS = {
  vi: {
    header: [
      'Ngày',
      'Giờ',
      'Mã vé',
      'Loại',
      'Thanh toán',
      'Doanh thu',
      'Hoa hồng',
      'Trực tuyến',
      'Tiền mặt',
      'Vivu trả đối tác',
      'Đối tác trả Vivu',
    ],
    totals: 'Tổng cộng',
    kind: { finished: 'Hoàn thành', cancelled: 'Đã hủy (giữ tiền)' },
    channel: { card: 'Thẻ', paypal: 'PayPal', vietqr: 'VietQR', credit: 'Tín dụng doanh nghiệp', cash: 'Tiền mặt' },
  },
  en: {
    header: [
      'Date',
      'Time',
      'Ticket',
      'Kind',
      'Payment',
      'Gross',
      'Commission',
      'Online',
      'Cash',
      'Vivu owes partner',
      'Partner owes Vivu',
    ],
    totals: 'Total',
    kind: { finished: 'Finished', cancelled: 'Cancelled (money kept)' },
    channel: { card: 'Card', paypal: 'PayPal', vietqr: 'VietQR', credit: 'Business credit', cash: 'Cash' },
  },
} as const;

/** A cell as CSV writes it: quoted when it holds a comma, a quote or a line break. */
const cell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The statement as a CSV: a BOM (so Excel reads UTF-8), a header, one row per ticket (its Vietnam date and time), then
 * the totals row; money in whole đồng with no separators, so a spreadsheet sums it.
 */
export function statementCsv(statement: Statement, lang: 'vi' | 'en'): string {
  const words = CSV_WORDS[lang];
  const rows: (string | number)[][] = statement.tickets.map((ticket) => {
    const cash = ticket.channel === 'cash';
    return [
      ticket.date,
      ticket.time,
      ticket.code,
      words.kind[ticket.kind],
      words.channel[ticket.channel],
      ticket.gross,
      ticket.commission,
      cash ? 0 : ticket.gross,
      cash ? ticket.gross : 0,
      cash ? 0 : ticket.gross - ticket.commission,
      cash ? ticket.commission : 0,
    ];
  });
  const t = statement.totals;
  rows.push([words.totals, '', '', '', '', t.gross, t.commission, t.online, t.cash, t.vivu_owes, t.partner_owes]);
  return `\uFEFF${[[...words.header], ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
