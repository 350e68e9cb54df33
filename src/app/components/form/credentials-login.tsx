// The sign-in screens apart from the passenger's account (the partner console's staff, the business partner): a
// heading and lead, the notice of why the last session ended, and the account form (AuthForm) of one identity field (phone or
// e-mail, given by the caller) and a password, validated with a contract schema; a refused sign-in shows the
// server's answer above the submit button. `signIn` keeps the session; what follows the form comes as children.
import type { ReactNode } from 'react';
import type { AnyObject, ObjectSchema } from 'yup';
import { AuthForm, useFailure } from './auth-form';
import { PasswordField } from './form-controls';

interface CredentialsLoginProps<Values extends { password: string }> {
  /** The screen's name: its class is `${name}-login`, its lead's `${name}-lead`, its heading's id `${name}-login-heading`. */
  name: string;
  title: string;
  lead: string;
  /** Why the last session ended (hidden while a sign-in failure is shown). */
  notice?: string | null;
  initialValues: Values;
  schema: ObjectSchema<AnyObject>;
  /** The identity field (phone or e-mail) above the password. */
  identityField: ReactNode;
  passwordLabel: string;
  submitLabel: string;
  /** Calls the server and keeps the session; a throw is shown as the failure. */
  signIn(values: Values): Promise<void>;
  /** After the form (e.g. the way to register). */
  children?: ReactNode;
}

export function CredentialsLogin<Values extends { password: string }>({
  name,
  title,
  lead,
  notice,
  initialValues,
  schema,
  identityField,
  passwordLabel,
  submitLabel,
  signIn,
  children,
}: CredentialsLoginProps<Values>) {
  const failure = useFailure();
  const headingId = `${name}-login-heading`;
  return (
    <section className={`${name}-login`} aria-labelledby={headingId}>
      <h1 id={headingId}>{title}</h1>
      <p className={`${name}-lead`}>{lead}</p>
      {notice && !failure.message && (
        <div className="notice notice-warn" role="status">
          <p>{notice}</p>
        </div>
      )}
      <AuthForm initialValues={initialValues} schema={schema} submitLabel={submitLabel} failure={failure} onSubmit={signIn}>
        {identityField}
        <PasswordField name="password" label={passwordLabel} autoComplete="current-password" />
      </AuthForm>
      {children}
    </section>
  );
}
