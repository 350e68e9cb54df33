// One table of the desk's numbers: a row per day, partner or service with its five figures, and the totals row. It
// scrolls sideways inside its own box on a narrow screen, so the page itself never does.
import { useTranslation } from 'react-i18next';
import type { Numbers, NumbersFigures, NumbersTable } from '../../../../shared/contract/desk-numbers';
import { formatVnd } from '../../../../shared/domain/money';

export const NUMBERS_FIGURES = ['bookings', 'paid', 'cancelled', 'revenue', 'commission'] as const;
const MONEY = new Set<string>(['revenue', 'commission']);

export const figureText = (figures: NumbersFigures, key: (typeof NUMBERS_FIGURES)[number]): string =>
  MONEY.has(key) ? formatVnd(figures[key]) : String(figures[key]);

/** A Vietnam day yyyy-mm-dd as the desk shows dates: 05/01/2027. */
export const dayText = (day: string) => day.split('-').reverse().join('/');

interface Row {
  key: string;
  label: string;
  figures: NumbersFigures;
}

function rowsOf(numbers: Numbers, table: NumbersTable, serviceName: (service: string) => string): Row[] {
  if (table === 'partners')
    return numbers.partners.map((row) => ({
      key: String(row.partner_id),
      label: row.name || `#${row.partner_id}`,
      figures: row,
    }));
  if (table === 'services')
    return numbers.services.map((row) => ({ key: row.service, label: serviceName(row.service), figures: row }));
  return numbers.days.map((row) => ({ key: row.date, label: dayText(row.date), figures: row }));
}

export function NumbersTableView({ numbers, table }: { numbers: Numbers; table: NumbersTable }) {
  const { t } = useTranslation();
  const rows = rowsOf(numbers, table, (service) => t(`desk_numbers.services.${service}`));
  const title = t(`desk_numbers.tables.${table}`);
  return (
    <div className="numbers-scroll" role="region" aria-label={title} tabIndex={0}>
      <table className="numbers-table" data-table={table}>
        <caption>
          {title} · {t('desk_numbers.range_caption', { from: dayText(numbers.from), to: dayText(numbers.to) })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t(`desk_numbers.first_column.${table}`)}</th>
            {NUMBERS_FIGURES.map((key) => (
              <th key={key} scope="col">
                {t(`desk_numbers.figures.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={NUMBERS_FIGURES.length + 1}>{t('desk_numbers.empty')}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                {NUMBERS_FIGURES.map((key) => (
                  <td key={key} data-figure={key}>
                    {figureText(row.figures, key)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('desk_numbers.totals')}</th>
            {NUMBERS_FIGURES.map((key) => (
              <td key={key} data-figure={key}>
                {figureText(numbers.totals, key)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
