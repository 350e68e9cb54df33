// The queries behind an address box (spec 2, 7): the search keywords ("tsn") and the suggestions. A chunk of its
// own, loaded with the query runtime at the box's first focus, so the home page paints and takes its first
// tap without TanStack Query; the box (address-input.tsx) shows what this reports.
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { exchangeQuery } from '../../../../shared/domain/fold-text';
import type { Lang } from '../../../../shared/domain/route-table';
import { systemValue } from '../../../../shared/domain/system-config';
import { useSystemConfig } from '../../../lib/config-store';
import { placeQueries } from '../api';
import type { LookupState } from './address-input';

interface Props {
  query: string;
  lang: Lang;
  session: string;
  /** The box is open on a query long enough to search. */
  searching: boolean;
  onChange(state: LookupState): void;
}

export function PlaceLookup({ query, lang, session, searching, onChange }: Props) {
  const system = useSystemConfig();
  const keywords = useQuery(placeQueries.keywords(lang, systemValue(system, 'exchange_keyword_cache_minutes')));
  const searchText = (keywords.data && exchangeQuery(query, keywords.data)) || query;
  const results = useQuery({ ...placeQueries.autocomplete(searchText, lang, session), enabled: searching });
  // Before paint, so the list never shows another query's answer.
  useLayoutEffect(
    () => onChange({ ready: true, data: results.data, fetching: results.isFetching, success: results.isSuccess }),
    [onChange, results.data, results.isFetching, results.isSuccess],
  );
  return null;
}
