// business-partners, transport-partners and become-partner (spec 1, 2): the partner landing pages and the lead form
// (features/content).
import { BecomePartnerPage } from '../features/leads/become-partner';
import { PartnerLanding } from '../features/content/partner-landing';
// The lead form is laid out with the content pages' styles (it once sat among them).
import '../features/content/content.css';

export const BusinessPartnersRoute = () => <PartnerLanding type="business" />;
export const TransportPartnersRoute = () => <PartnerLanding type="transport" />;
export const BecomePartnerRoute = BecomePartnerPage;
