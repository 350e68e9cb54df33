// The shared states of a home section's data: loading (a polite status), offline without data, an error
// with a retry button, empty, then the data. Each section shows its own state, so one failing call does not hide
// the others.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/form/form-errors';
import { useOnline } from '../../../lib/use-online';

interface Props<T> {
  query: UseQueryResult<T>;
  isEmpty(data: NoInfer<T>): boolean;
  emptyText: string;
  children(data: T): ReactNode;
}

export function SectionState<T>({ query, isEmpty, emptyText, children }: Props<T>) {
  const { t } = useTranslation();
  const online = useOnline();
  if (query.data !== undefined) {
    return isEmpty(query.data) ? <p className="home-empty">{emptyText}</p> : <>{children(query.data)}</>;
  }
  if (!online) {
    return (
      <p className="notice notice-warn" role="status">
        {t('home_sections.offline')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="notice notice-error" role="alert">
        <p>{errorText(query.error, t)}</p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          {t('home_sections.retry')}
        </button>
      </div>
    );
  }
  return (
    <div className="home-loading" role="status">
      <span className="visually-hidden">{t('home_sections.loading')}</span>
      <div className="home-skeleton" aria-hidden="true" />
    </div>
  );
}
