// The transport partners' view of the quick bookings over HTTP: the partner staff's sessions (Bearer), as the
// console's other calls.
import { Hono } from 'hono';
import { API_BASE } from '../../../shared/contract/envelope';
import { staffQuickBookingsRequestSchema, staffTakeQuickBookingRequestSchema } from '../../../shared/contract/partners';
import { fail, ok } from '../../http/envelope';
import { validate } from '../../http/validate';
import type { StaffRow } from './repository';
import type { QuickBookingsService } from './quick-bookings-service';
import { staffSignedIn, type StaffForToken } from './routes';
import { staffMay } from './roles';
import { QUICK_BOOKING_PATHS } from '../../../shared/contract/partners';

const api = (path: string) => path.slice(API_BASE.length);

export function quickBookingsRoutes(service: QuickBookingsService, staffForToken: StaffForToken) {
  const staffRoutes = new Hono<{ Variables: { staff: StaffRow } }>();
  staffRoutes.use(api(QUICK_BOOKING_PATHS.list), staffSignedIn(staffForToken), staffMay('tickets'));
  staffRoutes.use(api(QUICK_BOOKING_PATHS.take), staffSignedIn(staffForToken), staffMay('tickets'));

  staffRoutes.get(api(QUICK_BOOKING_PATHS.list), validate('query', staffQuickBookingsRequestSchema), async (c) => {
    const { page, lang } = c.get('input');
    c.header('Cache-Control', 'no-store');
    return ok(c, await service.quickBookings(c.get('staff').partnerId, page, lang));
  });

  staffRoutes.post(api(QUICK_BOOKING_PATHS.take), validate('json', staffTakeQuickBookingRequestSchema), async (c) => {
    const { id, lang } = c.get('input');
    const result = await service.takeQuickBooking(c.get('staff').partnerId, id, lang);
    return result.ok ? ok(c, result.data) : fail(c, result.status, result.message);
  });
  return staffRoutes;
}
