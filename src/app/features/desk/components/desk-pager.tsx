// The pager under a desk list paged on the server: the previous and the next page, each off at its end, and nothing
// when the list is one page. The area gives its own labels and says whether a next page exists (a count of pages, or
// the server's "more").
export function DeskPager({
  page,
  hasNext,
  onPage,
  previous,
  next,
}: {
  page: number;
  hasNext: boolean;
  onPage(page: number): void;
  previous: string;
  next: string;
}) {
  if (page <= 1 && !hasNext) return null;
  return (
    <p className="desk-pager">
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previous}
      </button>
      <button type="button" className="button" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        {next}
      </button>
    </p>
  );
}
