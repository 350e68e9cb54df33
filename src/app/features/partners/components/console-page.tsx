// The transport partner's console: the staff login, then a header with who is signed in for which
// partner and a logout, the filter tabs (incoming, to serve, done, all) and the tickets of the chosen tab, and a last
// tab with the passengers' quick bookings (spec 2 side menu, handled like a lead).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleMay } from '../../../../shared/contract/partner-roles';
import type { StaffSession } from '../../../../shared/contract/partners';
import { lazyPart } from '../../../components/ui/load-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { partnerCalls } from '../api';
import { CONSOLE_TABS } from '../console-rules';
import { clearPartnerSession, sessionExpired, usePartnerSession } from '../session';
import { AnnounceLine, AnnounceProvider } from './announce';
import { PartnerLoginForm } from './login-form';
import { QuickBookingList } from './quick-booking-list';
import { TicketList } from './ticket-list';
import { TransferDesk } from './transfer-desk';
import '../partner.css';

/** The statements tab, loaded when opened (only the owner and the accountant see it). */
const StatementsTab = lazyPart(() => import('./statements-tab').then((module) => ({ default: module.StatementsTab })));

function ConsoleHeader({ session }: { session: StaffSession }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const logout = () => {
    // The session ends here whatever the server answers (offline included).
    partnerCalls.logout(session.token).catch(() => undefined);
    clearPartnerSession();
    queryClient.removeQueries({ queryKey: ['partner'] });
  };
  return (
    <header className="partner-header">
      <div>
        <h1 id="partner-console-heading">{t('partner.title')}</h1>
        <p className="partner-who">
          <span className="partner-staff">{session.staff.fullname}</span>
          <span className="partner-company">{session.staff.partner_name}</span>
        </p>
      </div>
      <button type="button" className="button" onClick={logout}>
        {t('partner.logout')}
      </button>
    </header>
  );
}

/** The ticket tabs, then the quick bookings, the bank transfers and the statements. */
const PANELS = [...CONSOLE_TABS, 'quick', 'transfers', 'statements'] as const;
type Panel = (typeof PANELS)[number];

/** The tabs a role may use: the statements only for a role holding their permission. */
const panelsOf = (role: string): readonly Panel[] =>
  PANELS.filter((panel) => panel !== 'statements' || roleMay(role, 'statements'));

function ConsoleTabs({ tab, panels, onSelect }: { tab: Panel; panels: readonly Panel[]; onSelect(tab: Panel): void }) {
  const { t } = useTranslation();
  const select = (next: Panel) => {
    onSelect(next);
    document.getElementById(`partner-tab-${next}`)?.focus();
  };
  // The row scrolls sideways on a phone; the chosen tab is always brought into view.
  // Sideways only: the page itself does not move.
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = listRef.current;
    const button = document.getElementById(`partner-tab-${tab}`);
    if (!list || !button) return;
    const start = button.offsetLeft;
    const end = start + button.offsetWidth;
    if (start < list.scrollLeft) list.scrollLeft = start;
    else if (end > list.scrollLeft + list.clientWidth) list.scrollLeft = end - list.clientWidth;
  }, [tab]);
  return (
    <div ref={listRef} role="tablist" className="tabs partner-tabs" aria-label={t('partner.tabs.label')}>
      {panels.map((item, index) => (
        <button
          key={item}
          type="button"
          role="tab"
          id={`partner-tab-${item}`}
          aria-controls="partner-panel"
          aria-selected={tab === item}
          tabIndex={tab === item ? 0 : -1}
          className="tab"
          onClick={() => onSelect(item)}
          onKeyDown={(event) => {
            const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
            if (event.key === 'Home') select(panels[0] ?? 'all');
            else if (event.key === 'End') select(panels[panels.length - 1] ?? 'all');
            else if (step) select(panels[(index + step + panels.length) % panels.length] ?? 'all');
          }}
        >
          {item === 'statements' ? t('partner_statements.tab') : t(`partner.tabs.${item}`)}
        </button>
      ))}
    </div>
  );
}

export function PartnerConsolePage() {
  const { t } = useTranslation();
  const session = usePartnerSession();
  const [tab, setTab] = useState<Panel>('incoming');
  useDocumentTitle(`${t('partner.title')} – Vivu`);
  if (!session) {
    return (
      <div className="page partner-console">
        <PartnerLoginForm notice={sessionExpired() ? t('trips.errors.unauthorized') : null} />
      </div>
    );
  }
  return (
    <AnnounceProvider>
      <section className="page partner-console" aria-labelledby="partner-console-heading">
        <ConsoleHeader session={session} />
        <div className="partner-bar">
          <ConsoleTabs tab={tab} panels={panelsOf(session.staff.role)} onSelect={setTab} />
          <AnnounceLine />
        </div>
        <div id="partner-panel" role="tabpanel" aria-labelledby={`partner-tab-${tab}`}>
          {tab === 'statements' ? (
            <StatementsTab key={session.token} token={session.token} />
          ) : tab === 'transfers' ? (
            <TransferDesk key={session.token} token={session.token} />
          ) : tab === 'quick' ? (
            <QuickBookingList key={session.token} token={session.token} labelId="partner-tab-quick" />
          ) : (
            <TicketList key={`${session.token}-${tab}`} token={session.token} tab={tab} labelId={`partner-tab-${tab}`} />
          )}
        </div>
      </section>
    </AnnounceProvider>
  );
}
