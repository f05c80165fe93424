// api.TimelineComment, api.PullReview and api.PullReviewComment (services/convert/issue_comment.go and
// pull_review.go). Event fields a type does not use are null (pointers) or their zero value.
import type { Ctx } from '../context';
import type { CommentRec, IssueRec, ReviewRec } from '../state';
import { issueHtmlUrl, toLabel, toMilestone } from './issues';
import { iso, toTeam, toUserOrNull } from './users';

const REVIEW_STATE: Record<ReviewRec['type'], string> = {
  pending: 'PENDING',
  approve: 'APPROVED',
  comment: 'COMMENT',
  reject: 'REQUEST_CHANGES',
  request: 'REQUEST_REVIEW',
};

/** Gitea's Comment.HTMLURL: code comments of pending reviews point at the files tab. */
export function commentHtmlUrl(ctx: Ctx, issue: IssueRec, c: CommentRec): string {
  const html = issueHtmlUrl(ctx, issue);
  if (c.type === 'code') {
    const review = c.reviewId ? ctx.state.review(c.reviewId) : undefined;
    if (!review || review.type === 'pending') return `${html}/files#issuecomment-${c.id}`;
  }
  return `${html}#issuecomment-${c.id}`;
}

/** Gitea's SecToHours: "1 hour 2 minutes", seconds only under a minute. */
export function secToHours(seconds: number): string {
  const part = (n: number, name: string) => (n === 1 ? `1 ${name}` : n > 1 ? `${n} ${name}s` : '');
  const text = [part(Math.floor(seconds / 3600), 'hour'), part(Math.floor(seconds / 60) % 60, 'minute')].filter(Boolean).join(' ');
  return text === '' && seconds > 0 ? part(seconds, 'second') : text;
}

/** ToTimelineComment: a manual time's stored `|<seconds>` (Gitea 1.21+) is answered as SecToHours. */
function timelineBody(c: CommentRec): string {
  const timed = c.type === 'add_time_manual' || c.type === 'stop_tracking' || c.type === 'delete_time_manual';
  return timed && c.body.startsWith('|') ? secToHours(Number(c.body.slice(1)) || 0) : c.body;
}

export function toTimelineComment(ctx: Ctx, c: CommentRec): Record<string, unknown> {
  const state = ctx.state;
  const issue = state.issue(c.issueId)!;
  const repo = state.repo(issue.repoId)!;
  const label = c.labelId !== undefined ? state.label(c.labelId) : undefined;
  const milestone = c.milestoneId ? state.milestone(c.milestoneId) : undefined;
  const oldMilestone = c.oldMilestoneId ? state.milestone(c.oldMilestoneId) : undefined;
  return {
    id: c.id,
    type: c.type ?? 'comment',
    body: timelineBody(c),
    created_at: iso(c.created),
    updated_at: iso(c.updated),
    user: toUserOrNull(ctx, c.posterId),
    html_url: commentHtmlUrl(ctx, issue, c),
    issue_url: issue.pull ? '' : `${ctx.repoHtmlUrl(repo)}/issues/${issue.index}`,
    pull_request_url: issue.pull ? issueHtmlUrl(ctx, issue) : '',
    old_project_id: 0,
    project_id: 0,
    old_milestone: oldMilestone ? toMilestone(ctx, oldMilestone) : null,
    milestone: milestone ? toMilestone(ctx, milestone) : null,
    tracked_time: null,
    old_title: c.oldTitle ?? '',
    new_title: c.newTitle ?? '',
    old_ref: c.type === 'code' ? '' : c.oldRef ?? '',
    new_ref: '',
    ref_issue: null,
    ref_comment: null,
    ref_action: '',
    ref_commit_sha: c.commitSha ?? '',
    review_id: c.reviewId ?? 0,
    label: label ? toLabel(ctx, label) : null,
    assignee: c.assigneeId !== undefined ? toUserOrNull(ctx, c.assigneeId) : null,
    // LoadAssigneeUserAndTeam: the team of a team's review_request event, converted without its organization.
    assignee_team: teamOrNull(ctx, c.assigneeTeamId),
    removed_assignee: c.removedAssignee ?? false,
    resolve_doer: c.resolverId !== undefined ? toUserOrNull(ctx, c.resolverId) : null,
    dependent_issue: null,
  };
}

/** Gitea's Review.HTMLURL: the link of the review's timeline entry; "" while pending (there is none). */
function reviewHtmlUrl(ctx: Ctx, issue: IssueRec, review: ReviewRec): string {
  const entry = ctx.state.comments.find((c) => c.type === 'review' && c.reviewId === review.id);
  return entry ? commentHtmlUrl(ctx, issue, entry) : '';
}

export function reviewCodeComments(ctx: Ctx, review: ReviewRec): CommentRec[] {
  return ctx.state.comments.filter((c) => c.type === 'code' && c.reviewId === review.id);
}

/** A team as convert.ToTeam answers it without loadOrg (`organization` null); null without a team. */
function teamOrNull(ctx: Ctx, teamId: number | undefined): Record<string, unknown> | null {
  const team = teamId ? ctx.state.team(teamId) : undefined;
  return team ? toTeam(ctx, team, { withOrganization: false }) : null;
}

/** convert.ToPullReview: a team's review request has no user (ReviewerID 0) and its `team` (ToTeam, no org). */
export function toPullReview(ctx: Ctx, review: ReviewRec): Record<string, unknown> {
  const issue = ctx.state.issue(review.issueId)!;
  return {
    id: review.id,
    user: review.reviewerId ? toUserOrNull(ctx, review.reviewerId) : null,
    team: teamOrNull(ctx, review.reviewerTeamId),
    state: REVIEW_STATE[review.type],
    body: review.body,
    commit_id: review.commitId,
    stale: review.stale,
    official: review.official,
    dismissed: review.dismissed,
    comments_count: reviewCodeComments(ctx, review).length,
    submitted_at: iso(review.created),
    updated_at: iso(review.updated),
    html_url: reviewHtmlUrl(ctx, issue, review),
    pull_request_url: issueHtmlUrl(ctx, issue),
  };
}

/** Whether `review` may be seen by the caller: others' pending reviews are hidden (site admins see them). */
export function canSeeReview(ctx: Ctx, review: ReviewRec): boolean {
  return review.type !== 'pending' || (ctx.doer !== undefined && (ctx.doer.isAdmin || ctx.doer.id === review.reviewerId));
}

export function toPullReviewComment(ctx: Ctx, c: CommentRec): Record<string, unknown> {
  const issue = ctx.state.issue(c.issueId)!;
  const line = c.line ?? 0;
  return {
    id: c.id,
    body: c.body,
    user: toUserOrNull(ctx, c.posterId),
    resolver: c.resolverId !== undefined ? toUserOrNull(ctx, c.resolverId) : null,
    pull_request_review_id: c.reviewId ?? 0,
    created_at: iso(c.created),
    updated_at: iso(c.updated),
    path: c.treePath ?? '',
    commit_id: c.commitSha ?? '',
    original_commit_id: c.oldRef ?? '',
    // convert.patch2diff: the stored patch from its first hunk header on (no file header), '' without one.
    diff_hunk: patch2diff(c.diffHunk ?? ''),
    position: line > 0 ? line : 0,
    original_position: line < 0 ? -line : 0,
    html_url: commentHtmlUrl(ctx, issue, c),
    pull_request_url: issueHtmlUrl(ctx, issue),
  };
}

/** Gitea's convert.patch2diff: what follows the patch's one "\n@@" (none or several: ''). */
function patch2diff(patch: string): string {
  const split = patch.split('\n@@');
  return split.length === 2 ? `@@${split[1]}` : '';
}
