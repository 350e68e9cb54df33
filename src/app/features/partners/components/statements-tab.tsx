// The console's statements: a month picker, the month's totals (gross, Vivu's commission, Vivu's online collections
// and the drivers' cash, who owes whom), one row per day and one per ticket, and the month's CSV. Figures are the
// server's, shown as the app shows money (1.250.000đ); the CSV is fetched with the staff token and saved as a file.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STATEMENT_PATHS, statementResponseSchema, type StatementFigures } from '../../../../shared/contract/partner-statements';
import { formatVnd } from '../../../../shared/domain/money';
import { vnParts } from '../../../../shared/domain/vn-time';
import { apiGet } from '../../../lib/api-client';
import { apiDownload } from '../../../lib/api-download';
import { downloadBlob } from '../../../lib/download';
import { useLang } from '../../../lib/use-lang';
import { endSessionIfUnauthorized } from '../session';

const pad = (value: number) => String(value).padStart(2, '0');

/** The current month in Vietnam time, YYYY-MM. */
function thisMonth(): string {
  const parts = vnParts(Date.now());
  return `${parts.year}-${pad(parts.month + 1)}`;
}

const statementQuery = (token: string, month: string) =>
  queryOptions({
    queryKey: ['partner', token, 'statement', month],
    queryFn: async ({ signal }) =>
      (
        await apiGet(STATEMENT_PATHS.month, {
          query: { month },
          headers: { authorization: `Bearer ${token}` },
          schema: statementResponseSchema,
          signal,
        })
      ).data,
    staleTime: 30_000,
    retry: false,
  });

/** The month's CSV, fetched with the staff token and handed to the browser as a download. */
async function downloadCsv(token: string, month: string, lang: string): Promise<void> {
  const blob = await apiDownload(STATEMENT_PATHS.csv, { query: { month, lang }, headers: { authorization: `Bearer ${token}` } });
  downloadBlob(blob, `vivu-${month}.csv`);
}

const FIGURES = ['trips', 'cancelled_paid', 'gross', 'commission', 'online', 'cash', 'vivu_owes', 'partner_owes'] as const;
const COUNTS = new Set(['trips', 'cancelled_paid']);

function figure(figures: StatementFigures, key: (typeof FIGURES)[number]): string {
  return COUNTS.has(key) ? String(figures[key]) : formatVnd(figures[key]);
}

export function StatementsTab({ token }: { token: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const monthId = useId();
  const [month, setMonth] = useState(thisMonth);
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const statement = useQuery({ ...statementQuery(token, month), enabled: /^\d{4}-\d{2}$/.test(month) });
  useEffect(() => {
    if (statement.error) endSessionIfUnauthorized(statement.error);
  }, [statement.error]);

  const download = async () => {
    setDownloading(true);
    setDownloadFailed(false);
    try {
      await downloadCsv(token, month, lang);
    } catch (error) {
      endSessionIfUnauthorized(error);
      setDownloadFailed(true);
    } finally {
      setDownloading(false);
    }
  };

  const data = statement.data;
  return (
    <section className="partner-statements" aria-labelledby="partner-statements-title">
      <h2 id="partner-statements-title">{t('partner_statements.title')}</h2>
      <div className="partner-statements-bar">
        <label htmlFor={monthId}>{t('partner_statements.month')}</label>
        <input
          id={monthId}
          type="month"
          className="field-input"
          value={month}
          max={thisMonth()}
          onChange={(event) => setMonth(event.target.value)}
        />
        <button type="button" className="button" disabled={downloading || !data} onClick={() => void download()}>
          {t('partner_statements.download')}
        </button>
      </div>
      {downloadFailed && (
        <p className="field-error" role="alert">
          {t('partner_statements.error')}
        </p>
      )}
      {statement.isPending && statement.fetchStatus !== 'idle' && (
        <p className="status-busy" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('partner_statements.loading')}
        </p>
      )}
      {statement.isError && (
        <div className="notice notice-error" role="alert">
          <p>{t('partner_statements.error')}</p>
          <button type="button" className="button" onClick={() => void statement.refetch()}>
            {t('partner_statements.retry')}
          </button>
        </div>
      )}
      {data && (
        <>
          <p className="partner-statements-note">
            {t('partner_statements.commission_note', { percent: data.commission_percent })}
          </p>
          <dl className="partner-statements-totals" aria-label={t('partner_statements.totals')}>
            {FIGURES.map((key) => (
              <div key={key}>
                <dt>{t(`partner_statements.${key}`)}</dt>
                <dd data-figure={key}>{figure(data.totals, key)}</dd>
              </div>
            ))}
          </dl>
          <p className="partner-statements-net" data-figure="net">
            {data.totals.net >= 0
              ? t('partner_statements.net_to_partner', { amount: formatVnd(data.totals.net) })
              : t('partner_statements.net_to_vivu', { amount: formatVnd(-data.totals.net) })}
          </p>
          {data.tickets.length === 0 ? (
            <p className="partner-statements-empty">{t('partner_statements.empty')}</p>
          ) : (
            <>
              <h3>{t('partner_statements.days')}</h3>
              <div className="partner-statements-scroll" role="region" aria-label={t('partner_statements.days')} tabIndex={0}>
                <table className="partner-statements-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('partner_statements.date')}</th>
                      {FIGURES.map((key) => (
                        <th key={key} scope="col">
                          {t(`partner_statements.${key}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {data.days.map((day) => (
                      <tr key={day.date}>
                        <th scope="row">{day.date.split('-').reverse().join('/')}</th>
                        {FIGURES.map((key) => (
                          <td key={key}>{figure(day, key)}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">{t('partner_statements.totals')}</th>
                      {FIGURES.map((key) => (
                        <td key={key}>{figure(data.totals, key)}</td>
                      ))}
                    </tr>
                  </tfoot>
                </table>
              </div>
              <h3>{t('partner_statements.tickets')}</h3>
              <ul className="partner-statements-tickets">
                {data.tickets.map((ticket) => (
                  <li key={ticket.code} data-ticket={ticket.code}>
                    <span className="partner-ticket-code">{ticket.code}</span>
                    <span>
                      {ticket.date.split('-').reverse().join('/')} {ticket.time}
                    </span>
                    <span>
                      {t(`partner_statements.kind_${ticket.kind}`)} · {t(`partner_statements.channel_${ticket.channel}`)}
                    </span>
                    <span>
                      {t('partner_statements.gross')} {formatVnd(ticket.gross)} · {t('partner_statements.commission')}{' '}
                      <span data-commission>{formatVnd(ticket.commission)}</span>
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
