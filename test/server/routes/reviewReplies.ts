// Replies to a review line comment (Gitea 1.27, routers/api/v1/repo/pull_review.go CreatePullReviewCommentReply):
// POST /repos/{owner}/{repo}/pulls/{index}/comments/{id}/replies with `{ body }` (binding Required: 422 when empty).
// The parent is looked up in the repository (404), must be of a pull request and a code comment (400), of the
// pull request `index` (404) and of a review (400). pull_service.CreateCodeComment then finds a comment on that
// path and line (the parent) and adds a code comment to the parent's review directly: not pending, with the first
// comment's commit and diff hunk (createCodeComment), notifying like an issue comment. 201 with the comment.
// Gitea 1.26 has no such route: its GET-only `pulls/{base}/*` route matches the path and answers 405 without a body.
import { bind } from '../binding';
import type { Ctx } from '../context';
import { toPullReviewComment } from '../convert/timeline';
import { archived, badRequest, notFound, RawResponseError } from '../errors';
import { reviewCommentsCount } from '../issueEvents';
import { formInt } from '../paging';
import { notifyWithMentions } from '../notifications';
import type { Router } from '../router';
import { atLeast } from './actionReruns';

function createReply(ctx: Ctx): void {
  if (!atLeast(ctx, 27)) throw new RawResponseError(405, '');
  const { repo } = ctx.repoAssignment();
  const doer = ctx.requireSigned();
  if (repo.archived) archived();
  const form = bind<{ body?: string }>(ctx, 'CreatePullReviewCommentReplyOptions', [{ go: 'Body', json: 'body', type: 'string', rules: ['Required'] }]);
  const state = ctx.state;
  const parent = state.comment(formInt(ctx.params.id));
  const issue = parent ? state.issue(parent.issueId) : undefined;
  if (!parent || !issue || issue.repoId !== repo.id) return notFound();
  if (!issue.pull) return badRequest('comment does not belong to a pull request');
  if (parent.type !== 'code') return badRequest('comment is not a review comment');
  if (issue.index !== formInt(ctx.params.index)) return notFound();
  if (!parent.reviewId) return badRequest('comment is not a review comment');
  const first = state.comments
    .filter((c) => c.reviewId === parent.reviewId && c.type === 'code' && c.line === parent.line && c.treePath === parent.treePath)
    .sort((a, b) => a.id - b.id)[0] ?? parent;
  const now = new Date();
  const reply = { id: state.nextId('comment'), issueId: issue.id, posterId: doer.id, body: form.body ?? '', created: now, updated: now,
    type: 'code' as const, reviewId: parent.reviewId, treePath: parent.treePath, line: parent.line, commitSha: first.commitSha, diffHunk: first.diffHunk };
  state.comments.push(reply);
  issue.pull.reviewComments = reviewCommentsCount(state, issue.id);
  notifyWithMentions(state, issue, doer.id, reply.body, reply.id);
  ctx.json(201, toPullReviewComment(ctx, reply));
}

export function registerReviewReplyRoutes(r: Router): void {
  r.post('/repos/{owner}/{repo}/pulls/{index}/comments/{id}/replies', ['repository'], createReply);
}
