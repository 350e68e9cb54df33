// The recaptcha check of spec 7 ("a recaptcha service: render with site key, an action name") on the server side:
// the token a browser got for an action is verified before a ticket is created or an account is registered. The
// service is on only when an operator configures it (RECAPTCHA_SECRET, and the site key the browser uses).

export type RecaptchaRefusal = 'missing' | 'invalid' | 'action' | 'score';

export type RecaptchaVerdict =
  | { ok: true; score: number | null }
  | { ok: false; reason: RecaptchaRefusal; score?: number | null }
  /** The service did not answer (timeout, network, 5xx): not the visitor's fault. */
  | { ok: false; reason: 'unavailable'; error: string };

export interface RecaptchaVerifier {
  verify(token: string, action: string, ip: string): Promise<RecaptchaVerdict>;
}
