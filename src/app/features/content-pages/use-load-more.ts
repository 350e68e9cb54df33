// "Load more" for a paged list: fetches the next page, then moves focus to the first new item's link so a keyboard
// or screen-reader user carries on reading where the new items start (the button may disappear on the last page).
import { useRef } from 'react';

export function useLoadMore(fetchNextPage: () => Promise<unknown>, shown: number) {
  const listRef = useRef<HTMLUListElement>(null);
  const loadMore = async () => {
    const before = shown;
    await fetchNextPage();
    requestAnimationFrame(() => {
      const links = listRef.current?.querySelectorAll<HTMLAnchorElement>('.post-card-title a');
      links?.[before]?.focus();
    });
  };
  return { listRef, loadMore };
}
