// The business account screen (spec 1: business partners book on credit and top up): the sign-in, then
// the company with a sign-out, the credit balance, the result of a top-up the card gateway sent the browser back
// from (?top_up=<ref>), the top-up form (which goes to the gateway) and the newest ledger entries; with the
// loading, error and offline states.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLang } from '../../../lib/use-lang';
import { errorText } from '../../../components/form/form-errors';
import { useOnline } from '../../../lib/use-online';
import {
  businessCalls,
  businessQueries,
  type BusinessSession,
  businessSessionExpired,
  clearBusinessSession,
  endBusinessSessionIfUnauthorized,
  useBusinessSession,
} from '../api';
import { BalanceCard } from './balance-card';
import { BusinessLoginForm } from './login-form';
import { Ledger } from './ledger';
import { TopUpForm } from './top-up-form';
import { TopUpResult } from './top-up-result';
import '../business.css';

/** The top-up reference the gateway sent the browser back with, kept once the address is cleaned. */
function useReturnedTopUp(): [string | null, () => void] {
  const lang = useLang();
  const navigate = useNavigate();
  const search = useRouterState({ select: (state) => state.location.search as Record<string, unknown> });
  const fromUrl = typeof search.top_up === 'string' && search.top_up ? search.top_up : null;
  const [ref, setRef] = useState<string | null>(fromUrl);
  const [seen, setSeen] = useState<string | null>(fromUrl);
  if (fromUrl && fromUrl !== seen) {
    setSeen(fromUrl);
    setRef(fromUrl);
  }
  useEffect(() => {
    if (!fromUrl) return;
    // The gateway's signed parameters have done their job: the address goes back to the plain screen.
    void navigate({ to: '/$lang/business-account', params: { lang }, replace: true });
  }, [fromUrl, lang, navigate]);
  return [ref, () => setRef(null)];
}

function AccountHeader({ session }: { session: BusinessSession }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The server ends the session; the token is forgotten here whatever that call answers (offline included).
  const signOut = () => {
    businessCalls.logout(session.token).catch(() => undefined);
    clearBusinessSession();
    queryClient.removeQueries({ queryKey: ['partner', 'business'] });
  };
  return (
    <header className="business-header">
      <div>
        <h1 id="business-heading">{t('business.title')}</h1>
        <p className="business-who">
          <span className="business-company">{session.companyName}</span>
          <span>{session.email}</span>
        </p>
      </div>
      <button type="button" className="button" onClick={signOut}>
        {t('business.sign_out')}
      </button>
    </header>
  );
}

function SignedIn({ session }: { session: BusinessSession }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [returned, dismiss] = useReturnedTopUp();
  const credit = useQuery(businessQueries.credit(session.token));
  useEffect(() => {
    if (credit.error) endBusinessSessionIfUnauthorized(credit.error);
  }, [credit.error]);
  return (
    <section className="page business-account" aria-labelledby="business-heading">
      <AccountHeader session={session} />
      {!online && (
        <div className="notice notice-warn" role="status">
          <p>{t('business.offline')}</p>
        </div>
      )}
      {returned && <TopUpResult token={session.token} topUpRef={returned} onDismiss={dismiss} />}
      {credit.isPending && online && (
        <p className="status-busy" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('business.loading')}
        </p>
      )}
      {credit.isError && (
        <div className="notice notice-error" role="alert">
          <p>{errorText(credit.error, t)}</p>
          <button type="button" className="button" onClick={() => void credit.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {credit.data && <BalanceCard balance={credit.data.credit_balance} />}
      <TopUpForm token={session.token} online={online} />
      {credit.data && <Ledger entries={credit.data.entries} />}
    </section>
  );
}

export function BusinessAccountPage() {
  const { t } = useTranslation();
  const session = useBusinessSession();
  useDocumentTitle(`${t('business.title')} – Vivu`);
  if (!session) {
    return (
      <div className="page business-account">
        <BusinessLoginForm notice={businessSessionExpired() ? t('leads.errors.business_unauthorized') : null} />
      </div>
    );
  }
  return <SignedIn session={session} />;
}
