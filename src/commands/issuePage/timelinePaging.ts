// The timeline of a long history loads its newest pages first; "Load earlier" at the top fetches the page before.
// Gitea 1.27 answers GET …/timeline with X-Total-Count = the count of *that page* and no Link header
// (ListIssueCommentsAndTimeline), so the end is found by probing: the issue's `comments` (plain comments only) is
// a lower bound of the timeline's length (with a pull request's reviews and their code comments), so every page
// before ceil(atLeast / limit) exists; from there (and the page before) two pages are asked at once, then four,
// eight…, until one is past the end. A server that sends a real total (larger than the page) is taken at its word. Gitea also drops code comments *after* slicing a page, so a pull request's page can come short in the
// middle: for pull requests only an empty page ends the timeline. Pure (no vscode).

/** Entries per timeline request (Gitea's `max_response_items` default; the client clamps it to the server's). */
export const TIMELINE_PAGE_LIMIT = 50;
/** A timeline of at most this many pages loads whole. */
export const WHOLE_PAGES = 3;
/** Pages shown at first of a longer one: the newest. */
export const NEWEST_PAGES = 2;
/** Pages probed at most past the issue's comment count for the end (100 rounds of two: 10,000 entries at 50 a page):
 * a server that always answers full pages is not asked forever; the timeline then counts as ending there. */
export const MAX_PROBED_PAGES = 200;
/** Pages probed at once at most (the probe doubles from two each round). */
export const PROBE_MAX_WIDTH = 16;

/** What the pull request's first answers tell of its timeline: its reviews (`review_comments`) and the code
 * comments of the reviews on the first page of its review list. */
export interface PullTimelineCounts {
  readonly review_comments?: number | null;
  readonly reviews?: readonly { readonly comments_count?: number | null }[];
}

/**
 * What the timeline has at least, from the issue's request (already under way) and, for a pull request, the pull
 * request's and its reviews' first page (under way too): the issue's `comments` counts its plain comments and its
 * reviews (Gitea's num_comments: types Comment and Review), the pull request's `review_comments` its reviews (type
 * Review, PullRequest.GetReviewCommentsCount; a server whose `comments` leaves them out still has this), and each
 * review's `comments_count` its code comments (type Code): all of them take a place in the timeline's pages (Gitea
 * drops code comments after slicing a page). A pull request's long
 * timeline is then read from close to its end instead of walked through.
 */
export function timelineHints(issueLoad: Promise<{ readonly comments?: number | null; readonly pull_request?: unknown }>, pullLoad: Promise<PullTimelineCounts | undefined>): Promise<TimelineHints> {
  return issueLoad.then(async (i) => {
    // expected: without the pull request's answer its reviews are not counted (a lower bound stays one).
    const pull = i.pull_request ? await pullLoad.catch(() => undefined) : undefined;
    const codeComments = (pull?.reviews ?? []).reduce((n, r) => n + Math.max(0, r.comments_count ?? 0), 0);
    // Gitea 1.26 and 1.27 count the reviews in the issue's `comments` already (ConversationCountedCommentType:
    // Comment and Review; checked on 1.27.0): the larger of the two, never their sum, or the bound overshoots.
    return { atLeast: Math.max(i.comments ?? 0, pull?.review_comments ?? 0) + codeComments, isPull: !!i.pull_request };
  });
}

export interface TimelinePageLike<T> {
  readonly items: readonly T[];
  /** The page size the server used (after clamping). */
  readonly limit: number;
  readonly totalCount?: number;
}

export type FetchTimelinePage<T> = (page: number, limit: number) => Promise<TimelinePageLike<T>>;

export interface TimelineHints {
  /** Entries the timeline has at least (the issue's `comments`). */
  readonly atLeast: number;
  /** Pull requests: a short page may not be the last one. */
  readonly isPull: boolean;
}

export class TimelinePaging<T> {
  private constructor(
    /** Pages fetched but not shown yet (page 1, probes below the newest): loading them sends nothing. */
    private readonly kept: Map<number, readonly T[]>,
    private first: number,
    readonly limit: number,
    private readonly idOf: (item: T) => number,
  ) {}

  /** Pages before the ones shown (0: the whole timeline is shown). */
  get earlierPages(): number {
    return this.first - 1;
  }

  /**
   * Reads the newest pages: the whole timeline when it is short. `hints` (from the issue's request, under way
   * alongside page 1) is awaited unless the server sent a real total.
   */
  static async newest<T>(
    fetchPage: FetchTimelinePage<T>,
    hints: () => Promise<TimelineHints>,
    idOf: (item: T) => number,
    onCapped?: (pages: number) => void,
  ): Promise<{ paging: TimelinePaging<T>; items: T[] }> {
    const first = await fetchPage(1, TIMELINE_PAGE_LIMIT);
    const limit = first.limit > 0 ? first.limit : TIMELINE_PAGE_LIMIT;
    const pages = new Map<number, readonly T[]>([[1, first.items]]);
    let last: number;
    if (first.totalCount !== undefined && first.totalCount > first.items.length) {
      last = Math.max(1, Math.ceil(first.totalCount / limit));
    } else {
      // The issue's request runs alongside page 1: waiting for it here costs nothing the page does not wait for.
      const { atLeast, isPull } = await hints();
      // A page within the lower bound is not the end, even empty: a pull request's page of code comments only is
      // answered empty (a review's 50 code comments in a row).
      const ended = (items: readonly T[], page: number): boolean =>
        isPull ? items.length === 0 && (page - 1) * limit >= atLeast : items.length < limit;
      // An issue's short first page is its whole timeline; a pull request's may be short of its code comments.
      if (ended(first.items, 1)) return { paging: new TimelinePaging(new Map(), 1, limit, idOf), items: [...first.items] };
      const start = Math.max(2, Math.ceil(atLeast / limit));
      // The page before `start` is asked with the first round: when the bound was close and `start` is the last
      // page, the newest two are then in hand (asking it after would be one more round trip).
      let probe = start > 2 ? start - 1 : start;
      // Two pages at first, twice as many each round after (up to PROBE_MAX_WIDTH): a long history ends in a few
      // round trips (11 pages: 3 rounds, not 5), a short one costs what it did.
      let width = 2;
      for (last = 0; last === 0; ) {
        if (probe - start >= MAX_PROBED_PAGES) {
          // Every page so far was full: the last one read is taken as the end.
          last = probe - 1;
          onCapped?.(last);
          break;
        }
        // Never past MAX_PROBED_PAGES: the last round asks only what is left of it.
        const extra = Math.max(0, start - probe);
        const batch = Array.from({ length: extra + Math.min(width, MAX_PROBED_PAGES - (probe + extra - start)) }, (_, i) => probe + i);
        const answers = await Promise.all(batch.map((p) => fetchPage(p, limit)));
        batch.forEach((p, i) => pages.set(p, answers[i]!.items));
        const endAt = answers.findIndex((a, i) => ended(a.items, batch[i]!));
        if (endAt >= 0) last = answers[endAt]!.items.length ? batch[endAt]! : batch[endAt]! - 1;
        probe += batch.length;
        width = Math.min(width * 2, PROBE_MAX_WIDTH);
      }
    }
    const firstShown = last <= WHOLE_PAGES ? 1 : last - NEWEST_PAGES + 1;
    const missing = [];
    for (let p = firstShown; p <= last; p++) if (!pages.has(p)) missing.push(p);
    const fetched = await Promise.all(missing.map((p) => fetchPage(p, limit)));
    missing.forEach((p, n) => pages.set(p, fetched[n]!.items));
    const items: T[] = [];
    for (let p = firstShown; p <= last; p++) for (const item of pages.get(p)!) items.push(item); // no spread: a page of any size
    const kept = new Map([...pages].filter(([p]) => p < firstShown));
    return { paging: new TimelinePaging(kept, firstShown, limit, idOf), items: dedupe(items, idOf) };
  }

  /**
   * The page before the shown ones (from memory when it was fetched already), without entries already shown (a
   * deleted comment shifts the pages' bounds). Undefined when the whole timeline is shown.
   */
  async loadEarlier(fetchPage: FetchTimelinePage<T>, shown: readonly T[]): Promise<T[] | undefined> {
    if (this.first <= 1) return undefined;
    const page = this.first - 1;
    const items = this.kept.get(page) ?? (await fetchPage(page, this.limit)).items;
    this.kept.delete(page);
    this.first = page;
    const seen = new Set(shown.map(this.idOf));
    return items.filter((i) => !seen.has(this.idOf(i)));
  }
}

function dedupe<T>(items: readonly T[], idOf: (item: T) => number): T[] {
  const seen = new Set<number>();
  return items.filter((i) => !seen.has(idOf(i)) && (seen.add(idOf(i)), true));
}
