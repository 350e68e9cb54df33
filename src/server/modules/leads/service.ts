// The lead forms: stores the special requests and partner leads; hands a business partner's lead to the business
// module, which opens its account at once; and the partner landing page's content.
import { type LeadContactInput, type SpecialRequestInput, type SpecialRequestResult } from '../../../shared/contract/leads';
import { normalizePhone } from '../../../shared/domain/phone';
import { type Lang } from '../../../shared/domain/route-table';
import { SYSTEM_CONFIG_DEFAULTS, systemValue, type SystemConfig } from '../../../shared/domain/system-config';
import { parseVnDateTime } from '../../../shared/domain/vn-time';
import { PARTNER_LANDING_POSTS } from './landing-posts';
import type { BusinessService } from '../business/service';
import type { LeadContactRecord, LeadsRepository, SpecialRequestRecord } from './repository';

export type { LeadContactRecord, SpecialRequestRecord } from './repository';

const HOUR_MS = 60 * 60 * 1000;

export interface LeadsServiceDeps {
  repository: LeadsRepository;
  now: () => Date;
  /** The business module's service: a business lead opens its credit account at once. */
  business: Pick<BusinessService, 'register'>;
  /** The live spec 9 values (the config service's cached snapshot); the spec's defaults without one. */
  system?: () => Promise<SystemConfig>;
}

export function createLeadsService(deps: LeadsServiceDeps) {
  const { repository, now } = deps;
  const system = deps.system ?? (() => Promise.resolve({ ...SYSTEM_CONFIG_DEFAULTS }));

  return {
    async specialRequest(input: SpecialRequestInput, ip: string): Promise<SpecialRequestResult> {
      const at = now();
      const replyHours = systemValue(await system(), 'special_request_reply_hours');
      const replyDueAt = new Date(at.getTime() + replyHours * HOUR_MS);
      const row = await repository.insertSpecialRequest({
        fullname: input.fullname,
        phone: normalizePhone(input.phone_code, input.phone),
        email: input.email.toLowerCase(),
        pickAddress: input.pick_address,
        dropAddress: input.drop_address,
        departTime: input.depart_time,
        departAt: parseVnDateTime(input.depart_time) ?? at,
        days: input.days,
        seats: input.seats,
        vehicleCount: input.vehicle_count,
        note: input.note,
        lang: input.lang,
        ip,
        replyDueAt,
        createdAt: at,
      });
      return { id: row.id, reply_by: row.replyDueAt.toISOString(), reply_within_hours: replyHours };
    },

    /**
     * spec 1: a transport partner's lead waits for the team's call; a business partner is approved at once by the
     * business module, which e-mails its login before the answer.
     */
    async lead(input: LeadContactInput, ip: string) {
      const at = now();
      const business = input.type === 'business';
      const phone = normalizePhone(input.phone_code, input.phone);
      const email = (input.email ?? '').toLowerCase();
      const lead = await repository.insertLead({
        type: input.type,
        fullname: input.fullname,
        phone,
        email,
        companyName: input.company_name,
        taxCode: input.tax_code,
        address: input.address,
        fleetSize: input.fleet_size ?? null,
        provinces: business ? [] : (input.provinces ?? []),
        note: input.note,
        lang: input.lang,
        ip,
        status: business ? 'approved' : 'new',
        createdAt: at,
      });
      if (!business) return { id: lead.id, type: input.type, login_sent: false };
      const loginSent = await deps.business.register({
        leadId: lead.id,
        email,
        companyName: input.company_name,
        contactName: input.fullname,
        phone,
        lang: input.lang,
        createdAt: at,
      });
      return { id: lead.id, type: input.type, login_sent: loginSent };
    },

    /** The desk's inbox: special requests sent after `afterId`, oldest first, at most `limit`. */
    specialRequestsAfter: (afterId: number, limit: number): Promise<SpecialRequestRecord[]> =>
      repository.specialRequestsAfter(afterId, limit),
    specialRequestById: (id: number): Promise<SpecialRequestRecord | undefined> => repository.specialRequestById(id),
    /** The desk's inbox: business and transport partners' leads after `afterId`, oldest first, at most `limit`. */
    leadsAfter: (afterId: number, limit: number): Promise<LeadContactRecord[]> => repository.leadsAfter(afterId, limit),
    leadById: (id: number): Promise<LeadContactRecord | undefined> => repository.leadById(id),

    async partnerLanding(lang: Lang) {
      return {
        commission_percent: systemValue(await system(), 'partner_commission_percent'),
        revenue_increase_percent: 20,
        posts: PARTNER_LANDING_POSTS.map((post) => ({ id: post.id, title: post.title[lang], body: post.body[lang] })),
      };
    },
  };
}

export type LeadsService = ReturnType<typeof createLeadsService>;
