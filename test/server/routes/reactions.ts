// Reactions, as Gitea 1.27 answers them (routers/api/v1/repo/issue_reaction.go, models/issues/reaction.go):
// GET …/issues/{index}/reactions (the issue's own, oldest first; all of them without `page`, else paged;
// X-Total-Count, no Link), GET …/issues/comments/{id}/reactions (not paged), POST (201 new, 200 with the one the
// user already had; 403 "'x' is not an allowed reaction"), DELETE (204, also when there was none). A locked issue
// refuses non-writers with 403 "no permission to change reaction"; an archived repository refuses nothing (the
// routes have no mustNotBeArchived). Lists leave out reactions outside the allowed set; an empty list is `null`.
// GET /settings/ui lists the allowed set.
import { bind } from '../binding';
import type { Ctx } from '../context';
import { iso, toUser } from '../convert/users';
import { forbidden, notFound } from '../errors';
import { DEFAULT_PAGING_NUM, MAX_RESPONSE_ITEMS, formInt, pageOf, setTotalCount } from '../paging';
import type { Router } from '../router';
import { Access, type IssueRec, type ReactionRec, type RepoRec, type UserRec } from '../state';
import { issueFromParams } from './issues';

function toReaction(ctx: Ctx, r: ReactionRec): Record<string, unknown> {
  return { user: toUser(ctx, ctx.state.account(r.userId)!), content: r.type, created_at: iso(r.created) };
}

/** Go encodes the nil slice of an empty answer as `null`. */
function reactionList(ctx: Ctx, items: ReactionRec[]): unknown {
  return items.length ? items.map((r) => toReaction(ctx, r)) : null;
}

/** Gitea's FindReactions: of the allowed set only, by comment, then creation, then id. */
function reactionsOf(ctx: Ctx, issueId: number, commentId: number): ReactionRec[] {
  const allowed = ctx.state.settings.reactions;
  return ctx.state.reactions
    .filter((r) => r.issueId === issueId && r.commentId === commentId && allowed.includes(r.type))
    .sort((a, b) => a.created.getTime() - b.created.getTime() || a.id - b.id);
}

/** The comment of this repository's issue (404 otherwise, with the text of Gitea's ErrCommentNotExist). */
function commentOfRepo(ctx: Ctx, repo: RepoRec): { issue: IssueRec; commentId: number } {
  const id = formInt(ctx.params.id);
  const c = ctx.state.comment(id);
  if (!c) return notFound(`comment does not exist [id: ${id}, issue_id: 0]`);
  const issue = ctx.state.issue(c.issueId);
  if (!issue || issue.repoId !== repo.id) return notFound();
  return { issue, commentId: c.id };
}

function readForm(ctx: Ctx): string {
  return bind<{ content?: string }>(ctx, 'EditReactionOption', [{ go: 'Reaction', json: 'content', type: 'string' }]).content ?? '';
}

/** The POST/DELETE shared part: the issue's lock refuses non-writers, then the reaction is added or removed. */
function change(ctx: Ctx, doer: UserRec, mode: Access, issue: IssueRec, commentId: number, content: string, add: boolean): void {
  if (issue.isLocked && mode < Access.Write && !doer.isAdmin) forbidden('no permission to change reaction');
  const mine = (r: ReactionRec) => r.issueId === issue.id && r.commentId === commentId && r.userId === doer.id && r.type === content;
  if (!add) {
    for (let i = ctx.state.reactions.length - 1; i >= 0; i--) if (mine(ctx.state.reactions[i]!)) ctx.state.reactions.splice(i, 1);
    return ctx.noContent();
  }
  if (!ctx.state.settings.reactions.includes(content)) forbidden(`'${content}' is not an allowed reaction`);
  const existing = ctx.state.reactions.find(mine);
  if (existing) return ctx.json(200, toReaction(ctx, existing));
  const r: ReactionRec = { id: ctx.state.nextId('reaction'), type: content, issueId: issue.id, commentId, userId: doer.id, created: new Date() };
  ctx.state.reactions.push(r);
  ctx.json(201, toReaction(ctx, r));
}

function issueReactions(ctx: Ctx): void {
  const { repo } = ctx.repoAssignment();
  const issue = issueFromParams(ctx, repo);
  const all = reactionsOf(ctx, issue.id, 0);
  // utils.GetListOptions: page 0 (absent) lists everything; otherwise the page of `limit` (clamped).
  const page = formInt(ctx.query.get('page'));
  let limit = formInt(ctx.query.get('limit'));
  if (limit <= 0) limit = DEFAULT_PAGING_NUM;
  else if (limit > MAX_RESPONSE_ITEMS) limit = MAX_RESPONSE_ITEMS;
  setTotalCount(ctx, all.length);
  ctx.json(200, reactionList(ctx, page > 0 ? pageOf(all, { page, limit }) : all));
}

function changeIssueReaction(add: boolean) {
  return (ctx: Ctx): void => {
    const { repo, mode } = ctx.repoAssignment();
    const doer = ctx.requireSigned();
    const content = readForm(ctx);
    change(ctx, doer, mode, issueFromParams(ctx, repo), 0, content, add);
  };
}

function commentReactions(ctx: Ctx): void {
  const { repo } = ctx.repoAssignment();
  const { issue, commentId } = commentOfRepo(ctx, repo);
  ctx.json(200, reactionList(ctx, reactionsOf(ctx, issue.id, commentId)));
}

function changeCommentReaction(add: boolean) {
  return (ctx: Ctx): void => {
    const { repo, mode } = ctx.repoAssignment();
    const doer = ctx.requireSigned();
    const content = readForm(ctx);
    const { issue, commentId } = commentOfRepo(ctx, repo);
    change(ctx, doer, mode, issue, commentId, content, add);
  };
}

export function registerReactionRoutes(r: Router): void {
  r.get('/settings/ui', ['misc'], (ctx) =>
    ctx.json(200, { default_theme: 'gitea-auto', allowed_reactions: ctx.state.settings.reactions, custom_emojis: ['git', 'gitea', 'codeberg', 'gitlab', 'github', 'gogs'] }),
  );
  r.get('/repos/{owner}/{repo}/issues/{index}/reactions', ['issue'], issueReactions);
  r.post('/repos/{owner}/{repo}/issues/{index}/reactions', ['issue'], changeIssueReaction(true));
  r.delete('/repos/{owner}/{repo}/issues/{index}/reactions', ['issue'], changeIssueReaction(false));
  r.get('/repos/{owner}/{repo}/issues/comments/{id}/reactions', ['issue'], commentReactions);
  r.post('/repos/{owner}/{repo}/issues/comments/{id}/reactions', ['issue'], changeCommentReaction(true));
  r.delete('/repos/{owner}/{repo}/issues/comments/{id}/reactions', ['issue'], changeCommentReaction(false));
}
