// The first (or any) login of the operator desk, made without the desk:
//   npm run staff:create -- <e-mail> [--role admin|support|finance|content] [--lang vi|en]
// The login has no password: a one-time set-password link is printed here and mailed through the message outbox
// (sent before this exits, or by a running server's dispatcher); there is never a default password. Opens the
// configured database as the server does (DATABASE_URL, else the embedded one in DATA_DIR, whose folder must not be
// held by a running server) and calls the desk's service, as the desk's own "Add" does.
import { deskStaffAddSchema } from '../shared/contract/desk';
import { withCommandApp } from './command-app';
import { fallbackLinkOrigin, publicOrigin } from './http/origin';
import { COMMAND_LINE } from './modules/desk/service';

const USAGE = 'usage: staff-create <e-mail> [--role admin|support|finance|content] [--lang vi|en]';

/** The command's input checked by the contract's schema (the desk's Add), or null. */
export function parseStaffCreate(argv: readonly string[]) {
  const [email, ...rest] = argv;
  const option = (name: string, fallback: string) => {
    const at = rest.indexOf(name);
    return at >= 0 ? (rest[at + 1] ?? '') : fallback;
  };
  try {
    return deskStaffAddSchema.validateSync({ email: email ?? '', role: option('--role', 'admin'), lang: option('--lang', 'vi') });
  } catch {
    return null;
  }
}

async function main() {
  const input = parseStaffCreate(process.argv.slice(2));
  if (!input) {
    console.error(USAGE);
    return 2;
  }
  return withCommandApp("Stop the server, or add the member from the desk's Staff page.", async (app) => {
    const result = await app.desk.create(COMMAND_LINE, input);
    if (!result.ok) {
      console.error(JSON.stringify({ error: result.message, status: result.status }));
      return 1;
    }
    const origin = publicOrigin(process.env.PUBLIC_URL) ?? fallbackLinkOrigin(process.env);
    const { member, link } = result.data;
    console.log(JSON.stringify({ staff_id: member.id, email: member.email, role: member.role, expires_at: link.expiresAt }));
    console.log(`set-password link (works once): ${new URL(link.path, origin).toString()}#token=${link.token}`);
    const sent = await app.messages.drain();
    if (sent.retried || sent.failed) console.error(`e-mail not sent yet (the outbox retries it)`);
    return 0;
  });
}

if (process.argv[1]?.endsWith('staff-create.ts')) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
