// spec 4: the status of a ticket's transaction (its payment), as the API sends it in transaction_status_id. One list
// for the contract's schemas, the server's rules and the app's booking state machine (which reads it without yup).

export const TRANSACTION_STATUS = { processing: 1, success: 2, error: 3, cancel: 4, timeout: 99 } as const;
export type TransactionStatus = (typeof TRANSACTION_STATUS)[keyof typeof TRANSACTION_STATUS];
export const TRANSACTION_STATUSES = [1, 2, 3, 4, 99] as const satisfies readonly TransactionStatus[];
