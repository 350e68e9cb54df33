// The role check of every partner console call: after staffSignedIn, the staff member's role must hold the call's
// permission (shared/contract/partner-roles.ts), else 403 with the contract's message. Checked here, never only by
// what the console shows.
import type { Context } from 'hono';
import { PARTNER_FORBIDDEN, roleMay, type PartnerPermission } from '../../../shared/contract/partner-roles';
import { fail } from '../../http/envelope';
import type { StaffRow } from './repository';

export const staffMay =
  (permission: PartnerPermission) => async (c: Context<{ Variables: { staff: StaffRow } }>, next: () => Promise<void>) => {
    if (!roleMay(c.get('staff').role, permission)) return fail(c, 403, PARTNER_FORBIDDEN);
    await next();
  };
