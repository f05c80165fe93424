// An issue's comments and timeline: GET …/issues/{index}/comments (plain comments, since/before, X-Total-Count,
// not paged), GET …/issues/{index}/timeline (comments and events, paged; code comments left out and
// X-Total-Count is the count of the page, as Gitea does), POST …/comments (423 archived → 401 → 422 → 403 on
// a locked issue for non-writers), PATCH/DELETE …/issues/comments/{id} (403 without a message unless the
// author or a writer; PATCH checks the archive first).
import { bind } from '../binding';
import type { Ctx } from '../context';
import { toComment } from '../convert/issues';
import { toTimelineComment } from '../convert/timeline';
import { archived, forbidden, internal, notFound, RawResponseError } from '../errors';
import { isPlainComment } from '../issueEvents';
import { formInt, listOptions, pageOf, setTotalCount } from '../paging';
import type { Router } from '../router';
import { Access, type CommentRec, type IssueRec, type RepoRec } from '../state';
import { parseTimeParam } from './issues';
import { notifyWithMentions } from '../notifications';

const oldestFirst = (a: CommentRec, b: CommentRec) => a.created.getTime() - b.created.getTime() || a.id - b.id;

/**
 * The issue of the path, where Gitea's comment handlers read it: they take a missing one for an internal error (500,
 * `issue does not exist […]`), not a 404 as the issue's own handler does (1.26.3 and 1.27.0 alike).
 */
function commentedIssue(ctx: Ctx, repo: RepoRec): IssueRec {
  const index = formInt(ctx.params.index);
  return ctx.state.issueByIndex(repo.id, index) ?? internal(`issue does not exist [id: 0, repo_id: ${repo.id}, index: ${index}]`);
}

function inWindow(ctx: Ctx): (c: CommentRec) => boolean {
  const since = parseTimeParam(ctx, 'since');
  const before = parseTimeParam(ctx, 'before');
  return (c) => {
    const t = c.updated.getTime() / 1000;
    return (since === undefined || t >= since) && (before === undefined || t <= before);
  };
}

function listComments(ctx: Ctx): void {
  const { repo } = ctx.repoAssignment();
  const issue = commentedIssue(ctx, repo);
  const items = ctx.state.comments.filter((c) => c.issueId === issue.id && isPlainComment(c)).filter(inWindow(ctx)).sort(oldestFirst);
  setTotalCount(ctx, items.length);
  ctx.json(200, items.map((c) => toComment(ctx, c)));
}

function timeline(ctx: Ctx): void {
  const { repo } = ctx.repoAssignment();
  const issue = commentedIssue(ctx, repo);
  const all = ctx.state.comments.filter((c) => c.issueId === issue.id).filter(inWindow(ctx)).sort(oldestFirst);
  const page = pageOf(all, listOptions(ctx)).filter((c) => c.type !== 'code');
  setTotalCount(ctx, page.length);
  ctx.json(200, page.map((c) => toTimelineComment(ctx, c)));
}

function createComment(ctx: Ctx): void {
  const { repo, mode } = ctx.repoAssignment();
  const doer = ctx.requireSigned();
  if (repo.archived) archived();
  const form = bind<{ body: string }>(ctx, 'CreateIssueCommentOption', [{ go: 'Body', json: 'body', type: 'string', rules: ['Required'] }]);
  const issue = commentedIssue(ctx, repo);
  if (issue.isLocked && mode < Access.Write && !doer.isAdmin) forbidden('You cannot comment on a locked issue.');
  const now = new Date();
  const c: CommentRec = { id: ctx.state.nextId('comment'), issueId: issue.id, posterId: doer.id, body: form.body, created: now, updated: now };
  ctx.state.comments.push(c);
  issue.comments++;
  issue.updated = now;
  notifyWithMentions(ctx.state, issue, doer.id, form.body, c.id);
  ctx.json(201, toComment(ctx, c));
}

/** Gitea's editIssueComment/deleteIssueComment preamble: the comment of this repository, by its author or a writer. */
function commentForChange(ctx: Ctx): CommentRec {
  const { repo, mode } = ctx.repoAssignment();
  const doer = ctx.requireSigned();
  const c = ctx.state.comment(formInt(ctx.params.id));
  if (!c) return notFound();
  const issue = ctx.state.issue(c.issueId);
  if (!issue || issue.repoId !== repo.id) return notFound();
  // Gitea answers ctx.Status(403): no body.
  if (doer.id !== c.posterId && mode < Access.Write) throw new RawResponseError(403, '');
  return c;
}

function editComment(ctx: Ctx): void {
  const { repo } = ctx.repoAssignment();
  if (repo.archived) archived();
  ctx.requireSigned();
  const form = bind<{ body: string }>(ctx, 'EditIssueCommentOption', [{ go: 'Body', json: 'body', type: 'string', rules: ['Required'] }]);
  const c = commentForChange(ctx);
  // Only comments with content (comment, review, code) can be edited; others answer 204 unchanged.
  if (c.type !== undefined && c.type !== 'comment' && c.type !== 'review' && c.type !== 'code') return ctx.noContent();
  if (form.body !== c.body) {
    c.body = form.body;
    c.updated = new Date();
  }
  ctx.json(200, toComment(ctx, c));
}

function deleteComment(ctx: Ctx): void {
  const c = commentForChange(ctx);
  // Gitea answers 204 for a code comment without deleting it (its condition only matches CommentTypeCode).
  if (c.type === 'code') return ctx.noContent();
  const i = ctx.state.comments.indexOf(c);
  ctx.state.comments.splice(i, 1);
  const issue = ctx.state.issue(c.issueId)!;
  if (isPlainComment(c)) issue.comments = Math.max(0, issue.comments - 1);
  ctx.noContent();
}

export function registerCommentRoutes(r: Router): void {
  r.get('/repos/{owner}/{repo}/issues/{index}/comments', ['issue'], listComments);
  r.post('/repos/{owner}/{repo}/issues/{index}/comments', ['issue'], createComment);
  r.get('/repos/{owner}/{repo}/issues/{index}/timeline', ['issue'], timeline);
  r.patch('/repos/{owner}/{repo}/issues/comments/{id}', ['issue'], editComment);
  r.delete('/repos/{owner}/{repo}/issues/comments/{id}', ['issue'], deleteComment);
}
