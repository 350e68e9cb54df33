// business-account: the business partner's credit account, apart from the passenger's account.
import { BusinessAccountPage } from '../features/business/components/account-page';

export function BusinessAccountRoute() {
  return <BusinessAccountPage />;
}
