// The payments feature's public face: what other features may use of it. Routes may import its files.
export { boardingCodeShown, paymentCalls, paymentLabelKey, paymentQueries } from './api';
export { leaveForGateway, paymentReturnPath, peekGatewayLeft, takeGatewayLeft } from './gateway';
