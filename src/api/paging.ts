// Pages of list answers. Gitea tells where a list continues in different ways per endpoint: a `Link`
// header (built from ROOT_URL, so only its page numbers are trustworthy), `X-Total-Count`, the PR-files
// headers `X-Page`/`X-PerPage`/`X-PageCount`/`X-HasMore`/`X-Total`, a `total_count` in the body, or
// nothing at all (issue blocks). Dependency-free, so editor code may import it by value (readAllPages).

export interface Page<T> {
  items: T[];
  /** 1-based page number of this page. */
  page: number;
  /** Page size used for this page (after clamping to the server's maximum). */
  limit: number;
  totalCount?: number;
  hasMore: boolean;
  nextPage?: number;
  lastPage?: number;
  pageCount?: number;
}

export interface PageParams {
  page?: number;
  limit?: number;
}

export interface PagingLimits {
  /** Page size when none is asked for (`default_paging_num`, 30). */
  defaultLimit: number;
  /** Largest page the server gives (`max_response_items`, 50). */
  maxLimit: number;
}

export const DEFAULT_PAGING: PagingLimits = { defaultLimit: 30, maxLimit: 50 };

export type LinkPages = Partial<Record<'next' | 'prev' | 'first' | 'last', number>>;

/** Page numbers of the rels in a `Link` header; the URLs' hosts are ignored (they come from ROOT_URL). */
export function parseLinkHeader(value: string | undefined): LinkPages {
  const out: LinkPages = {};
  if (!value) return out;
  for (const part of value.split(/,(?=\s*<)/)) {
    const m = /^[^<]*<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (!m) continue;
    const rels = /\brel\s*=\s*"?([^";]+)"?/i.exec(m[2]!)?.[1]?.trim().split(/\s+/) ?? [];
    let page: number | undefined;
    try {
      page = toInt(new URL(m[1]!, 'http://link.invalid/').searchParams.get('page') ?? undefined);
    } catch {
      // expected: a Link entry whose URL does not parse is skipped.
      page = undefined;
    }
    if (page === undefined) continue;
    for (const rel of rels) {
      const r = rel.toLowerCase();
      if (r === 'next' || r === 'prev' || r === 'first' || r === 'last') out[r] = page;
    }
  }
  return out;
}

function toInt(v: string | undefined): number | undefined {
  if (v === undefined || !/^\s*-?\d+\s*$/.test(v)) return undefined;
  return Number.parseInt(v, 10);
}

/** The page and size to ask for: page ≥ 1; limit ≤ 0 or absent → default; above the maximum → maximum. */
export function effectivePaging(params: PageParams, limits: PagingLimits): { page: number; limit: number } {
  const page = params.page !== undefined && params.page >= 1 ? Math.floor(params.page) : 1;
  const asked = params.limit !== undefined && params.limit > 0 ? Math.floor(params.limit) : limits.defaultLimit;
  return { page, limit: Math.min(asked, limits.maxLimit) };
}

/** Builds a Page from the items, the response headers and the page/limit that were asked for. */
export function buildPage<T>(
  items: T[],
  headers: Record<string, string>,
  asked: { page: number; limit: number },
  bodyTotal?: number,
): Page<T> {
  const links = parseLinkHeader(headers['link']);
  const page = toInt(headers['x-page']) ?? asked.page;
  const limit = toInt(headers['x-perpage']) ?? asked.limit;
  const totalCount = toInt(headers['x-total-count']) ?? toInt(headers['x-total']) ?? bodyTotal;
  const headerPageCount = toInt(headers['x-pagecount']);
  const xHasMore = headers['x-hasmore']?.trim().toLowerCase();

  let hasMore: boolean;
  if (links.next !== undefined) hasMore = true;
  else if (xHasMore !== undefined) hasMore = xHasMore === 'true';
  else if (headers['link'] !== undefined) hasMore = false; // a Link without rel=next: this is the last page
  else if (totalCount !== undefined) hasMore = page * limit < totalCount;
  else hasMore = items.length > 0 && items.length >= limit; // no paging headers at all: a full page may continue

  const fromTotal = totalCount !== undefined && limit > 0 ? Math.max(1, Math.ceil(totalCount / limit)) : undefined;
  const pageCount = headerPageCount ?? fromTotal ?? links.last ?? (hasMore ? undefined : page);
  const result: Page<T> = { items, page, limit, hasMore };
  if (totalCount !== undefined) result.totalCount = totalCount;
  if (hasMore) result.nextPage = links.next ?? page + 1;
  const lastPage = links.last ?? pageCount;
  if (lastPage !== undefined) result.lastPage = lastPage;
  if (pageCount !== undefined) result.pageCount = pageCount;
  return result;
}

/** A list that gives no paging parameters (e.g. assignees): one page with everything. */
export function singlePage<T>(items: T[], headers: Record<string, string>): Page<T> {
  const totalCount = toInt(headers['x-total-count']) ?? items.length;
  return { items, page: 1, limit: items.length, totalCount, hasMore: false, lastPage: 1, pageCount: 1 };
}

/** Pages a whole-list read asks for at most unless told otherwise (10,000 items at 50 a page): a server that always
 * answers "there is more" stops being asked there. */
export const DEFAULT_MAX_PAGES = 200;

/**
 * Iterates the items of every page, starting at `params.page` (default 1). Stops at the last page, at an empty
 * page, when a page does not advance (a defence against servers that repeat the same page), or after `maxPages`
 * pages (then `onCapped` is told how many were read).
 */
export async function* iteratePages<P extends PageParams, T, O>(
  fetchPage: (params: P, opts?: O) => Promise<Page<T>>,
  params: P,
  opts?: O,
  cap: { readonly maxPages?: number; readonly onCapped?: (pagesRead: number) => void } = {},
): AsyncGenerator<T, void, undefined> {
  const maxPages = cap.maxPages ?? DEFAULT_MAX_PAGES;
  let page = params.page !== undefined && params.page >= 1 ? params.page : 1;
  for (let read = 1; ; read++) {
    const result = await fetchPage({ ...params, page }, opts);
    yield* result.items;
    if (!result.hasMore || result.items.length === 0) return;
    const next = result.nextPage ?? page + 1;
    if (next <= page) return;
    if (read >= maxPages) {
      cap.onCapped?.(read);
      return;
    }
    page = next;
  }
}

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
  /** Pages read at most (default DEFAULT_MAX_PAGES): a list that goes on comes back `truncated` (pickers cap what
   * they load), and a server that keeps saying "more" stops being asked. */
  readonly maxPages?: number;
  /** Told once when the list went on past `maxPages`: the caller's note or log line (which list, how far). */
  readonly onCapped?: (pagesRead: number, itemsRead: number) => void;
}

/** Every item read, and whether the list went on past `maxPages`. */
export interface AllPages<T> {
  readonly items: T[];
  readonly truncated: boolean;
}

/**
 * Reads every page of a list: the one way editor code reads a whole list (pickers, Changed Files). With a page count
 * (X-PageCount) the remaining pages are fetched a few at a time and handed over in page order as soon as they are
 * contiguous, so a view can render progressively; without one, `hasMore` is followed page by page.
 */
export async function readAllPages<T>(fetchPage: (page: number) => Promise<PageLike<T>>, options: ReadAllOptions<T> = {}): Promise<AllPages<T>> {
  const { onPage, concurrency = 4, signal, maxPages = DEFAULT_MAX_PAGES, onCapped } = options;
  const all: T[] = [];
  let pagesRead = 0;
  const take = (page: PageLike<T>, pageCount: number | undefined): void => {
    for (const item of page.items) all.push(item); // no spread: a page of any size (a spread's arguments overflow the stack)
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
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows what fetchPage threw, unchanged
    if (failure !== undefined) throw failure;
  }

  // Unknown count, or the list grew while it was read: follow X-HasMore one page at a time.
  while (last.hasMore && last.items.length > 0 && next <= maxPages) {
    signal?.throwIfAborted();
    last = await fetchPage(next++);
    take(last, pageCount);
  }
  const truncated = last.hasMore && last.items.length > 0;
  if (truncated) onCapped?.(pagesRead, all.length);
  return { items: all, truncated };
}
