// The authenticator's enrolment, right after the password is set (or at the first sign-in of a login that never
// finished it): the secret as a QR code and as text, confirmed by one code of the app before it counts. The QR code
// is drawn as an SVG image by the qrcode package (an <img>: no inline script or style), in the desk's own chunk.
import { Formik } from 'formik';
import { toString as toQrSvg } from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deskEnrolSchema, type DeskEnrolment, type DeskSession } from '../../../../shared/contract/desk';
import { TextField } from '../../../components/form/fields';
import { FormAlert, SubmitButton, submitOnce } from '../../../components/form/form-controls';
import { errorText, fieldErrors, validateWith } from '../../../components/form/form-errors';
import { deskCalls } from '../api';

const FIELDS = ['code'] as const;

/** The secret in groups of four, as authenticator apps show keys. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

export function EnrolPanel({ enrolment, onSignedIn }: { enrolment: DeskEnrolment; onSignedIn(session: DeskSession): void }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void toQrSvg(enrolment.uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }).then((svg) => {
      if (live) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [enrolment.uri]);

  return (
    <section className="desk-card desk-enrol" aria-labelledby="desk-enrol-heading">
      <h2 id="desk-enrol-heading">{t('desk.enrol.title')}</h2>
      <p className="field-hint">{t('desk.enrol.lead')}</p>
      <div className="desk-enrol-secret">
        {qr ? (
          <img src={qr} width={200} height={200} alt={t('desk.enrol.qr', { email: enrolment.email })} />
        ) : (
          <div className="desk-qr-space" />
        )}
        <p>
          {t('desk.enrol.secret')}: <code data-testid="desk-secret">{grouped(enrolment.secret)}</code>
        </p>
      </div>
      <Formik
        initialValues={{ code: '' }}
        validate={(values) => validateWith(deskEnrolSchema, { ...values, enrol_token: enrolment.enrol_token }, t, FIELDS)}
        validateOnChange={false}
        validateOnBlur={false}
        onSubmit={async (values, helpers) => {
          setFailure(null);
          try {
            onSignedIn(await deskCalls.enrol({ enrol_token: enrolment.enrol_token, code: values.code }));
          } catch (error) {
            helpers.setErrors(fieldErrors(error, FIELDS, t));
            setFailure(errorText(error, t));
          }
        }}
      >
        {(form) => (
          <form noValidate onSubmit={(event) => submitOnce(form, event)}>
            <TextField name="code" label={t('desk.enrol.code')} inputMode="numeric" autoComplete="one-time-code" digitsOnly />
            <FormAlert message={failure} />
            <SubmitButton busy={form.isSubmitting}>{t('desk.enrol.submit')}</SubmitButton>
          </form>
        )}
      </Formik>
    </section>
  );
}
