import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from './lib/i18n';
import { useLoadedQueryClient } from './lib/query-loader';

// The query client arrives after the first paint (lib/query-loader.ts), with the persisted cache restored
// (lib/query-runtime.ts). Its context is always rendered, so its arrival changes a value and remounts nothing; only
// this context object is part of the first load, not TanStack Query. Components that use queries are lazy and load
// after the client (withMessages).
export function Providers({ queryClient, children }: { queryClient?: QueryClient; children: ReactNode }) {
  const loaded = useLoadedQueryClient();
  return (
    <QueryClientContext value={queryClient ?? loaded}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientContext>
  );
}
