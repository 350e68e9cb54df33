// The desk's Content area (admin, content staff): the site's texts of one kind (static pages, FAQ categories and
// questions, news, blog posts, landing pages), found by words and status and paged by the server; opening one shows
// its editor (desk-content-editor.tsx) in place of the list, and Back returns to the list as it was.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskMe } from '../../../../shared/contract/desk';
import {
  DESK_CONTENT_KINDS,
  DESK_CONTENT_STATUSES,
  type DeskContentKind,
  type DeskContentListQuery,
} from '../../../../shared/contract/desk-content';
import { FormAlert } from '../../../components/form/form-controls';
import { errorText } from '../../../components/form/form-errors';
import { useLang } from '../../../lib/use-lang';
import { deskContentQueries, type DeskContentRefValue } from '../content-api';
import { ContentCreate } from './content-create';
import { ContentEditor } from './content-editor';
import { savedAtText } from './content-field';
import { DeskPager } from './desk-pager';
import './content-area.css';
import { refreshAfterWrite } from '../../../lib/refresh-queries';

export function ContentArea({ token }: { token: string; me: DeskMe }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [query, setQuery] = useState<DeskContentListQuery>({ kind: 'faq', search: '', status: '', page: 1 });
  const [words, setWords] = useState('');
  const [open, setOpen] = useState<(DeskContentRefValue & { notice?: string }) | null>(null);
  const [creating, setCreating] = useState(false);
  const queryClient = useQueryClient();
  const list = useQuery({ ...deskContentQueries.list(token, query), placeholderData: keepPreviousData });
  const page = list.data;

  if (open)
    return (
      <ContentEditor token={token} item={{ kind: open.kind, key: open.key }} notice={open.notice} onBack={() => setOpen(null)} />
    );
  if (creating)
    return (
      <ContentCreate
        token={token}
        onCancel={() => setCreating(false)}
        onCreated={(item) => {
          const ref = { kind: item.kind as DeskContentKind, key: item.key };
          queryClient.setQueryData(deskContentQueries.item(token, ref).queryKey, item);
          void refreshAfterWrite(queryClient, { queryKey: [...deskContentQueries.all(token), 'list'] });
          setCreating(false);
          setWords('');
          // The list shows the new item's kind when the member comes back.
          setQuery((current) => ({ ...current, kind: ref.kind, search: '', status: '', page: 1 }));
          setOpen({ ...ref, notice: t('desk_content.new.created') });
        }}
      />
    );

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery((current) => ({ ...current, search: words.trim(), page: 1 }));
  };

  return (
    <section className="desk-area" aria-labelledby="desk-content-heading">
      <div className="desk-content-head">
        <h1 id="desk-content-heading">{t('desk_content.title')}</h1>
        <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
          {t('desk_content.new.open')}
        </button>
      </div>
      <form className="desk-card desk-filters" aria-label={t('desk_content.filters')} onSubmit={search}>
        <label>
          <span className="field-label">{t('desk_content.kind')}</span>
          <select
            className="field-input"
            value={query.kind}
            onChange={(event) => setQuery((current) => ({ ...current, kind: event.target.value as DeskContentKind, page: 1 }))}
          >
            {DESK_CONTENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`desk_content.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="field-label">{t('desk_content.status')}</span>
          <select
            className="field-input"
            value={query.status}
            onChange={(event) =>
              setQuery((current) => ({ ...current, status: event.target.value as DeskContentListQuery['status'], page: 1 }))
            }
          >
            <option value="">{t('desk_content.all_statuses')}</option>
            {DESK_CONTENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`desk_content.statuses.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="desk-content-search">
          <span className="field-label">{t('desk_content.search')}</span>
          <input
            type="search"
            className="field-input"
            value={words}
            maxLength={100}
            onChange={(event) => setWords(event.target.value)}
          />
        </label>
        <button type="submit" className="button button-primary">
          {t('desk_content.find')}
        </button>
      </form>
      {list.isPending && <p aria-busy="true">{t('desk_content.loading')}</p>}
      {list.error && <FormAlert message={errorText(list.error, t)} />}
      {page && page.items.length === 0 && <p>{t('desk_content.empty')}</p>}
      {page && page.items.length > 0 && (
        <div className="desk-table-wrap">
          <table className="desk-table desk-content-table">
            <caption>{t('desk_content.page', { page: page.page, pages: page.pages, total: page.total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('desk_content.title_vi')}</th>
                <th scope="col">{t('desk_content.title_en')}</th>
                <th scope="col">{t('desk_content.state')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('desk_content.open')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((item) => (
                <tr key={item.key}>
                  <th scope="row" lang="vi">
                    {item.title_vi}
                  </th>
                  <td lang="en">{item.title_en}</td>
                  <td>
                    <span className={item.published ? 'desk-content-state on' : 'desk-content-state off'}>
                      {t(item.published ? 'desk_content.published' : 'desk_content.unpublished')}
                    </span>
                    {item.draft_saved_at && (
                      <span className="desk-content-draft">
                        {t('desk_content.draft_at', { at: savedAtText(item.draft_saved_at, lang) })}
                      </span>
                    )}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button"
                      aria-label={t('desk_content.open_item', { title: item.title_vi })}
                      onClick={() => setOpen({ kind: item.kind as DeskContentKind, key: item.key })}
                    >
                      {t('desk_content.open')}
                    </button>
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
          onPage={(number) => setQuery((current) => ({ ...current, page: number }))}
          previous={t('desk_content.previous')}
          next={t('desk_content.next')}
        />
      )}
    </section>
  );
}
