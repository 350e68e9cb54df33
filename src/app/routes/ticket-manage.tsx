// ticket-manage (/quan-ly-ma-ve, /en/manage-tickets; spec 2, login required): the user's bookings.
import { Navigate } from '@tanstack/react-router';
import { pathFor } from '../../shared/domain/route-table';
import { HistoryPage } from '../features/accounts/components/history-page';
import { useLang } from '../lib/use-lang';
import { useStoredUser } from '../lib/use-stored-user';

export function TicketManageRoute() {
  const user = useStoredUser();
  const lang = useLang();
  // Signed out while on the page (here, in another tab, or a revoked token): leave, as the route guard would.
  if (!user) return <Navigate to={pathFor('home', lang)} replace />;
  return <HistoryPage user={user} />;
}
