// The desk's Numbers area (admin, finance): a range of Vietnam days (the last 30 by default), the range's totals, and
// one table at a time, by day, partner or service, each with its totals row and its CSV, then the inbox's answer
// times against their promises. Every figure is the server's; a ticket counts on the day it was booked.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskMe } from '../../../../shared/contract/desk';
import {
  addDays,
  NUMBERS_DEFAULT_DAYS,
  NUMBERS_TABLES,
  numbersQuerySchema,
  type NumbersCsvTable,
  type NumbersTable,
} from '../../../../shared/contract/desk-numbers';
import { vnParts } from '../../../../shared/domain/vn-time';
import { NativeField } from '../../../components/form/fields';
import { FormAlert } from '../../../components/form/form-controls';
import { errorText, validateWith } from '../../../components/form/form-errors';
import { useLang } from '../../../lib/use-lang';
import { downloadNumbersCsv, numbersQueries, type NumbersRangeInput } from '../numbers-api';
import { NumbersAnswers } from './numbers-answers';
import { figureText, NUMBERS_FIGURES, NumbersTableView } from './numbers-table';
import './numbers.css';

const FIELDS = ['from', 'to'] as const;
const pad = (value: number) => String(value).padStart(2, '0');

/** Today in Vietnam, yyyy-mm-dd. */
function vnToday(): string {
  const parts = vnParts(Date.now());
  return `${parts.year}-${pad(parts.month + 1)}-${pad(parts.day)}`;
}

export function NumbersArea({ token }: { token: string; me: DeskMe }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [today] = useState(vnToday);
  const [range, setRange] = useState<Required<NumbersRangeInput>>(() => ({
    from: addDays(today, 1 - NUMBERS_DEFAULT_DAYS),
    to: today,
  }));
  const [table, setTable] = useState<NumbersTable>('days');
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState<string | null>(null);
  const numbers = useQuery({ ...numbersQueries.range(token, range), placeholderData: keepPreviousData });
  const data = numbers.data;

  const download = async (name: NumbersCsvTable) => {
    if (!data) return;
    setDownloading(true);
    setDownloadFailed(null);
    try {
      await downloadNumbersCsv(token, { from: data.from, to: data.to }, name, lang);
    } catch (error) {
      setDownloadFailed(errorText(error, t));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="desk-area numbers-area" aria-labelledby="desk-numbers-heading">
      <h1 id="desk-numbers-heading">{t('desk_numbers.title')}</h1>
      <Formik
        initialValues={range}
        validate={(values) => validateWith(numbersQuerySchema, values, t, FIELDS)}
        validateOnChange={false}
        validateOnBlur={false}
        onSubmit={(values) => {
          // A day left empty reads as the default's: today, and the 30 days ending on the last day.
          const to = values.to || today;
          setRange({ from: values.from || addDays(to, 1 - NUMBERS_DEFAULT_DAYS), to });
        }}
      >
        {(form) => (
          <form className="desk-card numbers-range" aria-label={t('desk_numbers.range')} noValidate onSubmit={form.handleSubmit}>
            <NativeField name="from" type="date" label={t('desk_numbers.from')} max={today} />
            <NativeField name="to" type="date" label={t('desk_numbers.to')} max={today} />
            <button type="submit" className="button button-primary">
              {t('desk_numbers.apply')}
            </button>
          </form>
        )}
      </Formik>
      <p className="field-hint">{t('desk_numbers.lead', { percent: data?.commission_percent ?? '…' })}</p>
      {numbers.isPending && (
        <p className="status-busy" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('desk_numbers.loading')}
        </p>
      )}
      {numbers.isError && (
        <FormAlert message={errorText(numbers.error, t)}>
          <button type="button" className="button" onClick={() => void numbers.refetch()}>
            {t('desk_numbers.retry')}
          </button>
        </FormAlert>
      )}
      {data && (
        <>
          <dl className="numbers-totals" aria-label={t('desk_numbers.totals')} aria-busy={numbers.isFetching}>
            {NUMBERS_FIGURES.map((key) => (
              <div key={key} className="desk-card">
                <dt>{t(`desk_numbers.figures.${key}`)}</dt>
                <dd data-total={key}>{figureText(data.totals, key)}</dd>
              </div>
            ))}
          </dl>
          <div className="numbers-bar">
            <div className="numbers-switch" role="group" aria-label={t('desk_numbers.group_by')}>
              {NUMBERS_TABLES.map((name) => (
                <button key={name} type="button" className="button" aria-pressed={name === table} onClick={() => setTable(name)}>
                  {t(`desk_numbers.tables.${name}`)}
                </button>
              ))}
            </div>
            <button type="button" className="button" disabled={downloading} onClick={() => void download(table)}>
              {t('desk_numbers.download', { table: t(`desk_numbers.tables.${table}`) })}
            </button>
          </div>
          <FormAlert message={downloadFailed} />
          <NumbersTableView numbers={data} table={table} />
          <NumbersAnswers answers={data.answers} downloading={downloading} onDownload={() => void download('answers')} />
        </>
      )}
    </section>
  );
}
