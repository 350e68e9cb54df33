import { useTranslation } from 'react-i18next';
import { formatVnd } from '../../../../shared/domain/money';
import type { StoredUser } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DetailsList } from '../../../components/ui/details-list';

/** The account summary from the stored user record (spec 2, account page; login required). */
export function AccountPage({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('account.title')} – Vivu`);
  const rows: Array<[string, string]> = [
    [t('account.fullname'), user.fullname || t('account.not_set')],
    [t('account.phone'), user.phone || t('account.not_set')],
    [t('account.email'), user.email || t('account.not_set')],
    [t('account.referral_code'), user.referralCode || t('account.not_set')],
    [t('account.balance'), formatVnd(user.promotionCost)],
  ];
  return (
    <section className="page" aria-labelledby="account-heading">
      <h1 id="account-heading">{t('account.title')}</h1>
      <div className="card">
        <h2>{t('account.summary')}</h2>
        <DetailsList rows={rows} />
        <p className={user.verifiedPhone ? 'status status-ok' : 'status status-warn'}>
          {user.verifiedPhone ? t('account.verified') : t('account.not_verified')}
        </p>
      </div>
    </section>
  );
}
