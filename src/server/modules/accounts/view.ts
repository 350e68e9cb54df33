// Database rows to contract types: rows never go over the wire.
import type { TransactionItem } from '../../../shared/contract/accounts';
import type { TicketRow } from './repository';

type Kind = TransactionItem['kind'];
type Status = TransactionItem['status'];
type TransactionStatus = TransactionItem['transaction_status_id'];

export function transactionItem(row: TicketRow): TransactionItem {
  return {
    code: row.code,
    kind: row.kind as Kind,
    status: row.status as Status,
    transaction_status_id: row.transactionStatusId as TransactionStatus,
    pay_method_id: row.payMethodId,
    fullname: row.fullname,
    phone: row.phone,
    pick_address: row.pickAddress,
    drop_address: row.dropAddress,
    depart_time: row.departTime,
    vehicle_id: row.vehicleId,
    duration: row.duration,
    total_cost: row.totalCost,
    created_at: row.createdAt.toISOString(),
  };
}
