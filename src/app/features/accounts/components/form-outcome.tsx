// The account page's forms (profile, password) end the same way: the outcome of the last save, announced (a status
// when it worked, an alert when it did not), above a submit button busy while the save runs.
import { ActionButton } from '../../../components/ui/dialog-actions';

export type Outcome = { ok: boolean; text: string } | null;

export function FormOutcome({
  outcome,
  busy,
  label,
  busyLabel,
}: {
  outcome: Outcome;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      {outcome && (
        <p className={outcome.ok ? 'notice notice-ok' : 'notice notice-error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
      <ActionButton submit tone="primary" busy={busy} busyLabel={busyLabel}>
        {label}
      </ActionButton>
    </>
  );
}
