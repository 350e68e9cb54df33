// desk (/quan-tri, /en/admin): the operator desk. Opened from a set-password link, the password and the enrolment;
// signed out, its sign-in; signed in, the side navigation of the
// areas the member's role may use (the server's answer, never guessed here) beside the area chosen. A call that
// answers as an unknown route means the session is over (sign-out elsewhere, a role change, removal, 12 hours):
// the desk forgets it and shows the sign-in.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskArea, DeskMe, DeskSession } from '../../../../shared/contract/desk';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { deskCalls, deskQueries, endsSession } from '../api';
import { clearDeskSession, saveDeskSession, useDeskSession } from '../session';
import { AuditArea } from './audit-area';
import { NumbersArea } from './numbers-area';
import { PromotionsArea } from './promotions-area';
import { InboxArea } from './inbox-area';
import { ContentArea } from './content-area';
import { DeskSetPasswordPage, linkToken } from './set-password-page';
import { SettingsArea } from './settings-area';
import { SignInForm } from './sign-in-form';
import { StaffArea } from './staff-area';
import { TicketsArea } from './tickets-area';
import '../desk.css';

export function DeskPage() {
  const { t } = useTranslation();
  const session = useDeskSession();
  const [link, setLink] = useState(() => (typeof window === 'undefined' ? '' : linkToken(window.location.hash)));
  useDocumentTitle(`${t('desk.title')} – Vivu`);
  // The link's secret leaves the address once it has served (or is dead), so a reload or a Back does not reuse it.
  const leaveLink = () => {
    window.history.replaceState(window.history.state, '', window.location.pathname);
    setLink('');
  };
  if (link)
    return (
      <div className="page desk desk-narrow">
        <DeskSetPasswordPage
          token={link}
          onSignedIn={(signedIn) => {
            saveDeskSession(signedIn);
            leaveLink();
          }}
          onLeave={leaveLink}
        />
      </div>
    );
  if (!session)
    return (
      <div className="page desk desk-narrow">
        <SignInForm onSignedIn={(signedIn) => saveDeskSession(signedIn)} />
      </div>
    );
  return <DeskShell session={session} />;
}

function DeskShell({ session }: { session: DeskSession }) {
  const me = useQuery(deskQueries.me(session.token));
  useEffect(() => {
    if (me.error && endsSession(me.error)) clearDeskSession();
  }, [me.error]);
  if (!me.data) return <div className="page desk" aria-busy={me.isPending} />;
  return <SignedInDesk token={session.token} me={me.data} />;
}

const AREAS: Record<DeskArea, (props: { token: string; me: DeskMe }) => ReactNode> = {
  staff: StaffArea,
  audit: AuditArea,
  numbers: NumbersArea,
  tickets: TicketsArea,
  promotions: PromotionsArea,
  settings: SettingsArea,
  inbox: InboxArea,
  content: ContentArea,
};

function SignedInDesk({ token, me }: { token: string; me: DeskMe }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<DeskArea | null>(null);
  const area = chosen && me.areas.includes(chosen) ? chosen : (me.areas[0] ?? null);
  const Area = area ? AREAS[area] : null;
  const signOut = async () => {
    try {
      await deskCalls.logout(token);
    } catch (error) {
      if (!endsSession(error)) throw error;
    }
    clearDeskSession();
    queryClient.removeQueries({ queryKey: ['desk', token] });
  };
  return (
    <div className="page desk desk-signed-in">
      <header className="desk-top">
        <p className="desk-brand">{t('desk.title')}</p>
        <p className="desk-who">{t('desk.signed_in_as', { email: me.staff.email, role: t(`desk.roles.${me.staff.role}`) })}</p>
        <button type="button" className="button" onClick={() => void signOut()}>
          {t('desk.sign_out')}
        </button>
      </header>
      <nav className="desk-nav" aria-label={t('desk.nav_label')}>
        <ul>
          {me.areas.map((name) => (
            <li key={name}>
              <button type="button" aria-current={name === area ? 'page' : undefined} onClick={() => setChosen(name)}>
                {t(`desk.areas.${name}`)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="desk-main">{Area && <Area token={token} me={me} />}</div>
    </div>
  );
}
