import { Navigate } from '@tanstack/react-router';
import { AccountPage } from '../features/accounts/components/account-page';
import { useLang } from '../lib/use-lang';
import { useStoredUser } from '../lib/use-stored-user';

export function AccountRoute() {
  const user = useStoredUser();
  const lang = useLang();
  // Signed out while on the page (here or in another tab): leave, as the route guard would.
  if (!user) return <Navigate to="/$lang/home" params={{ lang }} replace />;
  return <AccountPage user={user} />;
}
