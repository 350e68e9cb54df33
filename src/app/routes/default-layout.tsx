import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineBanner } from '../features/offline/offline-banner';
import { readQueuedRebook } from '../features/offline/rebook-outbox';
import { withMessages } from '../lib/i18n';
import { useOnline } from '../lib/use-online';
import { whenIdle } from '../lib/use-when-idle';
import type { StoredUser } from '../lib/session';
import { lazyDialog, lazyPart } from '../components/ui/load-error';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import type { IsAvailable, MenuActions } from '../components/layout/menu-model';

// The side menu is not part of the first paint: its code loads when the browser is idle after it (so a tap opens it
// at once), or at the tap itself if that comes first; it is mounted from its first opening on.
const loadSideMenu = () => import('../components/layout/side-menu').then((module) => ({ default: module.SideMenu }));
const SideMenu = lazyDialog(loadSideMenu);

// The runner of a search queued offline (with TanStack Query) loads only when there is one to send.
const RebookOutbox = lazyPart(
  withMessages(() => import('../features/offline/rebook-runner').then((module) => ({ default: module.RebookOutbox }))),
);

/** Mounts the runner once a queued search meets a connection, and keeps it (its notice outlives the queue). */
function QueuedRebook() {
  const online = useOnline();
  const [wanted, setWanted] = useState(false);
  if (!wanted && online && readQueuedRebook()) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <RebookOutbox />
    </Suspense>
  ) : null;
}

function usePreloadWhenIdle(load: () => Promise<unknown>) {
  useEffect(() => whenIdle(() => void load().catch(() => {})), [load]);
}

interface Props {
  children: ReactNode;
  user: StoredUser | null;
  onLogout: () => void;
  isAvailable: IsAvailable;
  actions?: MenuActions;
  hotline: string;
  hotlineDisplay: string;
  blogUrl: string;
}

/** spec 2: every route sits in this layout (header, side menu, footer). */
export function DefaultLayout({ children, user, onLogout, isAvailable, actions = {}, hotline, hotlineDisplay, blogUrl }: Props) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuMounted, setMenuMounted] = useState(false);
  usePreloadWhenIdle(loadSideMenu);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skip_to_content')}
      </a>
      <Header
        hotline={hotline}
        hotlineDisplay={hotlineDisplay}
        menuOpen={menuOpen}
        onOpenMenu={() => {
          setMenuMounted(true);
          setMenuOpen(true);
        }}
      />
      {menuMounted && (
        <Suspense fallback={null}>
          <SideMenu
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            user={user}
            onLogout={onLogout}
            isAvailable={isAvailable}
            actions={actions}
          />
        </Suspense>
      )}
      <OfflineBanner />
      <QueuedRebook />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer isAvailable={isAvailable} blogUrl={blogUrl} hotline={hotline} hotlineDisplay={hotlineDisplay} />
    </>
  );
}
