import type { ReactNode } from 'react';

/** Label/value rows (a description list), with an optional emphasised total row last. */
export function DetailsList({
  rows,
  total,
  className = 'details',
}: {
  rows: [string, ReactNode][];
  total?: [string, ReactNode];
  className?: string;
}) {
  return (
    <dl className={className}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {total && (
        <div className="details-total">
          <dt>{total[0]}</dt>
          <dd aria-live="polite">{total[1]}</dd>
        </div>
      )}
    </dl>
  );
}
