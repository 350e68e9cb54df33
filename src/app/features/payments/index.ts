// The payments feature's public face: what other features may use of it. Routes may import its files.
export { paymentLabelKey } from './payment-label';
export { startPaymentPolling } from './payment-poll';
