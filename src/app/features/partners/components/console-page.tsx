// The transport partner's console: the staff login, then a header with who is signed in for which
// partner and a logout, the filter tabs (incoming, to serve, done, all) and the tickets of the chosen tab, and a last
// tab with the passengers' quick bookings (spec 2 side menu, handled like a lead), the bank transfers, the fleet, the
// fares, the statements and the owner's staff. Only the tabs the signed-in role may use are shown (roleMay); the server refuses the rest anyway.
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffSession } from '../../../../shared/contract/partners';
import { roleMay, type PartnerPermission } from '../../../../shared/contract/partner-roles';
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

/** The ticket tabs, then the quick bookings, the bank transfers, the fleet, the fares, the statements and the staff. */
const PANELS = [...CONSOLE_TABS, 'quick', 'transfers', 'fleet', 'fares', 'statements', 'staff'] as const;
type Panel = (typeof PANELS)[number];

/** What each tab needs of the role (the server checks every call; the console leaves out what the role may not use). */
const PANEL_PERMISSION: Record<Panel, PartnerPermission> = {
  ...(Object.fromEntries(CONSOLE_TABS.map((tab) => [tab, 'tickets'])) as Record<(typeof CONSOLE_TABS)[number], 'tickets'>),
  quick: 'tickets',
  transfers: 'transfers',
  fleet: 'fleetRead',
  fares: 'fares',
  statements: 'statements',
  staff: 'staff',
};
export const panelsFor = (role: string): Panel[] => PANELS.filter((panel) => roleMay(role, PANEL_PERMISSION[panel]));
const PANEL_LABELS: Partial<Record<Panel, string>> = {
  staff: 'partner_join.staff.tab',
  fleet: 'partner_fleet.tab',
  statements: 'partner_statements.tab',
};
const panelLabel = (panel: Panel) => PANEL_LABELS[panel] ?? `partner.tabs.${panel}`;

// The fleet, fares, statements and staff tabs load when first opened.
const StaffPanel = lazy(() => import('./staff-panel').then((module) => ({ default: module.StaffPanel })));
const FleetTab = lazy(() => import('./fleet-tab').then((module) => ({ default: module.FleetTab })));
const FaresDesk = lazy(() => import('./fares-desk').then((module) => ({ default: module.FaresDesk })));
const StatementsTab = lazyPart(() => import('./statements-tab').then((module) => ({ default: module.StatementsTab })));

function ConsoleTabs({ panels, tab, onSelect }: { panels: readonly Panel[]; tab: Panel; onSelect(tab: Panel): void }) {
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
            // The keys move between the tabs only: Home and End do not also scroll the page to its top or bottom.
            if (event.key === 'Home' || event.key === 'End' || step) event.preventDefault();
            if (event.key === 'Home') select(panels[0] ?? item);
            else if (event.key === 'End') select(panels[panels.length - 1] ?? item);
            else if (step) select(panels[(index + step + panels.length) % panels.length] ?? item);
          }}
        >
          {t(panelLabel(item))}
        </button>
      ))}
    </div>
  );
}

/** How long a newly chosen tab's list is held at the top while it loads (unless the passenger scrolls first). */
const LIST_SETTLE_MS = 2000;

/**
 * A tab chosen shows its list from the top: the page kept scrolled down from the last tab would start the new list
 * under the sticky bar (the tabs and the status line), its first tickets' buttons behind it. A page not scrolled that
 * far is left where it is. The list is held there while it loads: the browser keeps what is on screen in place as
 * content grows above it (scroll anchoring), and with the footer on screen that carried the page down past the new
 * list again.
 */
function useListFromTop(chosen: Panel | null, bar: RefObject<HTMLElement | null>, panel: RefObject<HTMLElement | null>) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const barElement = bar.current;
    const panelElement = panel.current;
    if (!barElement || !panelElement) return;
    const align = () => {
      const style = getComputedStyle(barElement);
      // Where the bar ends once it sticks (the page scrolled past the end of the console pushes it up and away).
      const stuckBottom = parseFloat(style.top || '0') + barElement.offsetHeight;
      const under = Math.max(barElement.getBoundingClientRect().bottom, stuckBottom) + parseFloat(style.marginBottom || '0');
      const gap = panelElement.getBoundingClientRect().top - under;
      if (gap < 0) window.scrollBy({ top: gap, behavior: 'instant' });
    };
    align();
    const observer = new ResizeObserver(align);
    observer.observe(panelElement);
    const release = () => observer.disconnect();
    const timer = setTimeout(release, LIST_SETTLE_MS);
    const intents = ['wheel', 'touchstart', 'keydown'] as const;
    for (const intent of intents) window.addEventListener(intent, release, { once: true, passive: true });
    return () => {
      release();
      clearTimeout(timer);
      for (const intent of intents) window.removeEventListener(intent, release);
    };
  }, [chosen, bar, panel]);
}

export function PartnerConsolePage() {
  const { t } = useTranslation();
  const session = usePartnerSession();
  const [chosen, setTab] = useState<Panel | null>(null);
  const bar = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useListFromTop(chosen, bar, panel);
  useDocumentTitle(`${t('partner.title')} – Vivu`);
  if (!session) {
    return (
      <div className="page partner-console">
        <PartnerLoginForm notice={sessionExpired() ? t('trips.errors.unauthorized') : null} />
      </div>
    );
  }
  const panels = panelsFor(session.staff.role);
  // The first tab the role may use, unless another one was chosen (and is still the role's).
  const tab = chosen && panels.includes(chosen) ? chosen : (panels[0] ?? 'incoming');
  return (
    <AnnounceProvider>
      <section className="page partner-console" aria-labelledby="partner-console-heading">
        <ConsoleHeader session={session} />
        <div className="partner-bar" ref={bar}>
          <ConsoleTabs panels={panels} tab={tab} onSelect={setTab} />
          <AnnounceLine />
        </div>
        <div id="partner-panel" ref={panel} role="tabpanel" aria-labelledby={`partner-tab-${tab}`}>
          {tab === 'staff' ? (
            <Suspense fallback={<p role="status">{t('partner_join.staff.loading')}</p>}>
              <StaffPanel key={session.token} token={session.token} staffId={session.staff.id} labelId="partner-tab-staff" />
            </Suspense>
          ) : tab === 'fleet' ? (
            <Suspense
              fallback={
                <p className="status-busy" role="status">
                  <span className="spinner" aria-hidden="true" />
                  {t('partner_fleet.loading')}
                </p>
              }
            >
              <FleetTab key={session.token} token={session.token} role={session.staff.role} labelId="partner-tab-fleet" />
            </Suspense>
          ) : tab === 'fares' ? (
            <Suspense fallback={<p role="status">{t('partner_fares.loading')}</p>}>
              <FaresDesk key={session.token} token={session.token} />
            </Suspense>
          ) : tab === 'statements' ? (
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
