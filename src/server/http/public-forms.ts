import { PUBLIC_FORM_LIMIT } from '../../shared/contract/common';
// The public forms' limit per client address and window (special request, partner lead, support callback, quick
// booking and save_pending each count apart): PUBLIC_FORM_LIMIT, or the environment's LEAD_FORM_LIMIT (the browser
// tests' one address), or the module's own option.

export function publicFormLimit(env: NodeJS.ProcessEnv, override?: number): number {
  const envLimit = Math.max(0, Number.parseInt(env.LEAD_FORM_LIMIT ?? '', 10) || 0) || undefined;
  return override ?? envLimit ?? PUBLIC_FORM_LIMIT;
}
