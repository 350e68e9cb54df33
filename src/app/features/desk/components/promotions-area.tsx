// The desk's Promotions area (finance, admin): the codes with their limits, true use counts and state, filtered and
// paged by the server; a dialog holds the form of a new code or of the chosen code's limits; each code paused or
// resumed from its row. Each answer is announced; a refusal says why.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { payMethodName } from '../../../../shared/contract/booking';
import type { DeskMe } from '../../../../shared/contract/desk';
import {
  PROMOTION_STATES,
  type DeskPromotion,
  type DeskPromotionQuery,
  type PromotionState,
} from '../../../../shared/contract/desk-promotions';
import { PROMOTION_PERCENT_MAX } from '../../../../shared/domain/fare-total';
import { formatVnd } from '../../../../shared/domain/money';
import { FormAlert } from '../../../components/form/form-controls';
import { Dialog } from '../../../components/ui/dialog';
import { errorText } from '../../../components/form/form-errors';
import { useLang } from '../../../lib/use-lang';
import { promotionCalls, promotionQueries } from '../promotions-api';
import { deskTicketQueries } from '../tickets-api';
import { PromotionForm } from './promotion-form';
import { DeskPager } from './desk-pager';
import '../promotions-settings.css';
import { refreshAfterWrite } from '../../../lib/refresh-queries';

const discountText = (value: number) => (value <= PROMOTION_PERCENT_MAX ? `${value}%` : formatVnd(value));
/** "2027-02-01" as the desk's language writes a day. */
const dayText = (day: string, lang: string) => {
  const [year, month, date] = day.split('-');
  return lang === 'vi' ? `${Number(date)}/${Number(month)}/${year}` : `${date}/${month}/${year}`;
};

export function PromotionsArea({ token }: { token: string; me: DeskMe }) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<DeskPromotionQuery>({ page: 1 });
  const [draft, setDraft] = useState({ state: '', q: '' });
  /** The code whose form is open in the dialog ('new' for a new code), else null. */
  const [formFor, setFormFor] = useState<DeskPromotion | 'new' | null>(null);
  const editing = formFor === 'new' ? null : formFor;
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const list = useQuery({ ...promotionQueries.page(token, filters), placeholderData: keepPreviousData });
  // The partners' names for the codes limited to some (a number until the names have come).
  const partners = useQuery(deskTicketQueries.partners(token));
  const partnerName = (id: number) => partners.data?.items.find((partner) => partner.id === id)?.name ?? `#${id}`;
  const refresh = () => refreshAfterWrite(queryClient, { queryKey: promotionQueries.all(token) });
  const page = list.data;

  const toggle = async (promotion: DeskPromotion) => {
    setNotice(null);
    setFailure(null);
    try {
      const changed = promotion.paused
        ? await promotionCalls.resume(token, promotion.id)
        : await promotionCalls.pause(token, promotion.id);
      setNotice(t(changed.paused ? 'desk_promotions.paused_notice' : 'desk_promotions.resumed_notice', { code: changed.code }));
    } catch (error) {
      setFailure(errorText(error, t));
    }
    await refresh();
  };

  const limits = (promotion: DeskPromotion) =>
    [
      promotion.min_order > 0 && t('desk_promotions.limit_min_order', { amount: formatVnd(promotion.min_order) }),
      promotion.max_uses_per_phone !== null && t('desk_promotions.limit_per_phone', { n: promotion.max_uses_per_phone }),
      promotion.pay_method_ids.length > 0 &&
        t('desk_promotions.limit_methods', { methods: promotion.pay_method_ids.map((id) => payMethodName(id, lang)).join(', ') }),
      !promotion.hourly && t('desk_promotions.limit_no_hourly'),
      promotion.partner_ids.length > 0 &&
        t('desk_promotions.limit_partners', { partners: promotion.partner_ids.map(partnerName).join(', ') }),
      promotion.airport_codes.length > 0 && t('desk_promotions.limit_airports', { airports: promotion.airport_codes.join(', ') }),
    ].filter((line): line is string => Boolean(line));

  return (
    <section className="desk-area" aria-labelledby="desk-promotions-heading">
      <div className="promo-head">
        <h1 id="desk-promotions-heading">{t('desk_promotions.title')}</h1>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            setNotice(null);
            setFormFor('new');
          }}
        >
          {t('desk_promotions.new_title')}
        </button>
      </div>
      <form
        className="desk-card desk-filters"
        aria-label={t('desk_promotions.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({
            page: 1,
            ...(draft.state ? { state: draft.state as PromotionState } : {}),
            ...(draft.q.trim() ? { q: draft.q.trim() } : {}),
          });
        }}
      >
        <label>
          <span className="field-label">{t('desk_promotions.state')}</span>
          <select
            className="field-input"
            value={draft.state}
            onChange={(event) => setDraft({ ...draft, state: event.target.value })}
          >
            <option value="">{t('desk_promotions.all_states')}</option>
            {PROMOTION_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`desk_promotions.states.${state}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="field-label">{t('desk_promotions.search')}</span>
          <input
            className="field-input"
            value={draft.q}
            maxLength={30}
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          />
        </label>
        <button type="submit" className="button button-primary">
          {t('desk_promotions.apply')}
        </button>
      </form>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <FormAlert message={failure} />
      <div>
        {list.isPending && <p aria-busy="true">{t('desk_promotions.loading')}</p>}
        {list.error && <FormAlert message={errorText(list.error, t)} />}
        {page && page.items.length === 0 && <p>{t('desk_promotions.empty')}</p>}
        {page && page.items.length > 0 && (
          <div className="desk-table-wrap">
            <table className="desk-table promo-table">
              <caption>{t('desk_promotions.page', { page: page.page, pages: page.pages, total: page.total })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('desk_promotions.code')}</th>
                  <th scope="col">{t('desk_promotions.discount')}</th>
                  <th scope="col">{t('desk_promotions.dates')}</th>
                  <th scope="col">{t('desk_promotions.uses')}</th>
                  <th scope="col">{t('desk_promotions.state')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('desk_promotions.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((promotion) => (
                  <tr key={promotion.id}>
                    <th scope="row">
                      <span className="promo-code">{promotion.code}</span>
                      {limits(promotion).map((line) => (
                        <span key={line} className="promo-limit">
                          {line}
                        </span>
                      ))}
                    </th>
                    <td data-label={t('desk_promotions.discount')}>{discountText(promotion.value)}</td>
                    <td data-label={t('desk_promotions.dates')}>
                      {promotion.valid_from || promotion.valid_to
                        ? `${promotion.valid_from ? dayText(promotion.valid_from, lang) : '…'} – ${
                            promotion.valid_to ? dayText(promotion.valid_to, lang) : '…'
                          }`
                        : t('desk_promotions.always')}
                    </td>
                    <td data-label={t('desk_promotions.uses')}>
                      {promotion.max_uses === null
                        ? promotion.uses
                        : t('desk_promotions.uses_of', { uses: promotion.uses, max: promotion.max_uses })}
                    </td>
                    <td data-label={t('desk_promotions.state')}>
                      <span className={`promo-state promo-state-${promotion.state}`}>
                        {t(`desk_promotions.states.${promotion.state as PromotionState}`)}
                      </span>
                    </td>
                    <td>
                      <div className="desk-row-actions">
                        <button
                          type="button"
                          className="button"
                          aria-label={t('desk_promotions.edit_code', { code: promotion.code })}
                          onClick={() => {
                            setNotice(null);
                            setFormFor(promotion);
                          }}
                        >
                          {t('desk_promotions.edit')}
                        </button>
                        <button
                          type="button"
                          className="button"
                          aria-label={t(promotion.paused ? 'desk_promotions.resume_code' : 'desk_promotions.pause_code', {
                            code: promotion.code,
                          })}
                          onClick={() => void toggle(promotion)}
                        >
                          {t(promotion.paused ? 'desk_promotions.resume' : 'desk_promotions.pause')}
                        </button>
                      </div>
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
            previous={t('desk_promotions.previous')}
            next={t('desk_promotions.next')}
          />
        )}
      </div>
      <Dialog
        open={formFor !== null}
        title={editing ? t('desk_promotions.edit_title', { code: editing.code }) : t('desk_promotions.new_title')}
        onClose={() => setFormFor(null)}
        className="promo-dialog"
      >
        <PromotionForm
          key={editing?.id ?? 'new'}
          token={token}
          editing={editing}
          onSaved={(saved, created) => {
            setFailure(null);
            setNotice(t(created ? 'desk_promotions.created_notice' : 'desk_promotions.saved_notice', { code: saved.code }));
            setFormFor(null);
            void refresh();
          }}
          onCancel={() => setFormFor(null)}
        />
      </Dialog>
    </section>
  );
}
