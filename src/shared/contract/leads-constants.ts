// The paths of the lead forms, apart from their schemas so that first-load code can name a path without loading
// yup; leads.ts re-exports them.

export const LEAD_PATHS = {
  /** POST: the special request form (spec 7 home/add_new_special_request). */
  specialRequest: '/api/home/add_new_special_request',
  /** POST: a business or transport partner's registration (spec 7 home/create_lead_contact_agent). */
  leadContact: '/api/home/create_lead_contact_agent',
  /** GET: lang. The partner landing page's content (spec 7 home/get_posts_agent_landingpage). */
  partnerLandingPosts: '/api/home/get_posts_agent_landingpage',
} as const;
