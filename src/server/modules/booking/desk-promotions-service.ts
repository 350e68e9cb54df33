// The desk's promotion codes (finance and admin): listed with their true use counts, created, their limits changed
// (a code's transport partners and airports checked against those Vivu has), paused and resumed. Each change is one transaction with its audit entry (before and after); the booking's own check
// (service-promotions.ts) reads the same row, so a paused code is refused at the next booking.
import {
  DESK_PROMOTION_ERROR_KEYS,
  DESK_PROMOTION_PAGE_SIZE,
  type DeskPromotion,
  type DeskPromotionCreateInput,
  type DeskPromotionPage,
  type DeskPromotionQuery,
  type DeskPromotionUpdateInput,
  type PromotionState,
} from '../../../shared/contract/desk-promotions';
import { vnDate, vnParts } from '../../../shared/domain/vn-time';
import { refuse, type Result } from '../../http/refusal';
import { audit, type DeskActor } from '../desk/service';
import type { DeskPromotionRepository, PromotionLimits } from './desk-promotions-repository';
import type { PromotionPlaces } from './parts';
import type { PromotionRow } from './repository-promotions';

type DeskPromotionResult<T> = Result<T, 400 | 404 | 409>;

const pad = (value: number) => String(value).padStart(2, '0');
/** The Vietnam day (yyyy-mm-dd) of an instant. */
const vnDay = (date: Date) => {
  const { year, month, day } = vnParts(date);
  return `${year}-${pad(month + 1)}-${pad(day)}`;
};
const dayParts = (day: string) => day.split('-').map(Number) as [number, number, number];
/** The first instant of a Vietnam day. */
const dayStart = (day: string) => {
  const [year, month, date] = dayParts(day);
  return vnDate(year, month - 1, date);
};
/** The last instant of a Vietnam day (the booking's check allows up to and including it). */
const dayEnd = (day: string) => {
  const [year, month, date] = dayParts(day);
  return new Date(vnDate(year, month - 1, date + 1).getTime() - 1);
};

/** The rules of the repository's stateIs, on one row. */
export function stateOf(row: PromotionRow, at: Date): PromotionState {
  if (!row.active) return 'paused';
  if (row.validFrom && row.validFrom > at) return 'scheduled';
  if ((row.validTo && row.validTo < at) || (row.maxUses !== null && row.uses >= row.maxUses)) return 'ended';
  return 'active';
}

/** What the audit log keeps of a code: its limits and whether it is paused. */
function snapshot(row: PromotionRow) {
  return {
    code: row.code,
    value: row.value,
    min_order: row.minOrder,
    valid_from: row.validFrom ? vnDay(row.validFrom) : null,
    valid_to: row.validTo ? vnDay(row.validTo) : null,
    max_uses: row.maxUses,
    max_uses_per_phone: row.singleUsePerPhone ? 1 : row.maxUsesPerPhone,
    pay_method_ids: row.payMethodIds,
    hourly: row.hourly,
    partner_ids: row.partnerIds,
    airport_codes: row.airportCodes,
    paused: !row.active,
  };
}

const viewOf = (row: PromotionRow, uses: number, at: Date): DeskPromotion => ({
  id: row.id,
  ...snapshot(row),
  state: stateOf(row, at),
  uses,
});

/** The columns of a form's limits. One use per phone is a single-use code, held by the redemptions' unique index. */
function limitsOf(input: Omit<DeskPromotionUpdateInput, 'id'>): PromotionLimits {
  return {
    value: input.value,
    minOrder: input.min_order ?? 0,
    validFrom: input.valid_from ? dayStart(input.valid_from) : null,
    validTo: input.valid_to ? dayEnd(input.valid_to) : null,
    maxUses: input.max_uses ?? null,
    maxUsesPerPhone: input.max_uses_per_phone ?? null,
    singleUsePerPhone: input.max_uses_per_phone === 1,
    payMethodIds: [...new Set(input.pay_method_ids ?? [])].sort((a, b) => a - b),
    hourly: input.hourly ?? true,
    partnerIds: [...new Set(input.partner_ids ?? [])].sort((a, b) => a - b),
    airportCodes: [...new Set(input.airport_codes ?? [])].sort(),
  };
}

export function createDeskPromotionService(repository: DeskPromotionRepository, now: () => Date, places?: PromotionPlaces) {
  const { db } = repository;
  const subject = (id: number) => `promotion-${id}`;

  /** A partner or an airport the code is limited to that Vivu does not have, as the form's field refusal. */
  async function unknownPlace(limits: PromotionLimits) {
    if (!places) return null;
    const partnerIds = limits.partnerIds ?? [];
    if (partnerIds.length > 0) {
      const names = await places.partnerNames();
      if (partnerIds.some((id) => !names.has(id)))
        return refuse(400, DESK_PROMOTION_ERROR_KEYS.partner, { field: 'partner_ids' });
    }
    const airportCodes = limits.airportCodes ?? [];
    if (airportCodes.length > 0) {
      const known = await places.airportCodes();
      const unknown = airportCodes.find((code) => !known.has(code));
      if (unknown) return refuse(400, DESK_PROMOTION_ERROR_KEYS.airport, { field: 'airport_codes', params: { code: unknown } });
    }
    return null;
  }

  /** Locks the code, applies `change` and writes its audit entry; null when there is no such code. */
  async function change(
    actor: DeskActor,
    id: number,
    action: 'promotion_changed' | 'promotion_paused' | 'promotion_resumed',
    values: Partial<PromotionLimits> & { active?: boolean },
  ): Promise<DeskPromotionResult<DeskPromotion>> {
    const at = now();
    const outcome = await db.transaction(async (tx) => {
      const before = await repository.lock(tx, id);
      if (!before) return null;
      const after = await repository.update(tx, id, values);
      await audit(tx, { staff: actor, action, subject: subject(id), before: snapshot(before), after: snapshot(after), at });
      return viewOf(after, await repository.uses(tx, id), at);
    });
    return outcome ? { ok: true, data: outcome } : refuse(404, DESK_PROMOTION_ERROR_KEYS.notFound);
  }

  return {
    async list(query: DeskPromotionQuery): Promise<DeskPromotionPage> {
      const at = now();
      const page = query.page ?? 1;
      const { rows, total } = await repository.page(
        { state: (query.state || undefined) as PromotionState | undefined, q: query.q || undefined, page },
        at,
      );
      return {
        items: rows.map(({ row, uses }) => viewOf(row, uses, at)),
        page,
        pages: Math.max(1, Math.ceil(total / DESK_PROMOTION_PAGE_SIZE)),
        total,
      };
    },

    async create(actor: DeskActor, input: DeskPromotionCreateInput): Promise<DeskPromotionResult<DeskPromotion>> {
      const at = now();
      const limits = limitsOf(input);
      const unknown = await unknownPlace(limits);
      if (unknown) return unknown;
      const made = await db.transaction(async (tx) => {
        const row = await repository.insert(tx, { code: input.code, ...limits });
        if (!row) return null;
        await audit(tx, { staff: actor, action: 'promotion_created', subject: subject(row.id), after: snapshot(row), at });
        return row;
      });
      if (!made) return refuse(409, DESK_PROMOTION_ERROR_KEYS.codeTaken, { field: 'code' });
      return { ok: true, data: viewOf(made, 0, at) };
    },

    async update(actor: DeskActor, input: DeskPromotionUpdateInput): Promise<DeskPromotionResult<DeskPromotion>> {
      const limits = limitsOf(input);
      return (await unknownPlace(limits)) ?? change(actor, input.id, 'promotion_changed', limits);
    },
    pause: (actor: DeskActor, id: number) => change(actor, id, 'promotion_paused', { active: false }),
    resume: (actor: DeskActor, id: number) => change(actor, id, 'promotion_resumed', { active: true }),
  };
}

export type DeskPromotionService = ReturnType<typeof createDeskPromotionService>;
