// What the passenger's account dialogs share: the dialog itself (titled, `auth-dialog`), the username's starting
// values (the country the passenger is most likely in, nothing typed), and the links that switch to another dialog.
import type { ReactNode } from 'react';
import type { PhoneValues } from '../../../components/form/form-controls';
import { Dialog } from '../../../components/ui/dialog';
import { useDefaultCountry } from '../../../lib/use-default-country';

export function AuthDialog({
  title,
  onClose,
  describedBy,
  children,
}: {
  title: string;
  onClose(): void;
  /** The id of a line inside that says why the dialog opened, read out with its title. */
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open title={title} onClose={onClose} className="auth-dialog" describedBy={describedBy}>
      {children}
    </Dialog>
  );
}

/** The username field's values before anything is typed: the default country's calling code. */
export function usePhoneStart(): PhoneValues {
  const country = useDefaultCountry();
  return { phone_iso: country.iso, phone_code: country.dial, phone_number: '' };
}

export interface AuthLink {
  /** The sentence before the link ("No account?"). */
  lead?: string;
  label: string;
  onClick(): void;
}

function LinkButton({ label, onClick }: AuthLink) {
  return (
    <button type="button" className="link-button" onClick={onClick}>
      {label}
    </button>
  );
}

function LeadAndLink(link: AuthLink) {
  return (
    <>
      {link.lead && `${link.lead} `}
      <LinkButton {...link} />
    </>
  );
}

/**
 * The ways from one account dialog to another, on a line under its form. One way is the line itself; several share
 * it, a way with a lead-in kept in a paragraph of its own so its sentence stays together.
 */
export function AuthLinks({ links }: { links: [AuthLink, ...AuthLink[]] }) {
  const [only] = links;
  if (links.length === 1) {
    return (
      <p className="auth-links">
        <LeadAndLink {...only} />
      </p>
    );
  }
  return (
    <div className="auth-links">
      {links.map((link) =>
        link.lead ? (
          <p key={link.label}>
            <LeadAndLink {...link} />
          </p>
        ) : (
          <LinkButton key={link.label} {...link} />
        ),
      )}
    </div>
  );
}
