/** The browser tests' servers: the main one, and one whose night-booking window covers the whole day. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const NIGHT_PORT = E2E_PORT + 1;
