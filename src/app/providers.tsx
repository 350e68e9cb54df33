import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from './lib/i18n';
import { queryPersistOptions } from './lib/query-client';

// Made once: the provider restores the encrypted cache on mount and saves it (throttled) on every change.
const persistOptions = queryPersistOptions();

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </PersistQueryClientProvider>
  );
}
