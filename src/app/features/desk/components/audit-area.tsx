// The desk's Audit area (admins): the log of every staff action, newest first, filtered by member, action and days
// and paged by the server (the filters are the contract's query; nothing is filtered here).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DESK_AUDIT_ACTIONS,
  type DeskAuditAction,
  type DeskAuditEntry,
  type DeskAuditQuery,
  type DeskMe,
} from '../../../../shared/contract/desk';
import { FormAlert } from '../../../components/form/form-controls';
import { errorText } from '../../../components/form/form-errors';
import { useLang } from '../../../lib/use-lang';
import { deskQueries } from '../api';
import { DeskPager } from './desk-pager';

const fieldsOf = (side: unknown): Record<string, unknown> =>
  side && typeof side === 'object' ? (side as Record<string, unknown>) : {};

/** An entry's before and after, one line per field: "role: support → finance", "email: a@b.vn". */
export function changeLines(entry: Pick<DeskAuditEntry, 'before' | 'after'>): string[] {
  const before = fieldsOf(entry.before);
  const after = fieldsOf(entry.after);
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].map((key) => {
    const was = key in before ? String(before[key]) : null;
    const is = key in after ? String(after[key]) : null;
    if (was !== null && is !== null && was !== is) return `${key}: ${was} → ${is}`;
    return `${key}: ${is ?? was ?? ''}`;
  });
}

export function AuditArea({ token }: { token: string; me: DeskMe }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [filters, setFilters] = useState<DeskAuditQuery>({ page: 1 });
  const log = useQuery({ ...deskQueries.audit(token, filters), placeholderData: keepPreviousData });
  const staff = useQuery(deskQueries.staff(token));
  const when = (iso: string) =>
    new Date(iso).toLocaleString(lang === 'vi' ? 'vi-VN' : 'en-GB', {
      timeZone: 'Asia/Ho_Chi_Minh',
      dateStyle: 'short',
      timeStyle: 'medium',
    });
  const page = log.data;

  return (
    <section className="desk-area" aria-labelledby="desk-audit-heading">
      <h1 id="desk-audit-heading">{t('desk.audit.title')}</h1>
      <Formik
        initialValues={{ staff_id: '', action: '', from: '', to: '' }}
        onSubmit={(values) =>
          setFilters({
            page: 1,
            ...(values.staff_id ? { staff_id: Number(values.staff_id) } : {}),
            ...(values.action ? { action: values.action as DeskAuditAction } : {}),
            ...(values.from ? { from: values.from } : {}),
            ...(values.to ? { to: values.to } : {}),
          })
        }
      >
        {(form) => (
          <form className="desk-card desk-filters" aria-label={t('desk.audit.filters')} onSubmit={form.handleSubmit}>
            <label>
              <span className="field-label">{t('desk.audit.staff')}</span>
              <select className="field-input" {...form.getFieldProps('staff_id')}>
                <option value="">{t('desk.audit.all_staff')}</option>
                {(staff.data?.items ?? []).map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.email}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span className="field-label">{t('desk.audit.action')}</span>
              <select className="field-input" {...form.getFieldProps('action')}>
                <option value="">{t('desk.audit.all_actions')}</option>
                {DESK_AUDIT_ACTIONS.map((action) => (
                  <option key={action} value={action}>
                    {t(`desk.actions.${action}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span className="field-label">{t('desk.audit.from')}</span>
              <input type="date" className="field-input" {...form.getFieldProps('from')} />
            </label>
            <label>
              <span className="field-label">{t('desk.audit.to')}</span>
              <input type="date" className="field-input" {...form.getFieldProps('to')} />
            </label>
            <button type="submit" className="button button-primary">
              {t('desk.audit.apply')}
            </button>
          </form>
        )}
      </Formik>
      {log.error && <FormAlert message={errorText(log.error, t)} />}
      {page && page.items.length === 0 && <p>{t('desk.audit.empty')}</p>}
      {page && page.items.length > 0 && (
        <div className="desk-table-wrap">
          <table className="desk-table">
            <caption>{t('desk.audit.page', { page: page.page, pages: page.pages, total: page.total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('desk.audit.when')}</th>
                <th scope="col">{t('desk.audit.who')}</th>
                <th scope="col">{t('desk.audit.what')}</th>
                <th scope="col">{t('desk.audit.subject')}</th>
                <th scope="col">{t('desk.audit.change')}</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((entry) => (
                <tr key={entry.id}>
                  <td>{when(entry.at)}</td>
                  <td>{entry.staff_email}</td>
                  <td>{t(`desk.actions.${entry.action}`, { defaultValue: entry.action })}</td>
                  <td>{entry.subject}</td>
                  <td className="desk-change">
                    {changeLines(entry).map((line) => (
                      <div key={line}>{line}</div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page && (
        <DeskPager
          page={page.page}
          hasNext={page.page < page.pages}
          onPage={(number) => setFilters((current) => ({ ...current, page: number }))}
          previous={t('desk.audit.previous')}
          next={t('desk.audit.next')}
        />
      )}
    </section>
  );
}
