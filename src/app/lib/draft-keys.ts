// The local store's keys of the two form drafts, in one place: the booking widget's search (also prefilled by the
// landing pages) and the billing form (whose phone the idle support callback offers). Kept apart from the forms so
// that a reader does not load their code.
export const SEARCH_DRAFT_KEY = 'search-draft';
export const BILLING_DRAFT_KEY = 'billing-draft';
