import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterWrite } from './refresh-queries';

/** A list on a server: each read answers what it holds when the read is made, after `delayMs`. */
function slowList(delayMs: number) {
  const rows = ['seeded'];
  const read = () => {
    const seen = [...rows];
    return new Promise<string[]>((resolve) => setTimeout(() => resolve(seen), delayMs));
  };
  return { rows, read };
}

/** A list shown by an observer whose first read is under way (it read the rows) when a row is written. */
async function writeDuringFirstRead() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
  const server = slowList(50);
  const observer = new QueryObserver(queryClient, { queryKey: ['codes'], queryFn: server.read });
  const unsubscribe = observer.subscribe(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 5));
  server.rows.push('created');
  return { queryClient, unsubscribe };
}

describe('refreshAfterWrite', () => {
  it('shows a write made while the first read of the list was under way', async () => {
    const { queryClient, unsubscribe } = await writeDuringFirstRead();
    await refreshAfterWrite(queryClient, { queryKey: ['codes'] });
    expect(queryClient.getQueryData(['codes'])).toEqual(['seeded', 'created']);
    unsubscribe();
  });

  it('is needed: an invalidation alone answers with the read from before the write', async () => {
    const { queryClient, unsubscribe } = await writeDuringFirstRead();
    await queryClient.invalidateQueries({ queryKey: ['codes'] });
    expect(queryClient.getQueryData(['codes'])).toEqual(['seeded']);
    unsubscribe();
  });
});
