// The accounts feature's public face: what other features may use of it (issue 21). Routes may import its files.
export { forgetUserIfUnauthorized } from './auth-data';
