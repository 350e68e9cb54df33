// ticket-manage (/quan-ly-ma-ve, /en/manage-tickets; spec 2, login required): the user's bookings.
import { Navigate } from '@tanstack/react-router';
import { HistoryPage } from '../features/accounts/components/history-page';
import { SavedTicketsSection } from '../components/saved-tickets-section';
import { useOnline } from '../lib/use-online';
import { useLang } from '../lib/use-lang';
import { useStoredUser } from '../lib/use-stored-user';

export function TicketManageRoute() {
  const user = useStoredUser();
  const lang = useLang();
  const online = useOnline();
  // Signed out while on the page (here, in another tab, or a revoked token): leave, as the route guard would.
  if (!user) return <Navigate to="/$lang/home" params={{ lang }} replace />;
  return (
    <>
      {/* Offline: the tickets saved on the device first, the server history below as far as it loads. */}
      {!online && <SavedTicketsSection className="page" />}
      <HistoryPage user={user} />
    </>
  );
}
