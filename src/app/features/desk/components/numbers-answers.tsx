// The inbox's answer times in the Numbers area: per kind of item received in the range, how many were answered within
// their promise or late, how many wait (past their promise: overdue), and the first answers' minutes. The server's
// figures; a kind without a promise shows its counts and minutes only.
import { useTranslation } from 'react-i18next';
import type { NumbersAnswer } from '../../../../shared/contract/desk-numbers';

/** Minutes as hours and minutes (95 → "1 h 35 min"), or a dash before any answer. */
function minutesText(minutes: number | null, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (minutes === null) return '–';
  const hours = Math.floor(minutes / 60);
  return hours
    ? t('desk_numbers.answers.hours_minutes', { hours, minutes: minutes % 60 })
    : t('desk_numbers.answers.minutes', { minutes });
}

const COUNTS = ['received', 'answered', 'within_promise', 'late', 'waiting', 'overdue'] as const;

export function NumbersAnswers({
  answers,
  onDownload,
  downloading,
}: {
  answers: NumbersAnswer[];
  onDownload(): void;
  downloading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="numbers-answers" aria-labelledby="desk-numbers-answers">
      <div className="numbers-bar">
        <h2 id="desk-numbers-answers">{t('desk_numbers.answers.title')}</h2>
        <button type="button" className="button" disabled={downloading} onClick={onDownload}>
          {t('desk_numbers.download', { table: t('desk_numbers.answers.title') })}
        </button>
      </div>
      <div className="desk-table-wrap" tabIndex={0} role="region" aria-labelledby="desk-numbers-answers">
        <table className="desk-table">
          <thead>
            <tr>
              <th scope="col">{t('desk_numbers.answers.kind')}</th>
              {COUNTS.map((key) => (
                <th key={key} scope="col" className="numbers-figure">
                  {t(`desk_numbers.answers.${key}`)}
                </th>
              ))}
              <th scope="col" className="numbers-figure">
                {t('desk_numbers.answers.average')}
              </th>
              <th scope="col" className="numbers-figure">
                {t('desk_numbers.answers.slowest')}
              </th>
            </tr>
          </thead>
          <tbody>
            {answers.map((row) => (
              <tr key={row.kind}>
                <th scope="row">{t(`desk_inbox.kinds.${row.kind}`)}</th>
                {COUNTS.map((key) => (
                  <td key={key} className="numbers-figure">
                    {row[key].toLocaleString('vi-VN')}
                  </td>
                ))}
                <td className="numbers-figure">{minutesText(row.average_minutes, t)}</td>
                <td className="numbers-figure">{minutesText(row.max_minutes, t)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
