// An issue's page: its comments and timeline, editing the issue (state, title, body, assignees, milestone, due
// date) and its labels. Pull requests are issues here too (same index).
import { Comment, Issue, Label, TimelineComment } from '../schemas';
import { PAGING, json, list, none, op, unpagedList, type PageParams, type RepoParams } from './op';
import type { IssueParams } from './issues';

/** RFC 3339 bounds on the `updated_at` of comments. */
interface TimeWindow {
  since?: string;
  before?: string;
}

export interface EditIssueOption {
  title?: string;
  body?: string;
  /** Detects concurrent edits of the body: the `content_version` read with the issue (409 when it changed). */
  content_version?: number;
  ref?: string;
  /** `open` or `closed` (412 when closing with open dependencies or reopening a merged pull request). */
  state?: 'open' | 'closed';
  /** Deprecated: use assignees. */
  assignee?: string;
  /** Replaces the assignees; [] removes them all. Writers only (ignored for others). */
  assignees?: string[];
  /** Milestone id; 0 removes it. Writers only. */
  milestone?: number;
  /** RFC 3339; only the date is kept. Writers only. */
  due_date?: string;
  unset_due_date?: boolean;
  /** Project ids (replaces them). */
  projects?: number[];
}
const EDIT_ISSUE_FIELDS = [
  'title', 'body', 'content_version', 'ref', 'state', 'assignee', 'assignees', 'milestone', 'due_date', 'unset_due_date', 'projects',
] as const satisfies readonly (keyof EditIssueOption)[];

/** Label ids, or label names. */
export interface IssueLabelsOption {
  labels: (number | string)[];
}

interface CommentParams extends RepoParams {
  id: number;
}

export const issueCommentOperations = {
  /** Plain comments only (no events), oldest first, not paged (X-Total-Count). */
  issueGetComments: op<IssueParams & TimeWindow>()({
    id: 'issueGetComments',
    method: 'GET',
    path: '/repos/{owner}/{repo}/issues/{index}/comments',
    query: ['since', 'before'],
    result: unpagedList(Comment),
  }),
  /** Comments and events, oldest first. Review line comments (`code`) are left out; X-Total-Count is the page's count. */
  issueGetCommentsAndTimeline: op<IssueParams & TimeWindow & PageParams>()({
    id: 'issueGetCommentsAndTimeline',
    method: 'GET',
    path: '/repos/{owner}/{repo}/issues/{index}/timeline',
    query: ['since', 'before', ...PAGING],
    result: list(TimelineComment),
  }),
  /** 201. 423 archived; 422 empty body; 403 on a locked issue for non-writers. */
  issueCreateComment: op<IssueParams & { body: { body: string } }>()({
    id: 'issueCreateComment',
    method: 'POST',
    path: '/repos/{owner}/{repo}/issues/{index}/comments',
    body: ['body'],
    result: json(Comment),
  }),
  /** 423 archived; 403 (no message) unless the author or a writer; 404 for a comment of another repository. */
  issueEditComment: op<CommentParams & { body: { body: string } }>()({
    id: 'issueEditComment',
    method: 'PATCH',
    path: '/repos/{owner}/{repo}/issues/comments/{id}',
    body: ['body'],
    result: json(Comment),
  }),
  /** 204. 403 (no message) unless the author or a writer. */
  issueDeleteComment: op<CommentParams>()({
    id: 'issueDeleteComment',
    method: 'DELETE',
    path: '/repos/{owner}/{repo}/issues/comments/{id}',
    result: none,
  }),
  /** Answers 201 with the issue. Non-writers may change only title, body and state of their own issues (else 403). */
  issueEditIssue: op<IssueParams & { body: EditIssueOption }>()({
    id: 'issueEditIssue',
    method: 'PATCH',
    path: '/repos/{owner}/{repo}/issues/{index}',
    body: EDIT_ISSUE_FIELDS,
    result: json(Issue),
  }),
  /** Adds labels; answers all labels of the issue. Unknown ids are ignored. Writers only (403). */
  issueAddLabel: op<IssueParams & { body: IssueLabelsOption }>()({
    id: 'issueAddLabel',
    method: 'POST',
    path: '/repos/{owner}/{repo}/issues/{index}/labels',
    body: ['labels'],
    result: unpagedList(Label),
  }),
  /** Sets exactly these labels; answers them. */
  issueReplaceLabels: op<IssueParams & { body: IssueLabelsOption }>()({
    id: 'issueReplaceLabels',
    method: 'PUT',
    path: '/repos/{owner}/{repo}/issues/{index}/labels',
    body: ['labels'],
    result: unpagedList(Label),
  }),
  /** 204 (also when the issue does not carry it); 422 for an unknown label id. */
  issueRemoveLabel: op<IssueParams & { id: number }>()({
    id: 'issueRemoveLabel',
    method: 'DELETE',
    path: '/repos/{owner}/{repo}/issues/{index}/labels/{id}',
    result: none,
  }),
};
