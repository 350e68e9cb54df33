// spec 9 max_passengers and max_extra_addresses from the configuration, on the calls that take seats or extra
// addresses. The contract's schemas hold the spec's own bounds (16 passengers, 1 extra address), which the forms
// share; an operator's value may lower them, never raise them (docs/decisions.md). Runs after `validate`, so the
// input is the cast request; a seat count or an extra address over the live limit answers 400 like the schema would.
import type { MiddlewareHandler } from 'hono';
import { ERROR_KEYS, type FieldError } from '../../shared/contract/envelope';
import { passengerLimit, systemValue, type SystemConfig } from '../../shared/domain/system-config';
import { fail } from './envelope';

interface Limited {
  chair?: number;
  more_address?: unknown[];
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
    if (errors.length) return fail(c, 400, ERROR_KEYS.validation, errors);
    return next();
  };
}
