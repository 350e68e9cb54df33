// The console's bank transfers: confirming by hand that a ticket's transfer arrived, and the transfers naming
// the partner's tickets that paid nothing by themselves (a wrong amount, a ticket no longer awaiting), each matched to
// one of the partner's tickets by its code. Settling by hand always says why. Each answer is announced.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSOLE_REFRESH_MS, TRANSFER_REASON_MAX, type UnmatchedTransfer } from '../../../../shared/contract/partners';
import { formatVnd } from '../../../../shared/domain/money';
import { formatVnDateTime } from '../../../../shared/domain/vn-time';
import { errorText } from '../../../components/form/form-errors';
import { partnerCalls, partnerQueries } from '../api';
import { endSessionIfUnauthorized } from '../session';
import { useAnnounce } from './announce';
import { ListStart } from './list-parts';
import { refreshAfterWrite } from '../../../lib/refresh-queries';

const CODE = /^VV[A-Z0-9]{6}$/;
const REASON_MAX = TRANSFER_REASON_MAX;

function useTextField(initial = '') {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return { value, setValue, error, setError };
}

/** Why the staff settle a transfer by hand: required, recorded on the transfer with who and when. */
function ReasonField({ id, field }: { id: string; field: ReturnType<typeof useTextField> }) {
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor={id}>{t('partner.transfers.hand_reason')}</label>
      <input
        id={id}
        className="field-input"
        value={field.value}
        maxLength={REASON_MAX}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.error ? `${id}-error` : undefined}
        onChange={(event) => field.setValue(event.target.value)}
      />
      {field.error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {field.error}
        </p>
      )}
    </>
  );
}

function TransferItem({
  item,
  busy,
  failure,
  onMatch,
}: {
  item: UnmatchedTransfer;
  busy: boolean;
  failure: string | null;
  onMatch(code: string, reason: string): void;
}) {
  const { t } = useTranslation();
  const field = useTextField(item.ticket_code ?? '');
  const reason = useTextField();
  const id = `transfer-${item.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = field.value.trim().toUpperCase();
    if (!CODE.test(code)) return field.setError(t('partner.transfers.code_invalid'));
    field.setError(null);
    if (!reason.value.trim()) return reason.setError(t('partner.transfers.hand_reason_required'));
    reason.setError(null);
    onMatch(code, reason.value.trim());
  };
  return (
    <li className="card partner-transfer" aria-labelledby={`${id}-amount`}>
      <p className="partner-transfer-amount" id={`${id}-amount`}>
        {formatVnd(item.amount)}
      </p>
      <dl className="partner-transfer-facts">
        <div>
          <dt>{t('partner.transfers.note')}</dt>
          <dd>{item.note || '—'}</dd>
        </div>
        <div>
          <dt>{t('partner.transfers.time')}</dt>
          <dd>{formatVnDateTime(new Date(item.received_at))}</dd>
        </div>
        <div>
          <dt>{t('partner.transfers.reference')}</dt>
          <dd>{item.reference}</dd>
        </div>
        {item.reason && (
          <div>
            <dt>{t('partner.transfers.why')}</dt>
            <dd>{t(`partner.transfers.reason.${item.reason}`)}</dd>
          </div>
        )}
      </dl>
      <form className="partner-transfer-form" onSubmit={submit} noValidate>
        <ReasonField id={`${id}-reason`} field={reason} />
        <label htmlFor={`${id}-code`}>{t('partner.transfers.ticket_code')}</label>
        <div className="partner-transfer-row">
          <input
            id={`${id}-code`}
            className="field-input"
            value={field.value}
            autoCapitalize="characters"
            aria-invalid={field.error ? true : undefined}
            aria-describedby={field.error || failure ? `${id}-error` : undefined}
            onChange={(event) => field.setValue(event.target.value)}
          />
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? t('partner.busy') : t('partner.transfers.match')}
          </button>
        </div>
        {(field.error ?? failure) && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {field.error ?? failure}
          </p>
        )}
      </form>
    </li>
  );
}

export function TransferDesk({ token }: { token: string }) {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const queryClient = useQueryClient();
  const query = partnerQueries.unmatchedTransfers(token);
  const list = useQuery({ ...query, refetchInterval: CONSOLE_REFRESH_MS });
  const [failed, setFailed] = useState<{ id: number; text: string } | null>(null);
  const confirmField = useTextField();
  const confirmReason = useTextField();
  useEffect(() => {
    if (list.error) endSessionIfUnauthorized(list.error);
  }, [list.error]);

  const match = useMutation({
    mutationFn: ({ id, code, reason }: { id: number; code: string; reason: string }) =>
      partnerCalls.matchTransfer(token, id, code, reason),
    onMutate: () => setFailed(null),
    onSuccess: (paid) => announce(t('partner.transfers.matched', { code: paid.ticket_code })),
    onError: (error, { id }) => {
      if (!endSessionIfUnauthorized(error)) setFailed({ id, text: errorText(error, t) });
    },
    onSettled: () => refreshAfterWrite(queryClient, { queryKey: ['partner', token] }),
  });
  const confirm = useMutation({
    mutationFn: ({ code, reason }: { code: string; reason: string }) => partnerCalls.confirmTransfer(token, code, reason),
    onSuccess: (paid) => {
      confirmField.setValue('');
      confirmReason.setValue('');
      announce(t('partner.transfers.confirmed', { code: paid.ticket_code }));
    },
    onError: (error) => {
      if (!endSessionIfUnauthorized(error)) confirmField.setError(errorText(error, t));
    },
    onSettled: () => refreshAfterWrite(queryClient, { queryKey: ['partner', token] }),
  });
  const submitConfirm = (event: FormEvent) => {
    event.preventDefault();
    const code = confirmField.value.trim().toUpperCase();
    if (!CODE.test(code)) return confirmField.setError(t('partner.transfers.code_invalid'));
    confirmField.setError(null);
    if (!confirmReason.value.trim()) return confirmReason.setError(t('partner.transfers.hand_reason_required'));
    confirmReason.setError(null);
    confirm.mutate({ code, reason: confirmReason.value.trim() });
  };

  const items = list.data ?? [];
  return (
    <div className="partner-list-wrap">
      <h2 className="partner-transfers-heading">{t('partner.transfers.confirm_heading')}</h2>
      <form className="partner-transfer-form card" onSubmit={submitConfirm} noValidate>
        <p>{t('partner.transfers.confirm_intro')}</p>
        <ReasonField id="transfer-confirm-reason" field={confirmReason} />
        <label htmlFor="transfer-confirm-code">{t('partner.transfers.ticket_code')}</label>
        <div className="partner-transfer-row">
          <input
            id="transfer-confirm-code"
            className="field-input"
            value={confirmField.value}
            autoCapitalize="characters"
            aria-invalid={confirmField.error ? true : undefined}
            aria-describedby={confirmField.error ? 'transfer-confirm-error' : undefined}
            onChange={(event) => confirmField.setValue(event.target.value)}
          />
          <button type="submit" className="button button-primary" disabled={confirm.isPending}>
            {confirm.isPending ? t('partner.busy') : t('partner.transfers.confirm')}
          </button>
        </div>
        {confirmField.error && (
          <p id="transfer-confirm-error" className="field-error" role="alert">
            {confirmField.error}
          </p>
        )}
      </form>
      <h2 className="partner-transfers-heading" id="partner-transfers-unmatched">
        {t('partner.transfers.unmatched_heading')}
      </h2>
      <ListStart
        list={list}
        loading={t('partner.transfers.loading')}
        empty={list.data && items.length === 0 ? t('partner.transfers.empty') : null}
      />
      {items.length > 0 && (
        <ul className="partner-list" aria-labelledby="partner-transfers-unmatched">
          {items.map((item) => (
            <TransferItem
              key={item.id}
              item={item}
              busy={match.isPending && match.variables.id === item.id}
              failure={failed?.id === item.id ? failed.text : null}
              onMatch={(code, reason) => match.mutate({ id: item.id, code, reason })}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
