// The demo partners' owners (seed-partners.ts makes them by application and approval): one per demo transport
// partner, in partner id order, phones 0900000001, 0900000002, …, password PARTNER_DEMO_PASSWORD or 'doitac123'.

export const partnerDemoPassword = (env: NodeJS.ProcessEnv = process.env): string =>
  env.PARTNER_DEMO_PASSWORD?.trim() || 'doitac123';

/** The demo owner's phone of the n-th partner (1-based, by partner id). */
export const partnerDemoPhone = (n: number): string => `09${String(n).padStart(8, '0')}`;
