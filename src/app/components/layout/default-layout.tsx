import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineBanner } from '../../features/offline/offline-banner';
import { RebookOutbox } from '../../features/offline/rebook-runner';
import type { StoredUser } from '../../lib/session';
import { Footer } from './footer';
import { Header } from './header';
import type { IsAvailable, MenuActions } from './menu-model';
import { SideMenu } from './side-menu';

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
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skip_to_content')}
      </a>
      <Header hotline={hotline} hotlineDisplay={hotlineDisplay} menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} />
      <SideMenu
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        user={user}
        onLogout={onLogout}
        isAvailable={isAvailable}
        actions={actions}
      />
      <OfflineBanner />
      <RebookOutbox />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer isAvailable={isAvailable} blogUrl={blogUrl} hotline={hotline} hotlineDisplay={hotlineDisplay} />
    </>
  );
}
