// The wire form of a ticket row's parts that the booking module's answers and the tickets module's share (database rows never
// go over the wire as they are): its statuses as the contract's types and its amounts.
import type { NightStatus, TicketAmounts } from '../../shared/contract/booking';
import type { TicketRow } from '../db/schema';

type TransactionStatus = 1 | 2 | 3 | 4 | 99;
type TicketStatus = 1 | 2 | 3 | 4 | 5;

export const asTransactionStatus = (value: number) => value as TransactionStatus;
export const asTicketStatus = (value: number) => value as TicketStatus;
export const asNightStatus = (value: string) => value as NightStatus;

export function amountsOf(row: TicketRow): TicketAmounts {
  return {
    merged: row.merged,
    board_price: row.boardPrice,
    promotion_cost: row.promotionCost,
    member_promotion_cost: row.memberPromotionCost,
    vat_cost: row.vatCost,
    toll_fee: row.tollFee ?? 'NA',
    paypal_fee: row.paypalFee,
    total_cost: row.totalCost,
  };
}
