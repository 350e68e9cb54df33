// The form of every sign-in and account dialog (the passenger's sign-in, sign-up and forgotten password, the partner
// staff's and the business partner's sign-in), written once: a Formik form checked with its contract schema, its first
// field focused as it opens, the fields, the failure of the last attempt (the server's message, role=alert) and a
// submit button busy while the call runs, so a second press sends nothing; then what follows the form.
import { Formik, type FormikProps, type FormikValues } from 'formik';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyObject, ObjectSchema } from 'yup';
import { FormAlert, SubmitButton, submitOnce, submitWithPasswordCheck, useFocusFirst, useFormRef } from './form-controls';
import { errorText, validateWith } from './form-errors';

/** The failure line of a form: what it shows, and how a caller shows another message (or none). */
export interface Failure {
  message: string | null;
  show(message: string | null): void;
}

export function useFailure(initial: string | null = null): Failure {
  const [message, show] = useState(initial);
  return { message, show };
}

interface AuthFormProps<Values extends FormikValues> {
  initialValues: Values;
  schema: ObjectSchema<AnyObject>;
  /** Values the schema reads that are no field of the form (the reset ticket). */
  schemaExtra?: Record<string, unknown>;
  /** A password and its re-entry: a re-entry that does not match is cleared and the form says why (spec 5). */
  checkPasswords?: boolean;
  submitLabel: string;
  /** Calls the server; what it throws is shown as the failure. The failure line is cleared as it starts. */
  onSubmit(values: Values): Promise<void>;
  /** The failure line, when the caller shows messages of its own in it; by default the form keeps its own. */
  failure?: Failure;
  /** Offered with the failure (the sign-in's "verify now"). */
  failureAction?: ReactNode;
  /** The fields, above the failure line. */
  children: ReactNode;
  /** After the submit button: the ways to another dialog. */
  after?: ReactNode;
}

export function AuthForm<Values extends FormikValues>({
  initialValues,
  schema,
  schemaExtra,
  checkPasswords,
  submitLabel,
  onSubmit,
  failure: given,
  failureAction,
  children,
  after,
}: AuthFormProps<Values>) {
  const { t } = useTranslation();
  const ref = useFormRef();
  useFocusFirst(ref);
  const own = useFailure();
  const failure = given ?? own;
  return (
    <Formik<Values>
      initialValues={initialValues}
      validate={(values) => validateWith(schema, { ...values, ...schemaExtra }, t)}
      onSubmit={async (values) => {
        failure.show(null);
        try {
          await onSubmit(values);
        } catch (error) {
          failure.show(errorText(error, t, { fieldMessage: true }));
        }
      }}
    >
      {(form) => (
        <form
          ref={ref}
          className="booking-form auth-form"
          noValidate
          onSubmit={(event) =>
            checkPasswords
              ? submitWithPasswordCheck(form as unknown as FormikProps<{ password: string; re_password: string }>, event)
              : submitOnce(form, event)
          }
        >
          {children}
          <FormAlert message={failure.message}>{failureAction}</FormAlert>
          <SubmitButton busy={form.isSubmitting}>{submitLabel}</SubmitButton>
          {after}
        </form>
      )}
    </Formik>
  );
}
