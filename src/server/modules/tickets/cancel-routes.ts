// The cancellation calls of spec 7 over HTTP (generate_cancel_booking_token, cancel_booking, get_why_cancel_list,
// customer_feedback_why_cancel).
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bearer } from '../../http/bearer';
import { API_BASE } from '../../../shared/contract/envelope';
import {
  CANCEL_ERROR_KEYS,
  CANCEL_MESSAGE_KEYS,
  CANCEL_PATHS,
  cancelBookingRequestSchema,
  feedbackWhyCancelRequestSchema,
  generateCancelTokenRequestSchema,
  whyCancelListRequestSchema,
} from '../../../shared/contract/tickets';
import { BOOKING_ERROR_KEYS } from '../../../shared/contract/booking';
import { ERROR_KEYS } from '../../../shared/contract/envelope';
import { fail, ok } from '../../http/envelope';
import { validate } from '../../http/validate';
import { hasProof, proofOf } from '../../http/ticket-proof';
import type { TicketAccess } from './access';
import type { CancelRefusal, CancelService } from './cancel-service';

const api = (path: string) => path.slice(API_BASE.length);

function refused(c: Context, refusal: CancelRefusal) {
  if (refusal.message === CANCEL_ERROR_KEYS.reason)
    return fail(c, 400, ERROR_KEYS.validation, [{ field: 'reason_id', message: refusal.message }]);
  return fail(c, refusal.status, refusal.message);
}

export function cancelApiRoutes(module: { access: TicketAccess; cancel: CancelService }, clientIp: (c: Context) => string) {
  const routes = new Hono();

  routes.post(api(CANCEL_PATHS.generateCancelToken), validate('json', generateCancelTokenRequestSchema), async (c) => {
    const input = c.get('input');
    const proof = { ...proofOf(c, input, bearer(c, input.token)), userId: input.user_id };
    // Like get_ticket_info: a call without any proof is invalid, and is not counted as a lookup.
    if (!hasProof(proof))
      return fail(c, 400, ERROR_KEYS.validation, [{ field: 'phone_number', message: BOOKING_ERROR_KEYS.phone }]);
    const ticket = await module.access.prove(c, clientIp(c), proof);
    if (!ticket.ok) return ticket.response;
    const result = await module.cancel.generateToken(ticket.ticket);
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(CANCEL_PATHS.cancelBooking), validate('json', cancelBookingRequestSchema), async (c) => {
    const input = c.get('input');
    const result = await module.cancel.cancel(input.ticket_code, input.cancel_token);
    module.access.recentAnswers.forgetCode(input.ticket_code); // Its polls read the cancellation
    return result.ok ? ok(c, result.data, { message: CANCEL_MESSAGE_KEYS.cancelled }) : refused(c, result);
  });

  routes.get(api(CANCEL_PATHS.whyCancelList), validate('query', whyCancelListRequestSchema), async (c) => {
    const input = c.get('input');
    return ok(c, await module.cancel.reasons(input.lang));
  });

  routes.post(api(CANCEL_PATHS.feedbackWhyCancel), validate('json', feedbackWhyCancelRequestSchema), async (c) => {
    const input = c.get('input');
    const result = await module.cancel.feedback({
      ticketCode: input.ticket_code,
      cancelToken: input.cancel_token,
      reasonId: input.reason_id,
      note: input.note,
    });
    return result.ok ? ok(c, { saved: true }, { message: CANCEL_MESSAGE_KEYS.feedbackSaved }) : refused(c, result);
  });

  return routes;
}
