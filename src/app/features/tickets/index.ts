// The tickets feature's public face: what other features may use of it. Routes may import its files.
export { savedStatusKey } from './status-label';
