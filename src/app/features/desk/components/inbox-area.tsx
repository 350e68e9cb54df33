// The desk's Inbox area (support, admins): the requests people wait on Vivu's staff for, filtered and paged by the
// server (kind, state, overdue, taken by me), each with its promise clock and who took it, beside the chosen item
// (inbox-detail.tsx). On a phone the list and the item take the screen in turn.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskMe } from '../../../../shared/contract/desk';
import { INBOX_KINDS, INBOX_STATE_FILTERS, type InboxItem, type InboxListQuery } from '../../../../shared/contract/desk-inbox';
import { formatVnDateTime } from '../../../../shared/domain/vn-time';
import { FormAlert } from '../../../components/form/form-controls';
import { errorText } from '../../../components/form/form-errors';
import { inboxQueries } from '../inbox-api';
import { InboxClockText } from './inbox-clock';
import { InboxDetail } from './inbox-detail';
import { DeskPager } from './desk-pager';
import '../desk-inbox.css';

export function InboxArea({ token, me }: { token: string; me: DeskMe }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<InboxListQuery>({ page: 1, state: 'active' });
  const [chosen, setChosen] = useState<number | null>(null);
  const list = useQuery({ ...inboxQueries.list(token, filters), placeholderData: keepPreviousData });
  const page = list.data;
  const filter = (change: Partial<InboxListQuery>) => setFilters((current) => ({ ...current, ...change, page: 1 }));

  return (
    <section className="desk-area" aria-labelledby="desk-inbox-heading">
      <h1 id="desk-inbox-heading">{t('desk_inbox.title')}</h1>
      <div className={`inbox-layout${chosen === null ? '' : ' inbox-chosen'}`}>
        <div className="inbox-list-pane">
          <form
            className="desk-card inbox-filters"
            aria-label={t('desk_inbox.filters')}
            onSubmit={(event) => event.preventDefault()}
          >
            <label>
              <span className="field-label">{t('desk_inbox.kind')}</span>
              <select
                className="field-input"
                value={filters.kind ?? ''}
                onChange={(event) => filter({ kind: (event.target.value || undefined) as InboxListQuery['kind'] })}
              >
                <option value="">{t('desk_inbox.all_kinds')}</option>
                {INBOX_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`desk_inbox.kinds.${kind}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span className="field-label">{t('desk_inbox.state')}</span>
              <select
                className="field-input"
                value={filters.state ?? ''}
                onChange={(event) => filter({ state: (event.target.value || undefined) as InboxListQuery['state'] })}
              >
                <option value="">{t('desk_inbox.all_states')}</option>
                {INBOX_STATE_FILTERS.map((state) => (
                  <option key={state} value={state}>
                    {t(`desk_inbox.states.${state}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="inbox-check">
              <input
                type="checkbox"
                checked={Boolean(filters.overdue)}
                onChange={(event) => filter({ overdue: event.target.checked || undefined })}
              />
              {t('desk_inbox.overdue')}
            </label>
            <label className="inbox-check">
              <input
                type="checkbox"
                checked={Boolean(filters.mine)}
                onChange={(event) => filter({ mine: event.target.checked || undefined })}
              />
              {t('desk_inbox.mine')}
            </label>
          </form>
          {list.error && <FormAlert message={errorText(list.error, t)} />}
          {!page && !list.error && <p aria-busy="true">{t('desk_inbox.loading')}</p>}
          {page && page.items.length === 0 && <p>{t('desk_inbox.empty')}</p>}
          {page && page.items.length > 0 && (
            <>
              <p className="inbox-count" aria-live="polite">
                {t('desk_inbox.page', { page: page.page, pages: page.pages, total: page.total })}
              </p>
              <ul className="inbox-list" aria-label={t('desk_inbox.list_label')}>
                {page.items.map((item) => (
                  <li key={item.id}>
                    <ItemRow item={item} chosen={item.id === chosen} onChoose={() => setChosen(item.id)} />
                  </li>
                ))}
              </ul>
            </>
          )}
          {page && (
            <DeskPager
              page={page.page}
              hasNext={page.page < page.pages}
              onPage={(number) => setFilters((current) => ({ ...current, page: number }))}
              previous={t('desk_inbox.previous')}
              next={t('desk_inbox.next')}
            />
          )}
        </div>
        <div className="inbox-detail-pane">
          {chosen === null ? (
            <p className="inbox-choose">{t('desk_inbox.choose')}</p>
          ) : (
            <InboxDetail token={token} id={chosen} staffId={me.staff.id} onBack={() => setChosen(null)} />
          )}
        </div>
      </div>
    </section>
  );
}

function ItemRow({ item, chosen, onChoose }: { item: InboxItem; chosen: boolean; onChoose(): void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`inbox-row${item.clock.overdue ? ' inbox-row-overdue' : ''}`}
      aria-current={chosen ? 'true' : undefined}
      onClick={onChoose}
    >
      <span className="inbox-row-top">
        <span className="inbox-kind">{t(`desk_inbox.kinds.${item.kind}`)}</span>
        <span className="inbox-state">{t(`desk_inbox.states.${item.state}`)}</span>
      </span>
      <strong className="inbox-name">{item.name}</strong>
      {item.summary && <span className="inbox-summary">{item.summary}</span>}
      <span className="inbox-row-bottom">
        <InboxClockText clock={item.clock} />
        <span>{item.taken_by ? t('desk_inbox.taken_by', { email: item.taken_by.email }) : t('desk_inbox.not_taken')}</span>
      </span>
      <span className="visually-hidden">{t('desk_inbox.received', { at: formatVnDateTime(new Date(item.received_at)) })}</span>
    </button>
  );
}
