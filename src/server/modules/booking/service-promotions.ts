// Promotion rules (spec 5, 7): a code applies when it exists and is active, is inside its dates, allows the pay
// method, the kind of booking, the ride's transport partner and airport, the order reaches its minimum, uses are left
// and the phone has not used it as often as it may (once for a single-use code). The check call previews the discount; ticket creation checks again and claims
// the use atomically.
import { BOOKING_ERROR_KEYS, sentPayMethod, type PromotionCheck } from '../../../shared/contract/booking';
import { promotionDiscount, PROMOTION_PERCENT_MAX } from '../../../shared/domain/fare-total';
import { formatVnd } from '../../../shared/domain/money';
import { refuse, type Refusal } from '../../http/refusal';
import type { PromotionRepository, PromotionRow } from './repository-promotions';

export interface PromotionContext {
  /** Normalised phone ('' when not known yet). */
  phone: string;
  /** As chosen or sent (99 is read as 4); undefined when not chosen yet. */
  payMethodId?: number;
  /** The base price the discount applies to; undefined when not known (the minimum order is then not checked). */
  amount?: number;
  hourly: boolean;
  /** The chosen option's transport partner; undefined when not known (a code limited to partners then refuses). */
  partnerId?: number;
  /** The IATA code of the ride's airport end ('' or undefined: none). */
  airportCode?: string;
  now: Date;
}

export type PromotionRefusal = Refusal<404 | 422>;
export type PromotionResult = { ok: true; promotion: PromotionRow; check: PromotionCheck } | PromotionRefusal;

/** "10%" for a percent, "50.000đ" for money (spec 5: values above 100 are shown as money). */
export function discountText(value: number): string {
  return value <= PROMOTION_PERCENT_MAX ? `${value}%` : formatVnd(value);
}

export function createPromotionService(repository: PromotionRepository) {
  return {
    /** The methods a code is limited to ([] for any), null for an unknown code: a change of method keeps to them. */
    async payMethodsOf(code: string): Promise<number[] | null> {
      return (await repository.findByCode(code))?.payMethodIds ?? null;
    },

    async evaluate(code: string, context: PromotionContext): Promise<PromotionResult> {
      const promotion = await repository.findByCode(code.trim().toUpperCase());
      // spec 8: 'Promotion code does not exist'; an inactive code is not revealed as existing.
      if (!promotion || !promotion.active) return refuse(404, BOOKING_ERROR_KEYS.promotionNotFound);
      const at = context.now.getTime();
      if ((promotion.validFrom && at < promotion.validFrom.getTime()) || (promotion.validTo && at > promotion.validTo.getTime()))
        return refuse(422, BOOKING_ERROR_KEYS.promotionExpired);
      if (context.hourly && !promotion.hourly) return refuse(422, BOOKING_ERROR_KEYS.promotionNotApplicable);
      if (promotion.payMethodIds.length > 0) {
        const method = context.payMethodId === undefined ? undefined : sentPayMethod(context.payMethodId);
        if (method === undefined || !promotion.payMethodIds.includes(method))
          return refuse(422, BOOKING_ERROR_KEYS.promotionPayMethod, { params: { methods: promotion.payMethodIds } });
      }
      if (
        promotion.partnerIds.length > 0 &&
        (context.partnerId === undefined || !promotion.partnerIds.includes(context.partnerId))
      )
        return refuse(422, BOOKING_ERROR_KEYS.promotionPartner);
      // An hourly hire has no airport end, so a code for airport transfers never applies to one.
      if (promotion.airportCodes.length > 0 && (context.hourly || !promotion.airportCodes.includes(context.airportCode ?? '')))
        return refuse(422, BOOKING_ERROR_KEYS.promotionAirport, { params: { airports: promotion.airportCodes.join(', ') } });
      if (context.amount !== undefined && context.amount < promotion.minOrder)
        return refuse(422, BOOKING_ERROR_KEYS.promotionMinOrder, { params: { min: promotion.minOrder } });
      if (promotion.maxUses !== null && promotion.uses >= promotion.maxUses)
        return refuse(422, BOOKING_ERROR_KEYS.promotionUsedUp);
      const perPhone = promotion.singleUsePerPhone ? 1 : promotion.maxUsesPerPhone;
      if (perPhone !== null && context.phone && (await repository.usesByPhone(promotion.id, context.phone)) >= perPhone)
        return refuse(422, BOOKING_ERROR_KEYS.promotionAlreadyUsed);
      return {
        ok: true,
        promotion,
        check: {
          code: promotion.code,
          value: promotion.value,
          kind: promotion.value <= PROMOTION_PERCENT_MAX ? 'percent' : 'amount',
          discount_text: discountText(promotion.value),
          discount_price: promotionDiscount(promotion.value, context.amount ?? 0),
        },
      };
    },
  };
}

export type PromotionService = ReturnType<typeof createPromotionService>;
