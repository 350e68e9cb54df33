// requireDesk: the check in front of every desk call. A call without a live desk session (none, an ended or old
// one, a passenger's or a partner's token) or by a member whose role may not make it answers exactly as an unknown
// route does (404, errors.not_found): the desk tells a stranger nothing, not even that the call exists. It runs
// before the call's validation, so a refused caller never learns what the call expects either.
import type { Context, MiddlewareHandler } from 'hono';
import { DESK_ROLES, type DeskRole } from '../../../shared/contract/desk';
import { ERROR_KEYS } from '../../../shared/contract/envelope';
import { bearer } from '../../http/bearer';
import { fail } from '../../http/envelope';
import type { DeskActor } from './service';

/** The context of a desk call: the signed-in member (`c.get('desk')`). */
export type DeskVariables = { desk: DeskActor };
export type DeskContext = Context<{ Variables: DeskVariables }>;

/** `requireDesk('admin')`, `requireDesk(['admin', 'support'])`, or `requireDesk()` for any member. */
export type RequireDesk = (roles?: DeskRole | readonly DeskRole[]) => MiddlewareHandler<{ Variables: DeskVariables }>;

export function createRequireDesk(memberForToken: (token: string | undefined) => Promise<DeskActor | null>): RequireDesk {
  return (roles = DESK_ROLES) => {
    const allowed: readonly DeskRole[] = typeof roles === 'string' ? [roles] : roles;
    return async (c, next) => {
      const member = await memberForToken(bearer(c, undefined));
      if (!member || !allowed.includes(member.role)) return fail(c, 404, ERROR_KEYS.notFound);
      c.set('desk', member);
      await next();
    };
  };
}
