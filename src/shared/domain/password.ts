// Password rule of spec 5 (6 to 30 characters from letters, digits and !@#$%^&*), shared by the sign-up, reset and
// password-change forms and by the server.

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 30;

/** spec 5: the characters a password may use. */
const PASSWORD_PATTERN = /^[A-Za-z0-9!@#$%^&*]+$/;

/** spec 5, 9: 6 to 30 characters, each a letter, a digit or one of !@#$%^&*. */
export function isValidPassword(text: string): boolean {
  return text.length >= PASSWORD_MIN && text.length <= PASSWORD_MAX && PASSWORD_PATTERN.test(text);
}
