// The paths of the lead and live calls, apart from their schemas so that first-load code (the place
// search's keywords) can name a path without loading yup; leads.ts re-exports them.

export const LEAD_PATHS = {
  /** POST: the special request form (spec 7 home/add_new_special_request). */
  specialRequest: '/api/home/add_new_special_request',
  /** POST: a business or transport partner's registration (spec 7 home/create_lead_contact_agent). */
  leadContact: '/api/home/create_lead_contact_agent',
  /** GET: lang. The partner landing page's content (spec 7 home/get_posts_agent_landingpage). */
  partnerLandingPosts: '/api/home/get_posts_agent_landingpage',
  /** POST: user[phone], user[note] as JSON {user: {phone, note}} or form-encoded (spec 7 support request). */
  supportRequest: '/api/support/request',
  /** GET: the live booking count (spec 7 notify_new_booking). */
  notifyNewBooking: '/api/passenger/notify_new_booking',
  /** GET: depart_time, ride_method_id. The pickup window a booking with use_range_time accepts. */
  rangeTime: '/api/passenger/get_range_time',
  /** GET: lang. Search keywords and the places they stand for (spec 7 get_exchange_keyword, cached). */
  exchangeKeyword: '/api/passenger/get_exchange_keyword',
  /** POST: the billing form's details before the booking is made (spec 7 save_pending). */
  savePending: '/api/passenger/save_pending',
  /** GET (partner staff Bearer): page, lang. Open quick bookings (save_pending kind 'quick') and the ones taken. */
  staffQuickBookings: '/api/agent/quick_bookings',
  /** POST (partner staff Bearer): id. The partner takes a quick booking; 409 when another partner took it first. */
  staffTakeQuickBooking: '/api/agent/quick_bookings/take',
  /** POST: email, password. A business partner's login (the one sent by e-mail). */
  businessLogin: '/api/business/login',
  /** POST: token. The credit balance and its newest entries. */
  businessCredit: '/api/business/get_credit',
  /** POST: token, amount, lang. A pending top-up and the card gateway's payment URL to send the browser to. */
  businessTopUp: '/api/business/top_up_credit',
  /** POST: token, ref. A top-up's state (the gateway's callback settles it) and the balance. */
  businessTopUpStatus: '/api/business/top_up_status',
  /** POST: token, ticket_code, contact. Pays a postpaid ticket from the credit. */
  businessPayOnCredit: '/api/business/pay_on_credit',
  /** POST (business Bearer, or token in the body): ends that session on the server; the same answer for any token. */
  businessLogout: '/api/business/logout',
} as const;
