// The console's Staff tab (owners only; the server checks it on every call): the partner's staff logins with their
// roles, a new member added by name, phone and role (the member gets a one-time set-password link by SMS), a new link
// sent to a member (a lost or expired one, or a forgotten password; the older links die), a role changed, a login
// removed after a confirmation. A removed or re-roled member is signed out at once. The partner's
// last owner cannot be removed or demoted (the server's answer is shown). What was typed stays on a refusal.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { staffAddSchema, type StaffMember } from '../../../../shared/contract/partner-join';
import { PARTNER_ROLES, type PartnerRole } from '../../../../shared/contract/partner-roles';
import { DEFAULT_PHONE_CODE, formatPhone } from '../../../../shared/domain/phone';
import { errorText, fieldErrors, validateWith } from '../../../components/form/form-errors';
import { useLang } from '../../../lib/use-lang';
import { joinCalls, staffQuery } from '../join-api';
import { endSessionIfUnauthorized } from '../session';
import { useAnnounce } from './announce';
import { refreshAfterWrite } from '../../../lib/refresh-queries';

const ADD_FIELDS = ['fullname', 'phone', 'role'] as const;
type AddValues = { fullname: string; phone: string; role: PartnerRole };

function AddStaffForm({ token, onAdded }: { token: string; onAdded(member: StaffMember): void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const [values, setValues] = useState<AddValues>({ fullname: '', phone: '', role: 'dispatcher' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (input: AddValues) => joinCalls.addStaff(token, { ...input, phone_code: DEFAULT_PHONE_CODE, lang }),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = await validateWith(staffAddSchema, { ...values, phone_code: DEFAULT_PHONE_CODE, lang }, t, ADD_FIELDS);
    setErrors(found);
    if (Object.keys(found).length) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    try {
      const member = await add.mutateAsync(values);
      setValues({ fullname: '', phone: '', role: 'dispatcher' });
      onAdded(member);
    } catch (error) {
      if (endSessionIfUnauthorized(error)) return;
      setErrors(fieldErrors(error, ADD_FIELDS, t));
      setFailure(errorText(error, t));
    }
  };
  const field = (name: keyof AddValues) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: keyof AddValues) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;
  return (
    <form className="staff-add" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('partner_join.staff.add')}</h3>
      <div className="staff-add-fields">
        <div className="field">
          <label htmlFor={`${id}-fullname`}>{t('partner_join.staff.name')}</label>
          <input
            {...field('fullname')}
            className="field-input"
            autoComplete="off"
            value={values.fullname}
            onChange={(event) => setValues({ ...values, fullname: event.target.value })}
          />
          {error('fullname')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-phone`}>{t('partner_join.staff.phone')}</label>
          <input
            {...field('phone')}
            className="field-input"
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            value={values.phone}
            onChange={(event) => setValues({ ...values, phone: event.target.value.replace(/\D/g, '') })}
          />
          {error('phone')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-role`}>{t('partner_join.staff.role')}</label>
          <select
            {...field('role')}
            className="field-input"
            value={values.role}
            onChange={(event) => setValues({ ...values, role: event.target.value as PartnerRole })}
          >
            {PARTNER_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`partner_join.staff.roles.${role}`)} – {t(`partner_join.staff.role_hints.${role}`)}
              </option>
            ))}
          </select>
          {error('role')}
        </div>
      </div>
      {failure && (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={add.isPending}>
        {add.isPending ? t('partner_join.staff.adding') : t('partner_join.staff.add')}
      </button>
    </form>
  );
}

function StaffRow({ member, token, self }: { member: StaffMember; token: string; self: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = () => refreshAfterWrite(queryClient, { queryKey: ['partner', token, 'staff'] });
  const change = useMutation({
    mutationFn: async (action: { remove: true } | { role: PartnerRole }) =>
      'remove' in action ? joinCalls.removeStaff(token, member.id) : joinCalls.setRole(token, member.id, action.role),
    onSuccess: (_data, action) => {
      setFailure(null);
      setConfirming(false);
      announce(
        'remove' in action
          ? t('partner_join.staff.removed', { name: member.fullname })
          : t('partner_join.staff.role_changed', {
              name: member.fullname,
              role: t(`partner_join.staff.roles.${action.role}`),
            }),
      );
      void refresh();
    },
    onError: (error) => {
      if (endSessionIfUnauthorized(error)) return;
      setFailure(errorText(error, t));
    },
  });
  const resend = useMutation({
    mutationFn: () => joinCalls.resendLink(token, member.id, lang),
    onSuccess: (sent) => {
      setFailure(null);
      announce(t('partner_join.staff.link_sent', { name: member.fullname, phone: formatPhone(sent.phone) }));
    },
    onError: (error) => {
      if (endSessionIfUnauthorized(error)) return;
      setFailure(errorText(error, t));
    },
  });
  const busy = change.isPending || resend.isPending;
  const roleId = `staff-role-${member.id}`;
  return (
    <li className="staff-item">
      <div className="staff-who">
        <strong>{member.fullname}</strong>
        {self && <span className="badge">{t('partner_join.staff.you')}</span>}
        <span className="staff-phone">{formatPhone(member.phone)}</span>
        {!member.has_password && <span className="field-hint">{t('partner_join.staff.waiting')}</span>}
      </div>
      <div className="staff-actions">
        <label htmlFor={roleId} className="visually-hidden">
          {t('partner_join.staff.change_role', { name: member.fullname })}
        </label>
        <select
          id={roleId}
          className="field-input"
          value={member.role}
          disabled={busy}
          onChange={(event) => change.mutate({ role: event.target.value as PartnerRole })}
        >
          {PARTNER_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`partner_join.staff.roles.${role}`)}
            </option>
          ))}
        </select>
        {confirming ? (
          <span
            className="staff-confirm"
            role="group"
            aria-label={t('partner_join.staff.remove_confirm', { name: member.fullname })}
          >
            <span>{t('partner_join.staff.remove_confirm', { name: member.fullname })}</span>
            <button type="button" className="button button-danger" onClick={() => change.mutate({ remove: true })}>
              {t('partner_join.staff.remove')}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {t('partner_join.staff.keep')}
            </button>
          </span>
        ) : (
          <>
            <button
              type="button"
              className="button"
              disabled={busy}
              aria-label={t('partner_join.staff.send_link_to', { name: member.fullname })}
              onClick={() => resend.mutate()}
            >
              {resend.isPending ? t('partner_join.staff.sending_link') : t('partner_join.staff.send_link')}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => setConfirming(true)}>
              {t('partner_join.staff.remove')}
            </button>
          </>
        )}
      </div>
      {failure && (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      )}
    </li>
  );
}

export function StaffPanel({ token, staffId, labelId }: { token: string; staffId: number; labelId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const list = useQuery(staffQuery(token));
  useEffect(() => {
    if (list.error) endSessionIfUnauthorized(list.error);
  }, [list.error]);
  return (
    <section className="staff-panel" aria-labelledby={labelId}>
      <h2 className="visually-hidden">{t('partner_join.staff.title')}</h2>
      <p className="field-hint">{t('partner_join.staff.lead')}</p>
      {list.isPending ? (
        <p role="status">{t('partner_join.staff.loading')}</p>
      ) : list.error ? (
        <div className="notice notice-error" role="alert">
          <p>{t('partner_join.staff.error')}</p>
          <button type="button" className="button" onClick={() => void list.refetch()}>
            {t('partner_join.staff.retry')}
          </button>
        </div>
      ) : list.data.items.length === 0 ? (
        <p>{t('partner_join.staff.empty')}</p>
      ) : (
        <ul className="staff-list">
          {list.data.items.map((member) => (
            <StaffRow key={member.id} member={member} token={token} self={member.id === staffId} />
          ))}
        </ul>
      )}
      <AddStaffForm
        token={token}
        onAdded={(member) => {
          announce(t('partner_join.staff.added', { name: member.fullname, phone: formatPhone(member.phone) }));
          void refreshAfterWrite(queryClient, { queryKey: ['partner', token, 'staff'] });
        }}
      />
    </section>
  );
}
