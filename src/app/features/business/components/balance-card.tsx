// The credit balance, the first thing a business partner looks for.
import { useTranslation } from 'react-i18next';
import { formatVnd } from '../../../../shared/domain/money';

export function BalanceCard({ balance }: { balance: number }) {
  const { t } = useTranslation();
  return (
    <section className="card business-balance" aria-labelledby="business-balance-heading">
      <h2 id="business-balance-heading">{t('business.balance')}</h2>
      <p className="business-balance-amount" data-testid="business-balance">
        {formatVnd(balance)}
      </p>
      <p className="field-hint">{t('business.balance_hint')}</p>
    </section>
  );
}
