// The unresolved review threads of a pull request as the tools name them: by the id of their first comment (what
// resolving acts on and a reply answers), with the file, line and side (the views' model, threadModel.ts).
import type { ReviewData } from '../views/changedFiles/review/reviewData';
import { buildThreads, type ReviewThreadModel } from '../views/changedFiles/review/threadModel';
import { value } from './quote';

/** The threads nobody resolved, without the user's pending ones (not on the server for others yet). */
export function unresolvedThreads(data: ReviewData): ReviewThreadModel[] {
  return buildThreads({ reviews: data.reviews, commentsByReview: data.commentsByReview, drafts: [], me: '' }).filter((t) => !t.resolved && !t.pending);
}

/** `"src/a.ts" line 3 (new side, outdated)`: the path as a JSON string. */
export function threadPlace(t: ReviewThreadModel): string {
  return `${value(t.path)} line ${t.line} (${t.side === 'new' ? 'new side' : 'old side'}${t.outdated ? ', outdated' : ''})`;
}
