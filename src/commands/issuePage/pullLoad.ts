// What the page reads of a pull request beyond the issue, started so that no request waits for one it does not
// need: the pull request, its reviews and its commit count at once, the head's combined status as soon as the pull
// request names its head. A row that says it is a pull request starts them with the issue (one round trip less
// over a slow network); otherwise the issue says whether there is one. The extras (reviews, status, commit count)
// never fail the page: each failure is noted and the rest shows. Pure (no vscode): the tests check the order.
import type { CombinedStatus, GiteaClient, Issue, PullRequest, PullReview } from '../../api';
import { readAllPages } from '../../api/paging';
import { pullDetails, type PullDetails } from './pullModel';
import type { PullTimelineCounts } from './timelinePaging';

export interface PullParams {
  readonly owner: string;
  readonly repo: string;
  readonly index: number;
}

export interface PullFacts {
  readonly pull: PullRequest;
  readonly details: PullDetails;
}

/** Told which extra could not be read, and why. */
export type NoteMissing = (what: string, error: unknown) => void;

type PullClient = Pick<GiteaClient, 'repoGetPullRequest' | 'repoListPullReviews' | 'repoGetCombinedStatusByRef' | 'repoGetPullRequestCommits'>;

/** A head sha a row handed over: a full commit sha (40 or 64 hex digits, lower case as Gitea writes them), else
 * undefined (anything else a caller sent is not asked about). */
export function headShaHint(value: unknown): string | undefined {
  return typeof value === 'string' && /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(value) ? value : undefined;
}

/**
 * The pull request, its reviews and commit count at once; the head's combined status at once too when `headHint`
 * (the sha the row showed) is given, else once the head is known. The hint is only a hint: when the pull request's
 * answer names another head (pushed to since the row was drawn), that one's status is read instead.
 */
export async function loadPull(
  client: PullClient,
  params: PullParams,
  note: NoteMissing,
  signal: AbortSignal,
  headHint?: string,
  /** Told the timeline's counts as soon as the pull request and its reviews' first page are answered (both asked at
   * once), before the other pages of reviews and the status: the timeline's length (timelineHints). */
  onPull?: (counts: PullTimelineCounts) => void,
): Promise<PullFacts> {
  const extra = <T>(what: string, p: Promise<T>): Promise<T | undefined> =>
    p.catch((e: unknown) => {
      if (!signal.aborted) note(what, e);
      return undefined;
    });
  const statusOf = (sha: string, s: AbortSignal) =>
    client.repoGetCombinedStatusByRef({ owner: params.owner, repo: params.repo, ref: sha }, { signal: s });
  const pullLoad = client.repoGetPullRequest(params, { signal });
  let firstReviews: (reviews: readonly PullReview[]) => void = () => undefined;
  const firstReviewsLoad = new Promise<readonly PullReview[]>((resolve) => (firstReviews = resolve));
  const reviewsLoad = extra<PullReview[]>(
    'reviews',
    readAllPages<PullReview>((page) => client.repoListPullReviews({ ...params, page }, { signal }), {
      signal,
      maxPages: 10,
      onPage: (items, pagesRead) => pagesRead === 1 && firstReviews(items),
    }).then((r) => r.items),
  );
  // No first page (a failed read): the counts go without the reviews' code comments (a resolved promise keeps its value).
  void reviewsLoad.then(() => firstReviews([]));
  // One commit per page: the total is in the answer's headers.
  const commitsLoad = extra<number | undefined>('commit count', client.repoGetPullRequestCommits({ ...params, page: 1, limit: 1, verification: false, files: false }, { signal }).then((p) => p.totalCount));
  const hinted = headHint ? hintedStatus(headHint, statusOf, signal) : undefined;
  const statusLoad = pullLoad.then(
    (pull) => {
      const head = pull.head?.sha;
      if (hinted && head === headHint) return extra<CombinedStatus>('commit status', hinted.load);
      hinted?.drop();
      return head ? extra<CombinedStatus>('commit status', statusOf(head, signal)) : undefined;
    },
    () => {
      // expected: the pull request's own failure is thrown below; without it there is no head to ask about
      hinted?.drop();
      return undefined;
    },
  );
  const pull = await pullLoad;
  if (onPull) void firstReviewsLoad.then((reviews) => onPull({ review_comments: pull.review_comments, reviews }));
  const [reviews, status, commits] = await Promise.all([reviewsLoad, statusLoad, commitsLoad]);
  return { pull, details: pullDetails(pull, { reviews, status, commits }) };
}

/** The status of the hinted head, asked for now; `drop` cancels it when the pull request named another head. */
function hintedStatus(sha: string, statusOf: (sha: string, signal: AbortSignal) => Promise<CombinedStatus>, signal: AbortSignal) {
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal.addEventListener('abort', abort, { once: true });
  const load = statusOf(sha, controller.signal).finally(() => signal.removeEventListener('abort', abort));
  // expected: a dropped (or failed) hinted read is either unused or awaited through `extra`, which notes it
  load.catch(() => undefined);
  return { load, drop: abort };
}

/** What the row clicked showed: a pull request (and which head sha), or nothing known. */
export interface RowHint {
  readonly isPull?: boolean;
  readonly headSha?: string;
}

/**
 * The pull request's facts when the issue is one (undefined for an issue). `row.isPull`: the row clicked showed a
 * pull request, so they start now, beside the issue (with its head's status when the row knew the head); a row that
 * was wrong costs the unused requests, not the page.
 */
export function startPullLoad(
  client: PullClient,
  params: PullParams,
  row: RowHint,
  issueLoad: Promise<Pick<Issue, 'pull_request'>>,
  note: NoteMissing,
  signal: AbortSignal,
  onPull?: (counts: PullTimelineCounts) => void,
): Promise<PullFacts | undefined> {
  const early = row.isPull ? loadPull(client, params, note, signal, row.headSha, onPull) : undefined;
  // expected: an early load's failure is thrown below when the issue is a pull request, and unused when it is not
  early?.catch(() => undefined);
  return issueLoad.then((issue) => (issue.pull_request ? (early ?? loadPull(client, params, note, signal, undefined, onPull)) : undefined));
}
