// The places feature's public face: what other features may use of it. Routes may import its files.
export { placeQueries } from './api';
export { AddressInput } from './components/address-input';
