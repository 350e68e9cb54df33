import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, type ReactNode } from 'react';
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
import { PhoneAddForm } from './phone-add-form';
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

/**
 * A contact's value with what is known of it: verified (a code sent to it came back), not verified, or nothing said
 * (null: a user record stored before the sign-up e-mail was kept does not tell).
 */
function Contact({ value, verified }: { value: string; verified: boolean | null }) {
  const { t } = useTranslation();
  return (
    <>
      <span>{value}</span>
      {verified !== null && (
        <>
          {' '}
          <span className={verified ? 'contact-mark contact-verified' : 'contact-mark'}>
            {verified ? t('account.verified') : t('account.not_verified')}
          </span>
        </>
      )}
    </>
  );
}

/**
 * The summary's rows say what is true of each contact. A signed-in account's phone is verified (its sign-up, or the
 * code that added it); an account signed up with an e-mail has that e-mail verified; the profile's contact e-mail is
 * only what was typed, unless it is that same e-mail.
 */
function summaryRows(user: StoredUser, t: TFunction): Array<[string, ReactNode]> {
  const loginEmail = user.loginEmail ?? '';
  const rows: Array<[string, ReactNode]> = [
    [t('account.fullname'), user.fullname || t('account.not_set')],
    [
      t('account.phone'),
      user.phone ? <Contact value={formatPhone(user.phone)} verified={user.verifiedPhone} /> : t('account.not_set'),
    ],
  ];
  if (loginEmail) rows.push([t('account.login_email'), <Contact value={loginEmail} verified={user.verifiedPhone} />]);
  if (!loginEmail || (user.email && user.email !== loginEmail))
    rows.push([
      loginEmail ? t('account.contact_email') : t('account.email'),
      user.email ? <Contact value={user.email} verified={user.loginEmail === undefined ? null : false} /> : t('account.not_set'),
    ]);
  return rows;
}

/** The account page (spec 2; login required): summary, phone to add, balance, referral code, profile, password, recent bookings. */
export function AccountPage({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('account.title')} – Vivu`);
  const balance = useMemberBalance(user);
  return (
    <section className="page account-page" aria-labelledby="account-heading">
      <h1 id="account-heading">{t('account.title')}</h1>
      <section className="card account-section" aria-labelledby="summary-heading">
        <h2 id="summary-heading">{t('account.summary')}</h2>
        <DetailsList rows={summaryRows(user, t)} />
      </section>
      <PhoneAddForm user={user} />
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
