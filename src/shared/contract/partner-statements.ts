// The partner console's statements: a month of the partner's trips with the money of each, by day and in total, and
// what Vivu and the partner owe each other. Money in whole đồng; dates are Vietnam dates (YYYY-MM-DD).
import { successSchema } from './envelope';
import { langSchema } from './lang';
import { yup } from './yup';

export const STATEMENT_PATHS = {
  /** GET (Bearer, permission statements): month=YYYY-MM: the month's days, totals and tickets. */
  month: '/api/agent/statements',
  /** GET (Bearer, permission statements): month=YYYY-MM: the same month as a CSV (UTF-8 with BOM). */
  csv: '/api/agent/statements/csv',
} as const;

export const STATEMENT_ERROR_KEYS = {
  /** 400: month is not a YYYY-MM month between 2000-01 and 2099-12. */
  month: 'partner_statements.errors.month',
} as const;

/** How the money of a ticket reached Vivu or the driver. */
export const STATEMENT_CHANNELS = ['card', 'paypal', 'vietqr', 'credit', 'cash'] as const;
export type StatementChannel = (typeof STATEMENT_CHANNELS)[number];

export const statementRequestSchema = yup.object({
  month: yup
    .string()
    .required({ key: STATEMENT_ERROR_KEYS.month })
    .matches(/^20\d\d-(0[1-9]|1[0-2])$/, { message: { key: STATEMENT_ERROR_KEYS.month } }),
  /** The language of the CSV's titles. */
  lang: langSchema,
});

const money = () => yup.number().integer().required();

/** The figures of a day, or of the month. */
export const statementFiguresSchema = yup.object({
  /** Finished trips. */
  trips: yup.number().integer().min(0).required(),
  /** Cancelled tickets whose money Vivu kept (not all given back). */
  cancelled_paid: yup.number().integer().min(0).required(),
  /** Fares of the finished trips plus the money kept of the cancelled ones. */
  gross: money(),
  /** Vivu's commission: the sum of each ticket's commission. */
  commission: money(),
  /** Collected by Vivu: card, PayPal, VietQR, business credit. */
  online: money(),
  /** Collected by the driver in cash. */
  cash: money(),
  /** Vivu owes the partner: the online money less its commission. */
  vivu_owes: money(),
  /** The partner owes Vivu: the commission on the cash. */
  partner_owes: money(),
  /** vivu_owes − partner_owes: positive, Vivu pays the partner; negative, the partner pays Vivu. */
  net: money(),
});
export type StatementFigures = yup.InferType<typeof statementFiguresSchema>;

export const statementTicketSchema = yup.object({
  code: yup.string().required(),
  /** The trip's Vietnam date, YYYY-MM-DD. */
  date: yup.string().required(),
  /** The trip's Vietnam departure time, HH:mm. */
  time: yup.string().required(),
  /** 'finished' | 'cancelled'. */
  kind: yup
    .string()
    .oneOf(['finished', 'cancelled'] as const)
    .required(),
  channel: yup.string().oneOf(STATEMENT_CHANNELS).required(),
  gross: money(),
  commission: money(),
});
export type StatementTicket = yup.InferType<typeof statementTicketSchema>;

export const statementDaySchema = statementFiguresSchema.shape({ date: yup.string().required() });
export type StatementDay = yup.InferType<typeof statementDaySchema>;

export const statementSchema = yup.object({
  month: yup.string().required(),
  commission_percent: yup.number().min(0).max(100).required(),
  /** The days with at least one ticket, in date order. */
  days: yup.array(statementDaySchema.required()).required(),
  totals: statementFiguresSchema.required(),
  /** Every counted ticket, by date and time. */
  tickets: yup.array(statementTicketSchema.required()).required(),
});
export type Statement = yup.InferType<typeof statementSchema>;
export const statementResponseSchema = successSchema(statementSchema);
