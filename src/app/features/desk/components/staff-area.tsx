// The desk's Staff area (admins): every desk login with its role and how far its sign-in is set up; an admin adds a
// member (e-mail and role: the set-password link goes to that e-mail), changes a role (the member's sessions end),
// removes a member (at once) and sends a new link. Each answer is announced; a refusal says why.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DESK_ROLES,
  deskStaffAddSchema,
  type DeskMe,
  type DeskRole,
  type DeskStaffMember,
} from '../../../../shared/contract/desk';
import { TextField } from '../../../components/form/fields';
import { FormAlert, SubmitButton, submitOnce } from '../../../components/form/form-controls';
import { errorText, fieldErrors, validateWith } from '../../../components/form/form-errors';
import { useLang } from '../../../lib/use-lang';
import { deskCalls, deskQueries } from '../api';
import { refreshAfterWrite } from '../../../lib/refresh-queries';

const FIELDS = ['email', 'role'] as const;

const stateKey = (member: DeskStaffMember) =>
  member.enrolled
    ? 'desk.staff.state_ready'
    : member.has_password
      ? 'desk.staff.state_no_authenticator'
      : 'desk.staff.state_waiting';

export function StaffArea({ token, me }: { token: string; me: DeskMe }) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const staff = useQuery(deskQueries.staff(token));
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = () => refreshAfterWrite(queryClient, { queryKey: deskQueries.staff(token).queryKey });

  const act = async (work: () => Promise<string>) => {
    setNotice(null);
    setFailure(null);
    try {
      setNotice(await work());
    } catch (error) {
      setFailure(errorText(error, t));
    }
    await refresh();
  };
  const roleName = (role: string) => t(`desk.roles.${role}`);

  return (
    <section className="desk-area" aria-labelledby="desk-staff-heading">
      <h1 id="desk-staff-heading">{t('desk.staff.title')}</h1>
      <Formik
        initialValues={{ email: '', role: 'support' as DeskRole }}
        validate={(values) => validateWith(deskStaffAddSchema, { ...values, lang }, t, FIELDS)}
        validateOnChange={false}
        validateOnBlur={false}
        onSubmit={async (values, helpers) => {
          setNotice(null);
          setFailure(null);
          try {
            const added = await deskCalls.addStaff(token, { ...values, lang });
            setNotice(t('desk.staff.added', { email: added.email }));
            helpers.resetForm();
            await refresh();
          } catch (error) {
            helpers.setErrors(fieldErrors(error, FIELDS, t));
            setFailure(errorText(error, t));
          }
        }}
      >
        {(form) => (
          <form className="desk-card desk-add" noValidate onSubmit={(event) => submitOnce(form, event)}>
            <h2>{t('desk.staff.add_title')}</h2>
            <TextField name="email" type="email" label={t('desk.staff.email')} autoCapitalize="none" spellCheck={false} />
            <label className="field-label" htmlFor="desk-add-role">
              {t('desk.staff.role')}
            </label>
            <select
              id="desk-add-role"
              className="field-input"
              value={form.values.role}
              onChange={(event) => void form.setFieldValue('role', event.target.value)}
            >
              {DESK_ROLES.map((role) => (
                <option key={role} value={role}>
                  {roleName(role)}
                </option>
              ))}
            </select>
            <SubmitButton busy={form.isSubmitting}>{t('desk.staff.add')}</SubmitButton>
          </form>
        )}
      </Formik>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <FormAlert message={failure} />
      {staff.error && <FormAlert message={errorText(staff.error, t)} />}
      <div className="desk-table-wrap">
        <table className="desk-table">
          <caption>{t('desk.staff.list_label')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('desk.staff.email')}</th>
              <th scope="col">{t('desk.staff.role')}</th>
              <th scope="col">{t('desk.staff.state')}</th>
              <th scope="col">{t('desk.staff.since')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('desk.staff.remove')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(staff.data?.items ?? []).map((member) => (
              <tr key={member.id}>
                <th scope="row">
                  {member.email}
                  {member.id === me.staff.id && ` (${t('desk.staff.you')})`}
                </th>
                <td>
                  <select
                    aria-label={t('desk.staff.change_role', { email: member.email })}
                    className="field-input"
                    value={member.role}
                    onChange={(event) => {
                      const role = event.target.value as DeskRole;
                      void act(async () => {
                        const changed = await deskCalls.setRole(token, member.id, role);
                        return t('desk.staff.role_changed', { email: changed.email, role: roleName(changed.role) });
                      });
                    }}
                  >
                    {DESK_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {roleName(role)}
                      </option>
                    ))}
                  </select>
                </td>
                <td>{t(stateKey(member))}</td>
                <td>
                  {new Date(member.created_at).toLocaleDateString(lang === 'vi' ? 'vi-VN' : 'en-GB', {
                    timeZone: 'Asia/Ho_Chi_Minh',
                  })}
                </td>
                <td className="desk-row-actions">
                  <button
                    type="button"
                    className="button"
                    onClick={() =>
                      void act(async () => {
                        const sent = await deskCalls.resendLink(token, member.id, lang);
                        return t('desk.staff.link_sent', { email: sent.email });
                      })
                    }
                  >
                    {t('desk.staff.resend')}
                  </button>
                  <button
                    type="button"
                    className="button button-danger"
                    onClick={() => {
                      if (!window.confirm(t('desk.staff.confirm_remove', { email: member.email }))) return;
                      void act(async () => {
                        await deskCalls.removeStaff(token, member.id);
                        return t('desk.staff.removed', { email: member.email });
                      });
                    }}
                  >
                    {t('desk.staff.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
