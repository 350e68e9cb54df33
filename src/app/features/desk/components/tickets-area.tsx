// The desk's Tickets area (support, finance, admin): the search form (code, phone, e-mail, name, pick-up days, partner,
// state) whose fields are the contract's query, filtered and paged by the server, the results table, and the ticket
// chosen with its timeline and actions below it.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskMe } from '../../../../shared/contract/desk';
import {
  DESK_TICKETS_ERROR_KEYS,
  deskTicketSearchSchema,
  type DeskTicketRow,
  type DeskTicketSearch,
} from '../../../../shared/contract/desk-tickets';
import { TRIP_STATES } from '../../../../shared/contract/tickets';
import { formatVnd } from '../../../../shared/domain/money';
import { formatPhone } from '../../../../shared/domain/phone';
import { TextField } from '../../../components/form/fields';
import { FormAlert } from '../../../components/form/form-controls';
import { errorText, validateWith } from '../../../components/form/form-errors';
import { deskTicketQueries } from '../tickets-api';
import { TicketTimeline } from './tickets-timeline';
import { DeskPager } from './desk-pager';
import '../tickets.css';

const SEARCH_FIELDS = ['code', 'phone', 'email', 'name', 'from', 'to', 'partner_id', 'state'] as const;
type SearchValues = Record<(typeof SEARCH_FIELDS)[number], string>;
const EMPTY: SearchValues = { code: '', phone: '', email: '', name: '', from: '', to: '', partner_id: '', state: '' };

/** The form's filled fields as the contract's query (an empty field filters nothing). */
function queryOf(values: SearchValues): DeskTicketSearch {
  const query: DeskTicketSearch = { page: 1 };
  for (const field of SEARCH_FIELDS) {
    const value = values[field].trim();
    if (!value) continue;
    if (field === 'partner_id') query.partner_id = Number(value);
    // The server checks each value against the contract (a state it does not know is a 400).
    else (query as Record<string, unknown>)[field] = value;
  }
  return query;
}

export function TicketsArea({ token, me }: { token: string; me: DeskMe }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<DeskTicketSearch>({ page: 1 });
  const [chosen, setChosen] = useState<string | null>(null);
  const results = useQuery({ ...deskTicketQueries.search(token, query), placeholderData: keepPreviousData });
  const partners = useQuery(deskTicketQueries.partners(token));
  const page = results.data;

  return (
    <section className="desk-area desk-tickets" aria-labelledby="desk-tickets-heading">
      <h1 id="desk-tickets-heading">{t('desk_tickets.title')}</h1>
      <Formik
        initialValues={EMPTY}
        validate={(values) => validateWith(deskTicketSearchSchema, { ...queryOf(values) }, t, SEARCH_FIELDS)}
        validateOnChange={false}
        validateOnBlur={false}
        onSubmit={(values) => setQuery(queryOf(values))}
      >
        {(form) => (
          <form
            className="desk-card desk-ticket-search"
            aria-label={t('desk_tickets.search')}
            noValidate
            onSubmit={form.handleSubmit}
          >
            <TextField name="code" label={t('desk_tickets.fields.code')} autoCapitalize="none" spellCheck={false} />
            <TextField name="phone" type="tel" label={t('desk_tickets.fields.phone')} inputMode="tel" />
            <TextField
              name="email"
              type="email"
              label={t('desk_tickets.fields.email')}
              autoCapitalize="none"
              spellCheck={false}
            />
            <TextField name="name" label={t('desk_tickets.fields.name')} hint={t('desk_tickets.fields.name_hint')} />
            <label className="desk-ticket-select">
              <span className="field-label">{t('desk_tickets.fields.from')}</span>
              <input type="date" className="field-input" {...form.getFieldProps('from')} />
            </label>
            <label className="desk-ticket-select">
              <span className="field-label">{t('desk_tickets.fields.to')}</span>
              <input type="date" className="field-input" {...form.getFieldProps('to')} />
            </label>
            <label className="desk-ticket-select">
              <span className="field-label">{t('desk_tickets.fields.partner')}</span>
              <select className="field-input" {...form.getFieldProps('partner_id')}>
                <option value="">{t('desk_tickets.fields.all_partners')}</option>
                {(partners.data?.items ?? []).map((partner) => (
                  <option key={partner.id} value={partner.id}>
                    {partner.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="desk-ticket-select">
              <span className="field-label">{t('desk_tickets.fields.state')}</span>
              <select className="field-input" {...form.getFieldProps('state')}>
                <option value="">{t('desk_tickets.fields.all_states')}</option>
                {TRIP_STATES.map((state) => (
                  <option key={state} value={state}>
                    {t(`desk_tickets.states.${state}`)}
                  </option>
                ))}
              </select>
            </label>
            {Object.keys(form.errors).length > 0 && form.submitCount > 0 && (
              <p className="field-error desk-ticket-search-error" role="alert">
                {t(DESK_TICKETS_ERROR_KEYS.filter)}
              </p>
            )}
            <div className="desk-ticket-search-buttons">
              <button type="submit" className="button button-primary">
                {t('desk_tickets.find')}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  form.resetForm();
                  setQuery({ page: 1 });
                }}
              >
                {t('desk_tickets.clear')}
              </button>
            </div>
          </form>
        )}
      </Formik>

      <div aria-live="polite" aria-busy={results.isFetching}>
        {results.error && <FormAlert message={errorText(results.error, t)} />}
        {results.isPending && <p>{t('desk_tickets.loading')}</p>}
        {page && page.items.length === 0 && <p>{t('desk_tickets.empty')}</p>}
      </div>
      {page && page.items.length > 0 && (
        <div className="desk-table-wrap">
          <table className="desk-table desk-ticket-table">
            <caption>{t('desk_tickets.results', { page: page.page })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('desk_tickets.columns.code')}</th>
                <th scope="col">{t('desk_tickets.columns.passenger')}</th>
                <th scope="col">{t('desk_tickets.columns.pick_up')}</th>
                <th scope="col">{t('desk_tickets.columns.partner')}</th>
                <th scope="col">{t('desk_tickets.columns.state')}</th>
                <th scope="col" className="desk-number">
                  {t('desk_tickets.columns.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((row) => (
                <ResultRow key={row.code} row={row} chosen={row.code === chosen} onOpen={() => setChosen(row.code)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page && (
        <DeskPager
          page={page.page}
          hasNext={page.more}
          onPage={(number) => setQuery((current) => ({ ...current, page: number }))}
          previous={t('desk_tickets.previous')}
          next={t('desk_tickets.next')}
        />
      )}
      {chosen && <TicketTimeline key={chosen} token={token} me={me} code={chosen} onClose={() => setChosen(null)} />}
    </section>
  );
}

function ResultRow({ row, chosen, onOpen }: { row: DeskTicketRow; chosen: boolean; onOpen(): void }) {
  const { t } = useTranslation();
  return (
    <tr aria-selected={chosen || undefined}>
      <td>
        <button type="button" className="link-button" onClick={onOpen} aria-label={t('desk_tickets.open', { code: row.code })}>
          {row.code}
        </button>
      </td>
      <td>
        <div>{row.fullname}</div>
        <div className="desk-muted">{formatPhone(row.phone)}</div>
      </td>
      <td>
        <div>{row.depart_time}</div>
        <div className="desk-muted desk-route">
          {row.drop_address ? `${row.pick_address} → ${row.drop_address}` : row.pick_address}
        </div>
      </td>
      <td>{row.partner.name}</td>
      <td>{t(`desk_tickets.states.${row.trip_state}`, { defaultValue: row.trip_state })}</td>
      <td className="desk-number">{formatVnd(row.total_cost)}</td>
    </tr>
  );
}
