// The data of Zalo's template messages: each trip message's parameters by name, as the templates must be
// registered with Zalo (README, docs/decisions.md), from the same payload as its SMS.
import { formatVnd } from '../../../shared/domain/money';
import { formatPhone } from '../../../shared/domain/phone';
import type { MessageEvent, MessagePayload } from '../../outbox/events';
import { linkTo } from './templates';

/** The parameters each templated event sends; an event not listed has no Zalo template. */
export const ZNS_PARAMS = {
  booking_received: ['customer_name', 'ticket_code', 'route', 'pickup_time', 'total', 'link'],
  driver_assigned: ['customer_name', 'ticket_code', 'pickup_time', 'driver_name', 'driver_phone', 'vehicle', 'link'],
  payment_received: ['customer_name', 'ticket_code', 'amount', 'link'],
  cancelled: ['customer_name', 'ticket_code', 'pickup_time', 'link'],
} as const satisfies Partial<Record<MessageEvent, readonly string[]>>;

/** The template data of `event` (only its own parameters: ZNS checks them against the template). */
export function znsData(event: MessageEvent, payload: MessagePayload, origin: string): Record<string, string> {
  const names: readonly string[] = Object.hasOwn(ZNS_PARAMS, event) ? ZNS_PARAMS[event as keyof typeof ZNS_PARAMS] : [];
  const vehicle = payload.car ? `${payload.plate ?? ''} (${payload.car})` : (payload.plate ?? '');
  const all: Record<string, string> = {
    customer_name: payload.name,
    ticket_code: payload.code,
    route: payload.route,
    pickup_time: payload.depart,
    total: formatVnd(payload.total),
    amount: formatVnd(payload.amount ?? payload.total),
    driver_name: payload.driver_name ?? '',
    driver_phone: formatPhone(payload.driver_phone ?? ''),
    vehicle,
    link: linkTo(payload.path, origin),
  };
  return Object.fromEntries(names.map((name) => [name, all[name] ?? '']));
}
