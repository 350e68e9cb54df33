import type { RouteName } from '../../shared/domain/route-table';

/** spec 2: account and ticket-manage need a stored user; a guest gets home with the sign-in dialog over it. */
export const LOGIN_REQUIRED: ReadonlySet<RouteName> = new Set<RouteName>(['account', 'ticket-manage']);

declare module '@tanstack/history' {
  interface HistoryState {
    /**
     * The login-required page a guest opened: the home entry that replaced it carries it (in the history state, not
     * the URL, so a shared home link never opens a dialog), and the root opens sign-in, then goes on to it.
     */
    signInFor?: RouteName;
  }
}
