// Builds the whole server from its dependencies and never listens: main.ts serves it on a port, the API
// tests call app.request() directly.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { FLEET_ERROR_KEYS, FLEET_PATHS, FLEET_PHOTO_MAX_BYTES } from '../shared/contract/partner-fleet';
import { API_BASE, ERROR_KEYS, HUB_BASE } from '../shared/contract/envelope';
import { matchLivePath } from '../shared/domain/live-routes';
import type { Database } from './db/client';
import { fail } from './http/envelope';
import { consoleLogger, handleError, handleNotFound, type Logger } from './http/errors';
import { compressAccepted } from './http/compress';
import { securityHeaders } from './http/security-headers';
import { loadStaticFiles, serveStatic } from './http/static-files';
import { createConfigModule } from './modules/config/module';
import { routerFromEnv } from './adapters/router/osrm';
import { createPricingModule, createTransportPartner, partnerNames, setPartnerScores } from './modules/pricing/module';
import { createGazetteerGeocoder } from './adapters/geocoder/gazetteer';
import { defaultPlaceSearch } from './modules/places/gazetteer';
import { createPlacesModule } from './modules/places/module';
import { createContentModule } from './modules/content/module';
import { createSeoContent } from './http/seo-content';
import { seoShell } from './http/seo-head';
import { partLinks, withRenderedPage, type PageRenderer } from './http/page-render';
import { styleInliner } from './http/inline-styles';
import { sitemapRoutes } from './http/sitemap';
import { createBookingModule, createQuickBookingDesk } from './modules/booking/module';
import { createTicketsAccess, createTicketsModule } from './modules/tickets/module';
import {
  cancelledOnline,
  numbersGroups,
  statementTickets,
  ticketById,
  ticketRefusalById,
  ticketRefusalsAfter,
  ticketsPickingUpUnstarted,
} from './modules/tickets/service';
import { createPaymentGateways, createPaymentsModule, describeGateways } from './modules/payments/module';
import { createRefunds, createStatementPayments, createTicketAttempts, createTransfers } from './modules/payments/module';
import { createRefundDesk } from './modules/payments/module';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messagingFromEnv } from './adapters/messaging/messaging';
import type { Messaging } from './adapters/messaging/types';
import { createAccountsModule, returnMemberPromotion } from './modules/accounts/module';
import { createLeadsModule, partnerApplications } from './modules/leads/module';
import { createBusinessModule, createTicketCredit } from './modules/business/module';
import { createSupportModule } from './modules/support/module';
import { createPartnersModule, createTripCrew } from './modules/partners/module';
import { createDeskModule } from './modules/desk/module';
import { numbersRoutes } from './modules/desk/numbers-routes';
import { createNumbersService } from './modules/desk/numbers-service';
import { createInboxModule } from './modules/inbox/module';
import { createPushModule, type PushModuleOptions } from './modules/push/module';
import { createMessagesModule, createTicketMessages } from './modules/messages/module';
import { zaloFromEnv } from './adapters/messaging/zalo';
import { createClientIp } from './http/client-ip';
import { fallbackLinkOrigin, linkOriginOf } from './http/origin';
import { createLoginThrottle, LOGIN_ADDRESS_LIMIT, LOGIN_ADDRESS_WINDOW_SECONDS } from './http/login-throttle';
import { createRateLimiter } from './http/rate-limit';
import { recaptchaFromEnv } from './adapters/recaptcha/google';
import type { RecaptchaVerifier } from './adapters/recaptcha/types';
import { RECAPTCHA_ACTIONS, recaptchaGuard } from './http/recaptcha';
import { systemValue } from '../shared/domain/system-config';
import { mapTilesFromEnv } from './map-tiles';

export interface AppDependencies {
  database: Database;
  log?: Logger;
  /** The built PWA (dist/client); without it the server answers the API only. */
  staticDir?: string;
  /** The pages' server renderer (dist/ssr); with staticDir, public pages are served with their HTML. */
  pageRenderer?: PageRenderer;
  /** Place search: GEOCODER=google uses Google Places when a maps key is configured (default: env GEOCODER). */
  places?: { geocoder?: string; googleBaseUrl?: string };
  /** The booking module's clock (tests move it instead of sleeping through the night flow's delays). */
  now?: () => Date;
  /** DATA_DIR: the messaging outbox lives in DATA_DIR/outbox (default: a new temporary folder, as in tests). */
  dataDir?: string;
  /** SMS and e-mail (default: from the environment, the outbox unless SMS_API_URL is set). */
  messaging?: Messaging;
  /** Web Push: the HTTPS agent for push services (tests trust a local endpoint with it), or another sender. */
  push?: Pick<PushModuleOptions, 'httpsAgent' | 'sender'>;
  /** The recaptcha verifier of bookings and sign-ups (default: from RECAPTCHA_SECRET, none when it is unset). */
  recaptcha?: RecaptchaVerifier | null;
  /** How long the settings are kept between reads (default CONFIG_TTL_MS); tests that change them pass 0. */
  settingsTtlMs?: number;
  /** TRUST_PROXY (http/client-ip.ts): the proxies whose X-Forwarded-For is believed (default: env; none when unset). */
  trustProxy?: string;
  /** The environment the payment gateways are chosen from (default process.env): VNPAY_*, PAYMENT_SANDBOX, NODE_ENV. */
  env?: NodeJS.ProcessEnv;
  /** Per-address limits (default: env LOGIN_ADDRESS_LIMIT, OTP_SMS_PER_ADDRESS, OTP_SMS_PER_DAY, else the modules'). */
  limits?: { loginsPerAddress?: number; smsPerAddress?: number; smsPerDay?: number };
}

/** A positive whole number from the environment, else undefined (the module's default applies). */
function envCount(name: string): number | undefined {
  const value = Number.parseInt(process.env[name] ?? '', 10);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** Request bodies are small forms; anything bigger is refused before it is read. */
export const MAX_BODY_BYTES = 64 * 1024;

function isServicePath(path: string): boolean {
  return [API_BASE, HUB_BASE].some((base) => path === base || path.startsWith(`${base}/`));
}

function serviceRouter() {
  const router = new Hono();
  const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => fail(c, 413, ERROR_KEYS.tooLarge) });
  // A driver's or car's photo is the one body larger than that.
  const limitPhoto = bodyLimit({ maxSize: FLEET_PHOTO_MAX_BYTES, onError: (c) => fail(c, 413, FLEET_ERROR_KEYS.photo) });
  router.use(
    '*',
    // A GET or HEAD has no body; asking for it would build the whole fetch Request.
    (c, next) =>
      c.req.method === 'GET' || c.req.method === 'HEAD'
        ? next()
        : c.req.path === FLEET_PATHS.photo
          ? limitPhoto(c, next)
          : limitBody(c, next),
    compressAccepted(),
    async (c, next) => {
      await next();
      // Personal and changing data must not sit in shared caches unless a route says otherwise (set on the answer's
      // own headers: `c.header()` here would copy the response).
      if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
    },
  );
  return router;
}

export function createApp({
  database,
  log = consoleLogger,
  staticDir,
  pageRenderer,
  places: placesOptions,
  now,
  dataDir,
  messaging,
  push: pushOptions,
  settingsTtlMs,
  recaptcha = recaptchaFromEnv(process.env),
  trustProxy = process.env.TRUST_PROXY,
  limits,
  env = process.env,
}: AppDependencies) {
  const clientIp = createClientIp(trustProxy);
  // Every login (passengers, partner staff, business accounts) shares one back-off table and one counter of
  // tries per client address, all claimed atomically in the database.
  const throttle = createLoginThrottle(database.db);
  const loginAddresses = createRateLimiter(database.db, {
    limit: limits?.loginsPerAddress ?? envCount('LOGIN_ADDRESS_LIMIT') ?? LOGIN_ADDRESS_LIMIT,
    windowSeconds: LOGIN_ADDRESS_WINDOW_SECONDS,
  });
  // MAP_TILE_URL: the passenger's map of the driver on the way (its tiles' host joins the CSP's images).
  const tiles = mapTilesFromEnv(env);
  const config = createConfigModule({ db: database.db, ttlMs: settingsTtlMs, tiles, now });
  const placeSearch = defaultPlaceSearch();
  const places = createPlacesModule({
    db: database.db,
    search: placeSearch,
    gazetteer: createGazetteerGeocoder(placeSearch),
    mode: placesOptions?.geocoder ?? process.env.GEOCODER,
    mapKey: async () => (await config.service.get()).mapKey,
    googleBaseUrl: placesOptions?.googleBaseUrl,
    log,
    airportCacheMinutes: async () => systemValue((await config.service.get()).system, 'airport_suggestion_cache_minutes'),
    keywordCacheMinutes: async () => systemValue((await config.service.get()).system, 'exchange_keyword_cache_minutes'),
  });

  const app = new Hono();
  app.onError(handleError(log));
  app.use(
    '*',
    securityHeaders(
      () => config.service.get(),
      (snapshot) => ({
        tagManager: Boolean(snapshot?.site.gtm_id),
        maps: Boolean(snapshot?.mapKey),
        recaptcha: Boolean(snapshot?.site.recaptcha_site_key),
        tiles: tiles?.origin,
      }),
    ),
  );

  const api = serviceRouter();
  // Liveness for a load balancer, and the ceiling of `npm run bench` (the same middleware as every call, no database).
  api.get('/health', (c) => c.json({ code: 'success', status: 'ok' }));
  api.route('/', config.routes);
  const router = routerFromEnv(process.env, (error) =>
    log.error('osrm route failed, using the estimate', { error: String(error) }),
  );
  // The daily caps count bookings through the tickets module, built further down; only a price list calls it.
  const pricing = createPricingModule({
    db: database.db,
    config: config.service,
    router,
    dayCounts: (partnerIds, from, to) => tickets.service.dayCounts(partnerIds, from, to),
  });
  api.route('/', pricing.routes);
  api.route('/', places.routes);
  // Without a DATA_DIR (tests) the outbox goes to a temporary folder, made when the first message is written.
  let tempDir: string | undefined;
  const outboxDir = dataDir ?? (() => (tempDir ??= mkdtempSync(join(tmpdir(), 'vivu-data-'))));
  const channels = messaging ?? messagingFromEnv(process.env, outboxDir, log);
  // spec 7 recaptcha: before the routes it guards, so that a refused request never reaches them.
  const guard = (action: string) =>
    recaptchaGuard(
      { verifier: recaptcha, siteKey: async () => (await config.service.get()).site.recaptcha_site_key, clientIp, log },
      action,
    );
  for (const [path, action] of RECAPTCHA_ACTIONS) api.use(path.slice(API_BASE.length), guard(action));
  const accounts = createAccountsModule({
    db: database.db,
    secrets: config.secrets,
    sms: channels.sms,
    mailer: channels.mailer,
    now,
    ticketsPerPage: async () => (await config.service.get()).system.tickets_per_page,
    otpTtlSeconds: async () => systemValue((await config.service.get()).system, 'otp_timeout_seconds'),
    throttle,
    loginAddresses,
    clientIp,
    smsLimits: {
      perAddress: limits?.smsPerAddress ?? envCount('OTP_SMS_PER_ADDRESS'),
      perDay: limits?.smsPerDay ?? envCount('OTP_SMS_PER_DAY'),
    },
  });
  api.route('/', accounts.routes);
  const userIdForToken = (token: string | undefined) => accounts.service.userIdForToken(token);
  // One proof of a ticket for every public call on one (its key, its contact or the owner's token), with one
  // counter of ticket lookups per client address. TICKET_LOOKUP_LIMIT raises it (the browser tests' one address).
  const access = createTicketsAccess({
    db: database.db,
    secrets: config.secrets,
    now,
    userIdForToken,
    lookupLimit: envCount('TICKET_LOOKUP_LIMIT'),
  });
  const push = createPushModule({ db: database.db, log, now, clientIp, access, ...pushOptions });
  api.route('/', push.routes);
  // Every message to a passenger (SMS, mail, push) is written by the state change's own transaction and sent
  // after the commit by the dispatcher, which main.ts starts (idle here: tests drain it themselves).
  const messages = createMessagesModule({
    db: database.db,
    messaging: channels,
    push: push.service,
    pushSubscribed: push.service.subscribed,
    log,
    publicUrl: env.PUBLIC_URL,
    fallbackOrigin: fallbackLinkOrigin(env),
    // Zalo's ZNS when ZALO_ACCESS_TOKEN and its templates are set; the SMS (or the outbox) otherwise.
    zalo: zaloFromEnv(env),
    // How long a sender holds the rows it claimed; a row a dead sender held is sent again once this has passed.
    leaseSeconds: envCount('MESSAGE_LEASE_SECONDS'),
  });
  // One set of card gateways: ticket payments and the business credit top-ups share them and their callback routes.
  const gateways = createPaymentGateways(database.db, config.secrets, env);
  // The start-up log says which gateway takes each online method (none: the method is not offered).
  log.info(`payment gateways: ${describeGateways(gateways)}`);
  // The bank transfers desk: the webhook route (payments) and the console's unmatched list (partners).
  const transfers = createTransfers({ db: database.db, log, messages: messages.writer, env, config: config.service });
  log.info(
    `bank transfers: ${transfers.configured ? 'webhook on' : 'no webhook (BANK_WEBHOOK_SECRET unset): confirmed by hand'}`,
  );
  // Each module reads only its own tables: what one needs of another's comes through these, made before the modules.
  // The drivers on tickets and the staff online (partners), the credit a ticket was paid from (business).
  const crew = createTripCrew(database.db);
  const ticketCredit = createTicketCredit(database.db);
  // The tickets module owns the ticket: booking creates tickets through its writer, the night flow changes them
  // through its states, and a cancellation records the refund it owes with the payments module's refunds and gives
  // back the business credit and the member balance it used.
  const tickets = createTicketsModule({
    db: database.db,
    clientIp,
    now,
    access,
    refunds: createRefunds(database.db),
    messages: messages.writer,
    names: (partnerId, vehicleId) => pricing.service.ticketNames(partnerId, vehicleId),
    partners: { names: () => partnerNames(database.db), setScores: setPartnerScores },
    assignedDrivers: crew.assignedDrivers,
    driverPosition: crew.driverPosition,
    forgetDriverPosition: crew.forgetPosition,
    credit: ticketCredit,
    returnMemberPromotion,
    placeAddress: (placeId, lang) => placeSearch.get(placeId, lang)?.address ?? null,
    mapShown: tiles !== null,
  });
  const partners = createPartnersModule({
    db: database.db,
    config: config.service,
    now,
    messages: messages.writer,
    throttle,
    loginAddresses,
    clientIp,
    transfers,
    tickets: tickets.service.partnerDesk,
    paymentAttempts: createTicketAttempts(database.db).latestOf,
    keptOnCredit: ticketCredit.keptOnCredit,
    statementTickets: (partnerId, from, to) => statementTickets(database.db, partnerId, from, to),
    statementPayments: createStatementPayments(database.db),
    quickBookings: createQuickBookingDesk(database.db),
    fares: pricing.fares,
    vehicleTypeNames: () => pricing.service.vehicleNames(),
    vehicleClasses: () => pricing.service.vehicleNames(),
    photoDir: () => join(typeof outboxDir === 'string' ? outboxDir : outboxDir(), 'fleet-photos'),
    activePartners: (ids) => pricing.service.activePartners(ids),
    joining: {
      applications: partnerApplications,
      createPartner: createTransportPartner,
      operatorToken: env.OPERATOR_API_TOKEN,
    },
  });
  api.route('/', partners.routes);
  // The operator desk of Vivu's own staff; its other parts put desk.requireDesk in front of each of their calls.
  const desk = createDeskModule({
    db: database.db,
    now,
    messages: messages.writer,
    throttle,
    loginAddresses,
    clientIp,
    operatorToken: env.OPERATOR_API_TOKEN,
  });
  api.route('/', desk.routes);
  // The desk's numbers: the tickets module counts, the payments module tells the kept money of cancelled tickets.
  const numbers = createNumbersService({
    groups: (from, to, percent) => numbersGroups(database.db, from, to, percent),
    cancelledOnline: (from, to) => cancelledOnline(database.db, from, to),
    payments: createStatementPayments(database.db),
    partnerNames: () => partnerNames(database.db),
    // The inbox is made below; the numbers ask it only when a call comes.
    answerTimes: (range) => inbox.service.answerTimes(range),
    commissionPercent: async () => systemValue((await config.service.get()).system, 'partner_commission_percent'),
    now: now ?? (() => new Date()),
  });
  api.route('/', numbersRoutes(numbers, desk.requireDesk));
  // The desk's tickets area: the tickets module's calls behind the desk's guard, with what it shows and changes of
  // the payments (refunds), messages, partners (the driver) and pricing (who serves a trip) modules.
  api.route(
    '/',
    tickets.deskRoutes({
      requireDesk: desk.requireDesk,
      refunds: createRefundDesk(database.db),
      ticketMessages: createTicketMessages(database.db),
      assignedDrivers: crew.assignedDrivers,
      endAssignment: crew.endAssignment,
      partnerNames: () => partnerNames(database.db),
      servingPartners: (trip) => pricing.service.servingPartners(trip),
    }),
  );
  api.route('/', config.deskRoutes(desk.requireDesk));
  const content = createContentModule({
    db: database.db,
    pricing: pricing.service,
    places: placeSearch,
    config: config.service,
    carsOfTickets: partners.carsOfTickets,
    requireDesk: desk.requireDesk,
    now,
  });
  api.route('/', content.routes);
  const business = createBusinessModule({
    db: database.db,
    mailer: channels.mailer,
    log,
    clientIp,
    now,
    topUpGateway: gateways.online,
    throttle,
    loginAddresses,
    access,
    messages: messages.writer,
  });
  api.route('/', business.routes);
  const support = createSupportModule({ db: database.db, log, clientIp, now, messages: messages.writer });
  api.route('/', support.routes);
  const leads = createLeadsModule({
    db: database.db,
    clientIp,
    now,
    business: business.service,
    system: async () => (await config.service.get()).system,
  });
  api.route('/', leads.routes);
  // The desk's inbox: special requests, call-back requests, applications, the operator's unmatched transfers and the
  // tickets without a driver near their pick-up.
  const inbox = createInboxModule({
    db: database.db,
    now,
    messages: messages.writer,
    requireDesk: desk.requireDesk,
    owners: {
      leads: leads.service,
      support: support.service,
      transfers,
      tickets: {
        pickingUpUnstarted: (from, to, limit) => ticketsPickingUpUnstarted(database.db, from, to, limit),
        byId: (id) => ticketById(database.db, id),
      },
      crew,
    },
    refusals: {
      after: (afterId, limit) => ticketRefusalsAfter(database.db, afterId, limit),
      byId: (id) => ticketRefusalById(database.db, id),
      partnerNames: () => partnerNames(database.db),
    },
  });
  api.route('/', inbox.routes);
  const booking = createBookingModule({
    db: database.db,
    pricing: pricing.service,
    config: config.service,
    log,
    clientIp,
    // A booking's messages link to the site it came through, when that is provably this server's.
    linkOrigin: (c) => linkOriginOf(c, env.PUBLIC_URL),
    now,
    userIdForToken,
    access,
    ticketWriter: tickets.writer,
    // The night flow asks the partners module whether a partner's staff is online.
    ticketStates: { ...tickets.states, staffOnline: crew.staffOnline },
    ticketCounts: tickets.counts,
    messages: messages.writer,
    onlineMethods: {
      card: gateways.online !== null,
      paypal: gateways.paypal !== null || gateways.paypalClient !== null,
      paypalUsd: gateways.paypalClient !== null,
    },
    businessAccountForToken: (token) => business.service.accountForToken(token),
    requireDesk: desk.requireDesk,
    promotionPlaces: {
      partnerNames: () => partnerNames(database.db),
      airportCodes: async () =>
        new Set((await places.service.airports('vi')).map((airport) => airport.address_component.airport_code ?? '')),
    },
  });
  api.route('/', booking.routes);
  api.route('/', tickets.routes);
  // The sandbox gateway's page calls the callback route through the app itself (no network hop, works behind proxies).
  const payments = createPaymentsModule({
    db: database.db,
    access,
    config: config.service,
    log,
    clientIp,
    internalFetch: async (request) => app.fetch(request),
    messages: messages.writer,
    gateways,
    promotionPayMethods: booking.promotionPayMethods,
    env,
    topUps: business.service.topUpOrders,
    transfers,
    now,
  });
  api.route('/', payments.routes);
  app.route(API_BASE, api);

  // The hub service (spec 7): map and anti-fraud calls arrive with the places and booking modules.
  const hub = serviceRouter();
  hub.route('/', booking.hubRoutes);
  hub.route('/', places.hubRoutes);
  app.route(HUB_BASE, hub);

  // SEO: sitemap.xml, robots.txt and each page's head in the shell, from the route table and the content.
  const seoContent = createSeoContent({
    service: content.service,
    repository: content.repository,
    revision: content.revision.current,
  });
  app.route('/', sitemapRoutes(seoContent));

  if (staticDir) {
    const files = loadStaticFiles(staticDir);
    const seoHead = seoShell(seoContent);
    if (pageRenderer) {
      // The renderer's API calls are answered by this app in-process, as a visitor without cookies would be.
      pageRenderer.setApiTransport(async (url, init) => app.fetch(new Request(new URL(url, 'http://localhost'), init)));
    }
    const assets = serveStatic(files, {
      isAppPath: (path) => matchLivePath(path) !== null,
      shell: pageRenderer
        ? withRenderedPage(seoHead, pageRenderer, {
            revision: content.revision.current,
            links: partLinks(staticDir),
            inline: styleInliner((href) => files.get(href)?.body),
            onError: (error) => log.error('page render failed, shell served', { error: String(error) }),
          })
        : seoHead,
      onShellError: (error) => log.error('SEO head failed, plain document served', { error: String(error) }),
    });
    app.use('*', (c, next) => (isServicePath(c.req.path) ? next() : assets(c, next)));
  }

  const notFound = handleNotFound(app);
  app.notFound((c: Context) => (isServicePath(c.req.path) ? notFound(c) : c.text('Not found', 404)));
  // The owner starts and stops the message dispatcher and the payment window sweep (main.ts), or runs them (tests).
  return Object.assign(app, {
    messages: messages.control,
    paymentWindow: payments.window,
    /** The operator's approval and refusal of transport applications (`npm run partner:approve` / `partner:refuse`). */
    onboarding: partners.onboarding!,
    /** The partners' staff logins: the operator's new set-password link (`npm run partner:resend-link`). */
    partnerStaff: partners.staff!,
    /** The desk's staff logins (`npm run staff:create`). */
    desk: desk.service,
    /** The desk's inbox (its answer times for the numbers dashboard). */
    inbox: inbox.service,
  });
}
