// business-partners, transport-partners and become-partner (spec 1, 2): the partner landing pages and the lead form
// (features/content-pages).
import { BecomePartnerPage } from '../features/content-pages/become-partner';
import { PartnerLanding } from '../features/content-pages/partner-landing';

export const BusinessPartnersRoute = () => <PartnerLanding type="business" />;
export const TransportPartnersRoute = () => <PartnerLanding type="transport" />;
export const BecomePartnerRoute = BecomePartnerPage;
