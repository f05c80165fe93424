// Reactions to an issue (or pull request) and to its comments, and the instance's allowed set of reactions.
// Gitea 1.27 (routers/api/v1/repo/issue_reaction.go): POST answers 201 with the new reaction, 200 with the one that
// already existed; DELETE answers 204 (also when there was none); a reaction outside the allowed set is refused
// with 403 "'x' is not an allowed reaction"; a locked issue refuses non-writers with 403 "no permission to change
// reaction". Lists hold only reactions of the allowed set; an empty one is `null` (read as []).
import { Reaction, UiSettings } from '../schemas';
import { PAGING, json, list, none, op, unpagedList, type PageParams, type RepoParams } from './op';
import type { IssueParams } from './issues';

/** The reaction's name, e.g. `+1`, `heart`. */
interface ReactionBody {
  body: { content: string };
}

interface CommentParams extends RepoParams {
  id: number;
}

export const reactionOperations = {
  /** The instance's UI settings: `allowed_reactions` is what the reaction picker offers. */
  getGeneralUISettings: op()({ id: 'getGeneralUISettings', method: 'GET', path: '/settings/ui', result: json(UiSettings) }),
  /** The issue's own reactions (not its comments'), oldest first; without `page`, all of them. X-Total-Count. */
  issueGetIssueReactions: op<IssueParams & PageParams>()({
    id: 'issueGetIssueReactions',
    method: 'GET',
    path: '/repos/{owner}/{repo}/issues/{index}/reactions',
    query: PAGING,
    result: list(Reaction),
  }),
  /** 201 with the new reaction, 200 when the user had it already; 403 outside the allowed set or on a locked issue. */
  issuePostIssueReaction: op<IssueParams & ReactionBody>()({
    id: 'issuePostIssueReaction',
    method: 'POST',
    path: '/repos/{owner}/{repo}/issues/{index}/reactions',
    body: ['content'],
    result: json(Reaction),
  }),
  /** 204, also when the user had no such reaction; 403 on a locked issue for non-writers. */
  issueDeleteIssueReaction: op<IssueParams & ReactionBody>()({
    id: 'issueDeleteIssueReaction',
    method: 'DELETE',
    path: '/repos/{owner}/{repo}/issues/{index}/reactions',
    body: ['content'],
    result: none,
  }),
  /** A comment's reactions, oldest first, all at once (not paged). */
  issueGetCommentReactions: op<CommentParams>()({
    id: 'issueGetCommentReactions',
    method: 'GET',
    path: '/repos/{owner}/{repo}/issues/comments/{id}/reactions',
    result: unpagedList(Reaction),
  }),
  issuePostCommentReaction: op<CommentParams & ReactionBody>()({
    id: 'issuePostCommentReaction',
    method: 'POST',
    path: '/repos/{owner}/{repo}/issues/comments/{id}/reactions',
    body: ['content'],
    result: json(Reaction),
  }),
  issueDeleteCommentReaction: op<CommentParams & ReactionBody>()({
    id: 'issueDeleteCommentReaction',
    method: 'DELETE',
    path: '/repos/{owner}/{repo}/issues/comments/{id}/reactions',
    body: ['content'],
    result: none,
  }),
};
