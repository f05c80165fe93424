// Pull request reviews (pending reviews, line comments, review requests), commits, merge and the combined
// commit status of a ref.
import { CombinedStatus, Commit, PullReview, PullReviewComment } from '../schemas';
import { PAGING, json, list, none, op, type PageParams, type RepoParams } from './op';

interface PullParams extends RepoParams {
  index: number;
}
interface ReviewParams extends PullParams {
  id: number;
}

export type ReviewEvent = 'APPROVED' | 'PENDING' | 'COMMENT' | 'REQUEST_CHANGES' | 'REQUEST_REVIEW';

/** A line comment: `new_position` is a line of the new file, `old_position` of the old one (give one, 0 for the other). */
export interface CreatePullReviewComment {
  path: string;
  body: string;
  new_position?: number;
  old_position?: number;
}

export interface CreatePullReviewOptions {
  body?: string;
  /** PENDING (or absent) keeps the review pending; APPROVED and REQUEST_CHANGES are refused on one's own PR. */
  event?: ReviewEvent;
  /** Defaults to the head commit. */
  commit_id?: string;
  comments?: CreatePullReviewComment[];
}

export interface MergePullRequestOption {
  /** The merge style; it must be allowed by the repository's settings (405 otherwise). */
  do: 'merge' | 'rebase' | 'rebase-merge' | 'squash' | 'fast-forward-only' | 'manually-merged';
  merge_title_field?: string;
  merge_message_field?: string;
  /** Refuses the merge (409) when the head moved since the caller looked. */
  head_commit_id?: string;
  /** For `manually-merged`: the commit that merged it. */
  merge_commit_id?: string;
  delete_branch_after_merge?: boolean;
  force_merge?: boolean;
  /** Schedules the merge (201) instead when checks are pending. */
  merge_when_checks_succeed?: boolean;
}
const MERGE_FIELDS = [
  'do', 'merge_title_field', 'merge_message_field', 'head_commit_id', 'merge_commit_id', 'delete_branch_after_merge',
  'force_merge', 'merge_when_checks_succeed',
] as const satisfies readonly (keyof MergePullRequestOption)[];

export interface PullReviewRequestOptions {
  reviewers?: string[];
  /** Team names (organization repositories). */
  team_reviewers?: string[];
}

export const reviewOperations = {
  repoGetPullRequestCommits: op<PullParams & PageParams & { verification?: boolean; files?: boolean }>()({
    id: 'repoGetPullRequestCommits',
    method: 'GET',
    path: '/repos/{owner}/{repo}/pulls/{index}/commits',
    query: ['verification', 'files', ...PAGING],
    result: list(Commit),
  }),
  /** Others' pending reviews are left out. */
  repoListPullReviews: op<PullParams & PageParams>()({
    id: 'repoListPullReviews',
    method: 'GET',
    path: '/repos/{owner}/{repo}/pulls/{index}/reviews',
    query: PAGING,
    result: list(PullReview),
  }),
  /** 404 for another user's pending review. */
  repoGetPullReview: op<ReviewParams>()({
    id: 'repoGetPullReview',
    method: 'GET',
    path: '/repos/{owner}/{repo}/pulls/{index}/reviews/{id}',
    result: json(PullReview),
  }),
  /** The review's line comments (a JSON array, not paged). */
  repoGetPullReviewComments: op<ReviewParams>()({
    id: 'repoGetPullReviewComments',
    method: 'GET',
    path: '/repos/{owner}/{repo}/pulls/{index}/reviews/{id}/comments',
    result: list(PullReviewComment),
  }),
  /** Answers 200. 422: own PR approved/rejected, COMMENT without body and comments, REQUEST_CHANGES without body. */
  repoCreatePullReview: op<PullParams & { body: CreatePullReviewOptions }>()({
    id: 'repoCreatePullReview',
    method: 'POST',
    path: '/repos/{owner}/{repo}/pulls/{index}/reviews',
    body: ['body', 'event', 'commit_id', 'comments'],
    result: json(PullReview),
  }),
  /** Submits a pending review (422 when it is not pending, or "review stay pending"). */
  repoSubmitPullReview: op<ReviewParams & { body: { body?: string; event: ReviewEvent } }>()({
    id: 'repoSubmitPullReview',
    method: 'POST',
    path: '/repos/{owner}/{repo}/pulls/{index}/reviews/{id}',
    body: ['body', 'event'],
    result: json(PullReview),
  }),
  /** 204; 403 unless the reviewer or a site admin. */
  repoDeletePullReview: op<ReviewParams>()({
    id: 'repoDeletePullReview',
    method: 'DELETE',
    path: '/repos/{owner}/{repo}/pulls/{index}/reviews/{id}',
    result: none,
  }),
  /** Answers 201 with the REQUEST_REVIEW reviews created. */
  repoCreatePullReviewRequests: op<PullParams & { body: PullReviewRequestOptions }>()({
    id: 'repoCreatePullReviewRequests',
    method: 'POST',
    path: '/repos/{owner}/{repo}/pulls/{index}/requested_reviewers',
    body: ['reviewers', 'team_reviewers'],
    result: list(PullReview),
  }),
  repoDeletePullReviewRequests: op<PullParams & { body: PullReviewRequestOptions }>()({
    id: 'repoDeletePullReviewRequests',
    method: 'DELETE',
    path: '/repos/{owner}/{repo}/pulls/{index}/requested_reviewers',
    body: ['reviewers', 'team_reviewers'],
    result: none,
  }),
  /**
   * 200 (201 when scheduled). 405: not allowed, already merged, not mergeable ("Please try again later"), or a
   * merge style the repository does not allow; 409: `head_commit_id` is not the head any more; 423: archived.
   */
  repoMergePullRequest: op<PullParams & { body: MergePullRequestOption }>()({
    id: 'repoMergePullRequest',
    method: 'POST',
    path: '/repos/{owner}/{repo}/pulls/{index}/merge',
    body: MERGE_FIELDS,
    result: none,
  }),
  repoCancelScheduledAutoMerge: op<PullParams>()({
    id: 'repoCancelScheduledAutoMerge',
    method: 'DELETE',
    path: '/repos/{owner}/{repo}/pulls/{index}/merge',
    result: none,
  }),
  /** Resolves when merged (204); a pull request that is not merged answers 404 (`notFound`). */
  repoPullRequestIsMerged: op<PullParams>()({
    id: 'repoPullRequestIsMerged',
    method: 'GET',
    path: '/repos/{owner}/{repo}/pulls/{index}/merge',
    result: none,
  }),
  /** Marks a review line comment resolved (204); writers and the comment's author. */
  repoResolvePullReviewComment: op<RepoParams & { id: number }>()({
    id: 'repoResolvePullReviewComment',
    method: 'POST',
    path: '/repos/{owner}/{repo}/pulls/comments/{id}/resolve',
    result: none,
  }),
  repoUnresolvePullReviewComment: op<RepoParams & { id: number }>()({
    id: 'repoUnresolvePullReviewComment',
    method: 'POST',
    path: '/repos/{owner}/{repo}/pulls/comments/{id}/unresolve',
    result: none,
  }),
  /**
   * Gitea 1.27: a reply to a review line comment (201 with the new comment), on the comment's line in the parent's
   * review; not pending, shown at once. 400 for a comment that is not a review comment, 404 when the comment is not
   * of this pull request, 423 on an archived repository. Gitea 1.26 and Forgejo have no such route (1.26: 405).
   */
  repoCreatePullReviewCommentReply: op<PullParams & { id: number; body: { body: string } }>()({
    id: 'repoCreatePullReviewCommentReply',
    method: 'POST',
    path: '/repos/{owner}/{repo}/pulls/{index}/comments/{id}/replies',
    body: ['body'],
    result: json(PullReviewComment),
  }),
  /** `ref`: a branch, tag or SHA (one path segment: a `/` is escaped). `state` is "" when there are no statuses. */
  repoGetCombinedStatusByRef: op<RepoParams & PageParams & { ref: string }>()({
    id: 'repoGetCombinedStatusByRef',
    method: 'GET',
    path: '/repos/{owner}/{repo}/commits/{ref}/status',
    query: PAGING,
    result: json(CombinedStatus),
  }),
};
