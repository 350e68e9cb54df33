// "Load more" for a paged list: fetches the next page, then moves focus to the first new item's link so a keyboard
// or screen-reader user carries on reading where the new items start (the button may disappear on the last page).
import { useEffect, useRef } from 'react';

export function useLoadMore(fetchNextPage: () => Promise<unknown>, shown: number) {
  const listRef = useRef<HTMLUListElement>(null);
  /** The index of the first new item, to focus once it is on the page. */
  const pendingFocus = useRef<number | null>(null);

  // After the render that shows the new items, not a frame after the fetch: on a slow phone React may commit the
  // new page later than that frame, and the focus would stay on the vanished button.
  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null || shown <= index) return;
    pendingFocus.current = null;
    listRef.current?.querySelectorAll<HTMLAnchorElement>('.post-card-title a')[index]?.focus();
  }, [shown]);

  const loadMore = async () => {
    pendingFocus.current = shown;
    await fetchNextPage();
  };
  return { listRef, loadMore };
}
