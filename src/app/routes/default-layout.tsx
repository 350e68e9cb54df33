import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineBanner } from '../features/offline/offline-banner';
import { RebookOutbox } from '../features/offline/rebook-runner';
import type { StoredUser } from '../lib/session';
import { lazyDialog } from '../components/ui/load-error';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import type { IsAvailable, MenuActions } from '../components/layout/menu-model';

// The side menu is not part of the first paint: its code loads when the browser is idle after it (so a tap opens it
// at once), or at the tap itself if that comes first; it is mounted from its first opening on.
const loadSideMenu = () => import('../components/layout/side-menu').then((module) => ({ default: module.SideMenu }));
const SideMenu = lazyDialog(loadSideMenu);

function usePreloadWhenIdle(load: () => Promise<unknown>) {
  useEffect(() => {
    const preload = () => void load().catch(() => {});
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(preload, { timeout: 5000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(preload, 2000);
    return () => clearTimeout(timer);
  }, [load]);
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
      <RebookOutbox />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer isAvailable={isAvailable} blogUrl={blogUrl} hotline={hotline} hotlineDisplay={hotlineDisplay} />
    </>
  );
}
