import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatVnd } from '../../../../shared/domain/money';
import { DetailsList } from '../../../components/ui/details-list';
import { RouteLink } from '../../../components/ui/route-link';
import { getStoredUser, saveStoredUser, type StoredUser } from '../../../lib/session';
import { forgetUserIfUnauthorized } from '../../../lib/forget-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLang } from '../../../lib/use-lang';
import { accountQueries } from '../account-api';
import { AccountReferral } from './account-referral';
import { ChangePasswordForm } from './change-password-form';
import { HistoryEmpty, HistoryItems } from './history-list';
import { HistoryError, HistoryLoading, useHistory } from './history-page';
import { ProfileForm } from './profile-form';
import { formatPhone } from '../../../../shared/domain/phone';

/** spec 2: the member balance is refreshed from get_member_promotion_cost when the page opens and stored. */
function useMemberBalance(user: StoredUser) {
  const lang = useLang();
  const balance = useQuery(accountQueries.memberBalance(user, lang));
  const fresh = balance.data?.promotion_cost;
  useEffect(() => {
    if (fresh === undefined) return;
    const current = getStoredUser();
    if (current && current.id === user.id && current.promotionCost !== fresh)
      saveStoredUser({ ...current, promotionCost: fresh });
  }, [fresh, user.id]);
  useEffect(() => {
    if (balance.error) forgetUserIfUnauthorized(balance.error);
  }, [balance.error]);
  return balance;
}

function RecentBookings({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const history = useHistory(user);
  // The first page (10, spec 9); the rest is on ticket-manage.
  const items = history.data?.pages[0]?.tickets ?? [];
  return (
    <section className="card account-section" aria-labelledby="recent-heading">
      <h2 id="recent-heading">{t('account.recent.title')}</h2>
      {history.isPending && <HistoryLoading />}
      {history.isError && !history.data && <HistoryError error={history.error} onRetry={() => void history.refetch()} />}
      {history.data && items.length === 0 && <HistoryEmpty />}
      {items.length > 0 && <HistoryItems items={items} label={t('account.recent.title')} />}
      {items.length > 0 && (
        <RouteLink name="ticket-manage" className="button button-block">
          {t('account.recent.all')}
        </RouteLink>
      )}
    </section>
  );
}

/** The account page (spec 2; login required): summary, referral code, balance, profile, password, recent bookings. */
export function AccountPage({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('account.title')} – Vivu`);
  const balance = useMemberBalance(user);
  const rows: Array<[string, string]> = [
    [t('account.fullname'), user.fullname || t('account.not_set')],
    [t('account.phone'), (user.phone && formatPhone(user.phone)) || t('account.not_set')],
    [t('account.email'), user.email || t('account.not_set')],
  ];
  return (
    <section className="page account-page" aria-labelledby="account-heading">
      <h1 id="account-heading">{t('account.title')}</h1>
      <section className="card account-section" aria-labelledby="summary-heading">
        <h2 id="summary-heading">{t('account.summary')}</h2>
        <DetailsList rows={rows} />
        <p className={user.verifiedPhone ? 'status status-ok' : 'status status-warn'}>
          {user.verifiedPhone ? t('account.verified') : t('account.not_verified')}
        </p>
      </section>
      <section className="card account-section" aria-labelledby="balance-heading">
        <h2 id="balance-heading">{t('account.balance')}</h2>
        <p className="account-balance" aria-live="polite" aria-busy={balance.isFetching || undefined}>
          {formatVnd(user.promotionCost)}
        </p>
        {balance.isError && (
          <p className="field-hint" role="status">
            {t('account.balance_stale')}
          </p>
        )}
        <p className="field-hint">{t('account.balance_hint')}</p>
      </section>
      <section className="card account-section" aria-labelledby="referral-heading">
        <h2 id="referral-heading">{t('account.referral_code')}</h2>
        <AccountReferral code={user.referralCode} />
      </section>
      <RecentBookings user={user} />
      <ProfileForm user={user} />
      <ChangePasswordForm user={user} />
    </section>
  );
}
