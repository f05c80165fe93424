// What the page reads of a pull request beyond the issue, started so that no request waits for one it does not
// need: the pull request, its reviews and its commit count at once, the head's combined status as soon as the pull
// request names its head. A row that says it is a pull request starts them with the issue (one round trip less
// over a slow network); otherwise the issue says whether there is one. The extras (reviews, status, commit count)
// never fail the page: each failure is noted and the rest shows. Pure (no vscode): the tests check the order.
import type { CombinedStatus, GiteaClient, Issue, PullRequest, PullReview } from '../../api';
import { readAllPages } from '../../api/paging';
import { pullDetails, type PullDetails } from './pullModel';

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

/** The pull request, its reviews and commit count at once; the head's combined status once the head is known. */
export async function loadPull(client: PullClient, params: PullParams, note: NoteMissing, signal: AbortSignal): Promise<PullFacts> {
  const extra = <T>(what: string, p: Promise<T>): Promise<T | undefined> =>
    p.catch((e: unknown) => {
      if (!signal.aborted) note(what, e);
      return undefined;
    });
  const pullLoad = client.repoGetPullRequest(params, { signal });
  const reviewsLoad = extra<PullReview[]>('reviews', readAllPages<PullReview>((page) => client.repoListPullReviews({ ...params, page }, { signal }), { signal, maxPages: 10 }).then((r) => r.items));
  // One commit per page: the total is in the answer's headers.
  const commitsLoad = extra<number | undefined>('commit count', client.repoGetPullRequestCommits({ ...params, page: 1, limit: 1, verification: false, files: false }, { signal }).then((p) => p.totalCount));
  const statusLoad = pullLoad.then(
    (pull) => (pull.head?.sha ? extra<CombinedStatus>('commit status', client.repoGetCombinedStatusByRef({ owner: params.owner, repo: params.repo, ref: pull.head.sha }, { signal })) : undefined),
    // expected: the pull request's own failure is thrown below; without it there is no head to ask about
    () => undefined,
  );
  const pull = await pullLoad;
  const [reviews, status, commits] = await Promise.all([reviewsLoad, statusLoad, commitsLoad]);
  return { pull, details: pullDetails(pull, { reviews, status, commits }) };
}

/**
 * The pull request's facts when the issue is one (undefined for an issue). `rowSaysPull`: the row clicked showed a
 * pull request, so they start now, beside the issue; a row that was wrong costs the unused requests, not the page.
 */
export function startPullLoad(
  client: PullClient,
  params: PullParams,
  rowSaysPull: boolean | undefined,
  issueLoad: Promise<Pick<Issue, 'pull_request'>>,
  note: NoteMissing,
  signal: AbortSignal,
): Promise<PullFacts | undefined> {
  const early = rowSaysPull ? loadPull(client, params, note, signal) : undefined;
  // expected: an early load's failure is thrown below when the issue is a pull request, and unused when it is not
  early?.catch(() => undefined);
  return issueLoad.then((issue) => (issue.pull_request ? (early ?? loadPull(client, params, note, signal)) : undefined));
}
