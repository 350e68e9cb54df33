// The operator's decision on a transport partner's application until the operator desk exists:
//   npm run partner:approve -- <lead id>
//   npm run partner:refuse -- <lead id> --reason "..."
//   npm run partner:resend-link -- <phone> [--lang en]   (a login's new set-password link; the older ones die)
// Opens the configured database as the server does (DATABASE_URL, else the embedded one in DATA_DIR, whose folder
// must not be held by a running server: then use the operator API call), applies the migrations, and calls the same
// onboarding service as the API call. Its messages are rows of the message outbox, sent here before it exits (a
// running server's dispatcher may send them first; each is sent once either way) and retried by the servers.
import { operatorResendSchema } from '../shared/contract/partner-join';
import { normalizePhone } from '../shared/domain/phone';
import { withCommandApp } from './command-app';

const USAGE = 'usage: partner-decide approve <lead id> | refuse <lead id> --reason "..." | resend-link <phone> [--lang vi|en]';

export function parseDecision(argv: readonly string[]) {
  const [action, id, ...rest] = argv;
  if (action === 'resend-link') {
    const at = rest.indexOf('--lang');
    const input = operatorResendSchema.validateSync({ phone: id ?? '', lang: at >= 0 ? rest[at + 1] : 'vi' });
    return { action, phone: normalizePhone(input.phone_code, input.phone), lang: input.lang } as const;
  }
  const leadId = Number(id);
  if ((action !== 'approve' && action !== 'refuse') || !Number.isInteger(leadId) || leadId < 1) return null;
  if (action === 'approve') return { action, leadId } as const;
  const at = rest.indexOf('--reason');
  const reason = at >= 0 ? (rest[at + 1] ?? '').trim() : '';
  return reason ? ({ action, leadId, reason } as const) : null;
}

async function main() {
  let decision: ReturnType<typeof parseDecision>;
  try {
    decision = parseDecision(process.argv.slice(2));
  } catch {
    decision = null;
  }
  if (!decision) {
    console.error(USAGE);
    return 2;
  }
  return withCommandApp('While the server runs, use its operator API call (OPERATOR_API_TOKEN).', async (app) => {
    const result =
      decision.action === 'approve'
        ? await app.onboarding.approve(decision.leadId)
        : decision.action === 'refuse'
          ? await app.onboarding.refuse(decision.leadId, decision.reason)
          : await app.partnerStaff.resendLinkByPhone(decision.phone, decision.lang);
    console.log(JSON.stringify(result.ok ? result.data : { error: result.message, status: result.status }));
    const sent = await app.messages.drain();
    if (sent.retried || sent.failed)
      console.error(`messages not sent yet: ${sent.retried + sent.failed} (the outbox retries them)`);
    return result.ok ? 0 : 1;
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
