// The payments feature's public face: what other features may use of it (issue 21). Routes may import its files.
export { paymentLabelKey } from './payment-label';
export { startPaymentPolling } from './payment-poll';
