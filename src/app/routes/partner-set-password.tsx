// partner-set-password: a partner's staff member sets a password from the one-time link, then lands in the console.
import { SetPasswordPage } from '../features/partners/components/set-password-page';

export function PartnerSetPasswordRoute() {
  return <SetPasswordPage />;
}
