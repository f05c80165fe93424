// Reads every page of a list whose pages say whether more follow (X-HasMore) and how many there are
// (X-PageCount), as the pull request files endpoint does. With a page count the remaining pages are fetched a few
// at a time; pages are handed over in order as soon as they are contiguous, so a view can render progressively.

export interface PageLike<T> {
  readonly items: readonly T[];
  readonly hasMore: boolean;
  readonly pageCount?: number;
}

export interface ReadAllOptions<T> {
  /** Called with each page's items, in page order. */
  readonly onPage?: (items: readonly T[], pagesRead: number, pageCount: number | undefined) => void;
  /** Requests in flight at once when the page count is known. */
  readonly concurrency?: number;
  readonly signal?: AbortSignal;
  /** A server that keeps saying "more" stops being asked after this many pages. */
  readonly maxPages?: number;
}

export async function readAllPages<T>(fetchPage: (page: number) => Promise<PageLike<T>>, options: ReadAllOptions<T> = {}): Promise<T[]> {
  const { onPage, concurrency = 4, signal, maxPages = 10_000 } = options;
  const all: T[] = [];
  let pagesRead = 0;
  const take = (page: PageLike<T>, pageCount: number | undefined): void => {
    all.push(...page.items);
    pagesRead++;
    onPage?.(page.items, pagesRead, pageCount);
  };

  const first = await fetchPage(1);
  const pageCount = first.pageCount !== undefined && first.pageCount > 1 ? Math.min(first.pageCount, maxPages) : undefined;
  take(first, pageCount);
  let last = first;
  let next = 2;

  if (pageCount !== undefined && first.hasMore) {
    // Known count: fetch 2..pageCount with bounded concurrency, deliver in order.
    const results = new Map<number, PageLike<T>>();
    let deliver = 2;
    let failure: unknown;
    const worker = async (): Promise<void> => {
      while (failure === undefined && next <= pageCount) {
        signal?.throwIfAborted();
        const page = next++;
        try {
          results.set(page, await fetchPage(page));
        } catch (e) {
          failure ??= e;
          return;
        }
        while (results.has(deliver)) {
          last = results.get(deliver)!;
          results.delete(deliver);
          take(last, pageCount);
          deliver++;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, pageCount - 1)) }, worker));
    if (failure !== undefined) throw failure;
  }

  // Unknown count, or the list grew while it was read: follow X-HasMore one page at a time.
  while (last.hasMore && last.items.length > 0 && next <= maxPages) {
    signal?.throwIfAborted();
    last = await fetchPage(next++);
    take(last, pageCount);
  }
  return all;
}
