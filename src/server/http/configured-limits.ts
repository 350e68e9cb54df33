// spec 9 max_passengers and max_extra_addresses, and the booking horizon, from the configuration, on the
// calls that take seats, extra addresses or a departure. The contract's schemas hold the spec's own bounds (16 passengers, 1 extra address), which the forms
// share; an operator's value may lower them, never raise them (docs/decisions.md). Runs after `validate`, so the
// input is the cast request; a seat count or an extra address over the live limit answers 400 like the schema would.
import type { MiddlewareHandler } from 'hono';
import { ERROR_KEYS, type FieldError } from '../../shared/contract/envelope';
import { passengerLimit, systemValue, type SystemConfig } from '../../shared/domain/system-config';
import { DEPART_TIME_FAR_KEY, withinHorizon } from '../../shared/contract/common';
import { parseVnDateTime } from '../../shared/domain/vn-time';
import { fail } from './envelope';

interface Limited {
  chair?: number;
  more_address?: unknown[];
  depart_time?: string;
}

export function withinConfiguredLimits(
  system: () => Promise<SystemConfig>,
): MiddlewareHandler<{ Variables: { input: Limited } }> {
  return async (c, next) => {
    const input = c.get('input');
    const config = await system();
    const errors: FieldError[] = [];
    const maxChair = passengerLimit(config);
    if (typeof input.chair === 'number' && input.chair > maxChair)
      errors.push({ field: 'chair', message: 'validation.max', params: { max: maxChair } });
    const maxExtra = systemValue(config, 'max_extra_addresses');
    if (Array.isArray(input.more_address) && input.more_address.length > maxExtra)
      errors.push({ field: 'more_address', message: 'validation.max_items', params: { max: maxExtra } });
    // The configured horizon (booking_horizon_days), within the contract's 365 days.
    const horizon = systemValue(config, 'booking_horizon_days');
    const departAt = typeof input.depart_time === 'string' ? parseVnDateTime(input.depart_time) : null;
    if (departAt && !withinHorizon(departAt, horizon))
      errors.push({ field: 'depart_time', message: DEPART_TIME_FAR_KEY, params: { days: horizon } });
    if (errors.length) return fail(c, 400, ERROR_KEYS.validation, errors);
    return next();
  };
}
