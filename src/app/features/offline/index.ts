// The offline feature's public face: what other features may use of it (issue 21). Routes may import its files.
export { queueRebook } from './rebook-outbox';
export { markQueuedThisVisit } from './rebook-runner';
export { SavedTicketsSection } from './saved-tickets-section';
