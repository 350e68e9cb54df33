// A signed-in member of the operator desk for a test of a desk area: made as `npm run staff:create` makes one (its
// one-time link answered to the command), its password set from that link and its authenticator enrolled by one
// code, through the desk module's own service. The token is what the desk's calls carry as `Authorization: Bearer`.
import type { createApp } from '../../../src/server/app';
import { COMMAND_LINE } from '../../../src/server/modules/desk/service';
import { totpCode } from '../../../src/server/security/totp';
import type { DeskRole } from '../../../src/shared/contract/desk';

export const DESK_TEST_PASSWORD = 'banlamviec7';

export interface TestDeskMember {
  id: number;
  email: string;
  role: DeskRole;
  /** The authenticator's secret (base32): totpCode(secret, at) signs in again. */
  secret: string;
  token: string;
}

let made = 0;

/** `now` is the app's clock at the call (the code must be of its time-step). */
export async function deskMember(
  app: ReturnType<typeof createApp>,
  role: DeskRole,
  now: () => Date = () => new Date(),
): Promise<TestDeskMember> {
  made += 1;
  const email = `${role}.${made}.${process.pid}@desk.vivu.example`;
  const created = await app.desk.create(COMMAND_LINE, { email, role, lang: 'en' });
  if (!created.ok) throw new Error(`the desk member was not made: ${created.message}`);
  const set = await app.desk.setPassword({
    token: created.data.link.token,
    password: DESK_TEST_PASSWORD,
    re_password: DESK_TEST_PASSWORD,
  });
  if (!set.ok) throw new Error(`the password was not set: ${set.message}`);
  const enrolled = await app.desk.enrol({ enrol_token: set.data.enrol_token, code: totpCode(set.data.secret, now()) });
  if (!enrolled.ok) throw new Error(`the authenticator was not enrolled: ${enrolled.message}`);
  return { id: created.data.member.id, email, role, secret: set.data.secret, token: enrolled.data.token };
}
