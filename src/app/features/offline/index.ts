// The offline feature's public face: what other features may use of it. Routes may import its files.
export { markQueuedThisVisit, queueRebook } from './rebook-outbox';
