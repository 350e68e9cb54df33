// Passwords among the 10,000 most common are refused at sign-up and at every password change (the spec 5
// rule of 6 to 30 characters still applies first). The list is built by scripts/build-common-passwords.mjs.
import list from './data/common-passwords.json';

const COMMON = new Set<string>(list);

/** True when the password, lower-cased, is on the common list. */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
