// What the page shows of a pull request beyond the issue: branches (a fork's head named `owner:branch`),
// mergeability, who merged it and when, commits and changed files, the latest review of each reviewer, the
// requested reviewers and the combined commit status of the head. Pure (no vscode).
import type { CombinedStatus, PullRequest, PullReview } from '../../api';

export type ReviewVerdict = 'approved' | 'changes' | 'commented';

export interface ReviewerState {
  readonly reviewer: string;
  readonly verdict: ReviewVerdict;
  readonly at?: string;
}

export interface PullDetails {
  readonly base?: string;
  /** `branch`, or `owner:branch` when the head is in another repository (a fork). */
  readonly head?: string;
  readonly headSha?: string;
  /** undefined when the server did not say (merged or closed pull requests). */
  readonly mergeable?: boolean;
  readonly merged: boolean;
  readonly mergedBy?: string;
  readonly mergedAt?: string;
  readonly commits?: number;
  readonly changedFiles?: number;
  readonly additions?: number;
  readonly deletions?: number;
  /** The latest verdict of each reviewer, in the order they last reviewed. */
  readonly reviews: readonly ReviewerState[];
  /** Users and teams asked for a review who have not answered since. */
  readonly requestedReviewers: readonly string[];
  /** The head's combined status: pending, success, error, failure or warning; undefined without statuses. */
  readonly status?: { readonly state: string; readonly total: number };
}

/** The head branch as Gitea names it: a fork's as `owner:branch`. */
export function headName(pull: Pick<PullRequest, 'base' | 'head'>): string | undefined {
  const head = pull.head;
  if (!head?.ref) return undefined;
  const headRepo = head.repo?.full_name;
  const baseRepo = pull.base?.repo?.full_name;
  const headOwner = head.repo?.owner?.login ?? headRepo?.split('/')[0];
  const fork = headRepo && baseRepo ? headRepo.toLowerCase() !== baseRepo.toLowerCase() : head.repo_id !== undefined && head.repo_id !== pull.base?.repo_id;
  if (fork && headOwner) return `${headOwner}:${head.ref}`;
  // The head repository is gone (repo null, repo_id -1): Gitea's label still names it.
  if (fork && head.label && head.label !== head.ref) return head.label;
  return head.ref;
}

const VERDICTS: Record<string, ReviewVerdict> = { APPROVED: 'approved', REQUEST_CHANGES: 'changes', COMMENT: 'commented' };

/** The latest submitted review of each reviewer (pending, requested and dismissed ones left out). */
export function latestReviews(reviews: readonly PullReview[]): ReviewerState[] {
  const byReviewer = new Map<string, ReviewerState>();
  const ordered = [...reviews].sort((a, b) => (a.submitted_at ?? '').localeCompare(b.submitted_at ?? '') || a.id - b.id);
  for (const r of ordered) {
    const verdict = VERDICTS[r.state];
    const reviewer = r.user?.login ?? r.team?.name;
    if (!verdict || !reviewer || r.dismissed === true) continue;
    byReviewer.delete(reviewer);
    byReviewer.set(reviewer, { reviewer, verdict, at: r.submitted_at });
  }
  return [...byReviewer.values()];
}

export interface PullExtras {
  readonly reviews?: readonly PullReview[];
  readonly status?: CombinedStatus;
  readonly commits?: number;
}

/** The combined status, or undefined when the head has no statuses (Gitea sends state "" then; a count of 0 too). */
function statusOf(status: CombinedStatus | undefined): PullDetails['status'] {
  const total = Math.max(status?.total_count ?? 0, status?.statuses.length ?? 0);
  return status?.state && total > 0 ? { state: status.state, total } : undefined;
}

export function pullDetails(pull: PullRequest, extras: PullExtras): PullDetails {
  const requested = [...pull.requested_reviewers.map((u) => u.login), ...pull.requested_reviewers_teams.map((t) => t.name)].filter((n) => n !== '');
  return {
    base: pull.base?.ref,
    head: headName(pull),
    headSha: pull.head?.sha,
    mergeable: pull.merged || pull.state === 'closed' ? undefined : pull.mergeable,
    merged: pull.merged === true,
    mergedBy: pull.merged ? pull.merged_by?.login : undefined,
    mergedAt: pull.merged ? pull.merged_at : undefined,
    commits: extras.commits,
    changedFiles: pull.changed_files,
    additions: pull.additions,
    deletions: pull.deletions,
    reviews: latestReviews(extras.reviews ?? []),
    requestedReviewers: requested,
    status: statusOf(extras.status),
  };
}
