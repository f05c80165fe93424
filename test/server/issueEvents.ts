// Timeline events: Gitea writes a row to its comment table for each change of an issue (labels, assignees,
// state, title, milestone, due date, reviews, merges); the timeline lists them with the plain comments.
import type { CommentRec, CommentType, IssueRec, ServerState } from './state';

export type EventFields = Omit<CommentRec, 'id' | 'issueId' | 'posterId' | 'created' | 'updated' | 'type' | 'body'> & { body?: string };

/** Records one event of `type` on the issue, by `doerId`, now (or at `when`). */
export function addEvent(
  state: ServerState,
  issue: IssueRec,
  doerId: number,
  type: CommentType,
  fields: EventFields = {},
  when = new Date(),
): CommentRec {
  const rec: CommentRec = { id: state.nextId('comment'), issueId: issue.id, posterId: doerId, created: when, updated: when, type, ...fields, body: fields.body ?? '' };
  state.comments.push(rec);
  return rec;
}

/** A plain comment (Gitea's CommentTypeComment), what `…/comments` lists and `issue.comments` counts. */
export function isPlainComment(c: CommentRec): boolean {
  return (c.type ?? 'comment') === 'comment';
}

/** Gitea's UpdateIssueDeadline events: added (new date), modified ("new|old") or removed (old date). */
export function deadlineEvent(state: ServerState, issue: IssueRec, doerId: number, next: Date | undefined): void {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const prev = issue.dueDate;
  if (!prev && !next) return;
  if (prev && next && day(prev) === day(next)) return;
  if (!prev && next) addEvent(state, issue, doerId, 'added_deadline', { body: day(next) });
  else if (prev && next) addEvent(state, issue, doerId, 'modified_deadline', { body: `${day(next)}|${day(prev)}` });
  else if (prev) addEvent(state, issue, doerId, 'removed_deadline', { body: day(prev) });
}

/**
 * Gitea's `review_comments` of a pull request (PullRequest.GetReviewCommentsCount): its comments of type Review, one
 * per submitted review — not its code comments, which the name suggests.
 */
export function reviewCommentsCount(state: ServerState, issueId: number): number {
  return state.comments.filter((c) => c.issueId === issueId && c.type === 'review' && state.reviews.find((r) => r.id === c.reviewId)?.type !== 'pending').length;
}
