// The result of a top-up after the card gateway sent the browser back: asked from the server (the gateway's
// callback is what settles it, the address says nothing trusted), again every TOP_UP_POLL_MS while it is still
// pending, up to TOP_UP_POLL_MAX_MS; a paid one refreshes the balance and the ledger.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOP_UP_POLL_MAX_MS, TOP_UP_POLL_MS } from '../../../../shared/contract/business';
import { formatVnd } from '../../../../shared/domain/money';
import { errorText } from '../../../components/form/form-errors';
import { businessQueries, endBusinessSessionIfUnauthorized } from '../api';
import { TOP_UP_RESULT_KEY } from '../credit-rules';
import { refreshAfterWrite } from '../../../lib/refresh-queries';

export function TopUpResult({ token, topUpRef, onDismiss }: { token: string; topUpRef: string; onDismiss(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [startedAt] = useState(() => Date.now());
  const status = useQuery({
    ...businessQueries.topUp(token, topUpRef),
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && Date.now() - startedAt < TOP_UP_POLL_MAX_MS ? TOP_UP_POLL_MS : false,
  });
  const heading = useRef<HTMLDivElement>(null);
  const settled = status.data?.status;
  useEffect(() => {
    if (settled === 'paid') void refreshAfterWrite(queryClient, { queryKey: ['partner', 'business', token, 'credit'] });
    if (settled && settled !== 'pending') heading.current?.focus();
  }, [settled, queryClient, token]);
  useEffect(() => {
    if (status.error) endBusinessSessionIfUnauthorized(status.error);
  }, [status.error]);

  const tone = settled === 'paid' ? 'notice-ok' : settled === 'pending' || !settled ? '' : 'notice-error';
  return (
    <div
      ref={heading}
      tabIndex={-1}
      className={`notice ${status.isError ? 'notice-error' : tone} business-result`}
      role={settled === 'failed' || settled === 'expired' || status.isError ? 'alert' : 'status'}
      data-testid="business-top-up-result"
    >
      {status.isPending && (
        <p>
          <span className="spinner" aria-hidden="true" /> {t('business.top_up.checking')}
        </p>
      )}
      {status.isError && <p>{errorText(status.error, t)}</p>}
      {status.data && (
        <p>{t(TOP_UP_RESULT_KEY[status.data.status], { amount: formatVnd(status.data.amount), ref: status.data.ref })}</p>
      )}
      <button type="button" className="link-button" onClick={onDismiss}>
        {t('business.top_up.dismiss')}
      </button>
    </div>
  );
}
