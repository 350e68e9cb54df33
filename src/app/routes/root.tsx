import { Outlet, createRootRouteWithContext, redirect, useNavigate, useRouterState } from '@tanstack/react-router';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_MESSAGE_KEYS } from '../../shared/contract/accounts-message-constants';
import { langFromPath, matchPath } from '../../shared/domain/route-table';
import { systemValue } from '../../shared/domain/system-config';
import { DefaultLayout } from './default-layout';
import { NotFoundPage } from '../components/layout/not-found-page';
import { lazyDialog, lazyPart } from '../components/ui/load-error';
import type { AuthEntry } from '../features/accounts/auth-flow';
import { useSiteKeys, useSystemConfig } from '../lib/config-store';
import type { RouteContext } from '../lib/route-context';
import { loadQueryRuntime } from '../lib/query-loader';
import { loadTagManager } from '../lib/analytics';
import { applyLanguage, withMessages } from '../lib/i18n';
import { getStoredUser } from '../lib/session';
import { clearUserData, setLocalStoreExpiryDays } from '../lib/store';
import { useStoredUser } from '../lib/use-stored-user';
import { internalPath, publicPathname } from '../lib/route-paths';
import { useRouteSeo } from '../lib/use-seo';
import { useWhenIdle } from '../lib/use-when-idle';
import { LOGIN_REQUIRED } from './login-required';
import { hasScreen } from './screens';

// The dialog (and Formik with it) loads when the passenger opens it, not with the first page.
const SearchTicketDialog = lazyDialog(
  withMessages(() =>
    import('../features/tickets/components/search-ticket-dialog').then((module) => ({ default: module.SearchTicketDialog })),
  ),
);

const QuickBookingDialog = lazyDialog(
  withMessages(() =>
    import('../features/partners/components/quick-booking-dialog').then((module) => ({ default: module.QuickBookingDialog })),
  ),
);

// The idle support offer's timer starts once the browser is idle after the first paint (its idle time is
// minutes); no messages of its own, its dialog loads them when it opens.
const IdleSupport = lazyPart(() =>
  import('../features/support/idle-support').then((module) => ({ default: module.IdleSupport })),
);

const AuthDialogs = lazyDialog(
  withMessages(() => import('../features/accounts/components/auth-dialogs').then((module) => ({ default: module.AuthDialogs }))),
);

/** A short message after sign-in or sign-out, read out by screen readers (the live region is always there). */
function useFlash() {
  const [flash, setFlash] = useState<{ key: string; at: number } | null>(null);
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), 6000);
    return () => clearTimeout(timer);
  }, [flash]);
  return [flash?.key ?? null, (key: string) => setFlash({ key, at: Date.now() })] as const;
}

function RootLayout() {
  const keys = useSiteKeys();
  const user = useStoredUser();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => publicPathname(state.location) });
  const signInFor = useRouterState({ select: (state) => state.location.state.signInFor });
  const [searching, setSearching] = useState(false);
  const [quickBooking, setQuickBooking] = useState(false);
  const [authEntry, setAuthEntry] = useState<AuthEntry | null>(null);
  const [flash, showFlash] = useFlash();
  const { t } = useTranslation();
  const system = useSystemConfig();
  useRouteSeo(pathname, hasScreen);
  const idle = useWhenIdle();

  useEffect(() => {
    if (keys.gtm_id) loadTagManager(keys.gtm_id);
  }, [keys.gtm_id]);

  // spec 9 local_store_expiry_days: what the device keeps from now on is kept that long.
  const expiryDays = systemValue(system, 'local_store_expiry_days');
  useEffect(() => setLocalStoreExpiryDays(expiryDays), [expiryDays]);

  // A guest sent here from a login-required page (beforeLoad below): the sign-in dialog, saying why.
  const shownAuthEntry = authEntry ?? (signInFor && !user ? 'login' : null);
  /** The way on is done with (signed in, or the dialog closed): Back to this entry must not open it again. */
  const forgetSignInFor = () =>
    navigate({ to: '.', search: true, hash: true, replace: true, state: (previous) => ({ ...previous, signInFor: undefined }) });

  const onLogout = () => {
    // Revoke the token on the server too, but sign out here whatever happens there (offline included).
    if (user) import('../features/accounts/auth-api').then(({ authCalls }) => authCalls.logout(user)).catch(() => undefined);
    clearUserData();
    showFlash(ACCOUNT_MESSAGE_KEYS.loggedOut);
    // The account's queries leave the cache, and the persisted one goes, also when the query runtime had not loaded
    // yet (it loads after the first paint) and clearUserData had no client to clear.
    void loadQueryRuntime().then(
      (runtime) => runtime.clearUserQueries(),
      () => {},
    );
    const match = matchPath(pathname);
    if (match && LOGIN_REQUIRED.has(match.name))
      void navigate({ to: '/$lang/home', params: { lang: match.lang }, replace: true });
  };

  return (
    <DefaultLayout
      user={user}
      onLogout={onLogout}
      isAvailable={hasScreen}
      hotline={keys.hotline}
      hotlineDisplay={keys.hotline_display}
      blogUrl={keys.blog_url}
      actions={{
        searchTicket: () => setSearching(true),
        login: () => setAuthEntry('login'),
        quickBooking: () => setQuickBooking(true),
      }}
    >
      <Outlet />
      {idle && (
        <Suspense fallback={null}>
          <IdleSupport
            pathname={pathname}
            idleMinutes={system.idle_timeout}
            debounceMs={system.idle_debounce_ms}
            userPhone={user?.phone}
          />
        </Suspense>
      )}
      <p className={flash ? 'toast' : 'visually-hidden'} role="status" aria-live="polite">
        {flash ? t(flash) : ''}
      </p>
      {shownAuthEntry && (
        <Suspense fallback={null}>
          <AuthDialogs
            entry={shownAuthEntry}
            requiredFor={signInFor}
            onClose={() => {
              setAuthEntry(null);
              if (signInFor) void forgetSignInFor();
            }}
            onSignedIn={(messageKey) => {
              setAuthEntry(null);
              showFlash(messageKey);
              // On to the page the passenger opened, in place of the home entry that stood in for it.
              if (signInFor) void navigate({ to: internalPath(signInFor, langFromPath(pathname)), replace: true });
            }}
          />
        </Suspense>
      )}
      {quickBooking && (
        <Suspense fallback={null}>
          <QuickBookingDialog
            open={quickBooking}
            onClose={() => setQuickBooking(false)}
            hotline={keys.hotline}
            hotlineDisplay={keys.hotline_display}
            defaultSeats={systemValue(system, 'default_seats')}
          />
        </Suspense>
      )}
      {searching && (
        <Suspense fallback={null}>
          <SearchTicketDialog
            open={searching}
            onClose={() => setSearching(false)}
            onFound={(code, contact) => {
              setSearching(false);
              void navigate({
                to: '/$lang/ticket-detail/$code/$phone',
                params: { lang: langFromPath(pathname), code, phone: contact },
              });
            }}
          />
        </Suspense>
      )}
    </DefaultLayout>
  );
}

function RootNotFound() {
  const keys = useSiteKeys();
  return <NotFoundPage hotlineDisplay={keys.hotline_display} />;
}

export const rootRoute = createRootRouteWithContext<RouteContext>()({
  beforeLoad: ({ location, preload }) => {
    if (preload) return;
    // spec 2: the language comes from the first path segment.
    const pathname = publicPathname(location);
    applyLanguage(langFromPath(pathname));
    const match = matchPath(pathname);
    if (match && LOGIN_REQUIRED.has(match.name) && !getStoredUser()) {
      // Not a silent redirect: home says why and offers to sign in, then goes on to the page (RootLayout).
      throw redirect({ to: '/$lang/home', params: { lang: match.lang }, replace: true, state: { signInFor: match.name } });
    }
  },
  component: RootLayout,
  notFoundComponent: RootNotFound,
});
