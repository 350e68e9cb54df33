// partner-console: the transport partners' staff console, apart from the passenger's account.
import { PartnerConsolePage } from '../features/partners/components/console-page';

export function PartnerConsoleRoute() {
  return <PartnerConsolePage />;
}
