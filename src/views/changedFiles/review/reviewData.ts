// What the review threads of a pull request are made from, read from the server: every review (the user's own
// pending one included; others' pending reviews are not listed), the line comments of each, and the hunks of the
// pull request's diff (the lines a new comment may go on). No vscode: the client is passed in.
import type { GiteaClient } from '../../../api';
import { readAllPages } from '../../../api/paging';
import { parseDiffRanges, type DiffRanges, type ReviewCommentLike, type ReviewLike } from './threadModel';

/** Review comment lists read at once: each is one small database read on the server, and the threads wait for the
 * last one (15 reviews at 6 at a time were three waits in a row; a 100 ms network makes each one 100 ms). */
export const REVIEW_COMMENTS_CONCURRENCY = 16;

export interface PullParams {
  readonly owner: string;
  readonly repo: string;
  readonly index: number;
}

export interface ReviewData {
  readonly reviews: readonly ReviewLike[];
  readonly commentsByReview: ReadonlyMap<number, readonly ReviewCommentLike[]>;
}

/** Reviews that can carry line comments: review requests never do. */
function mayHaveComments(r: ReviewLike): boolean {
  return r.state !== 'REQUEST_REVIEW' && ((r.comments_count ?? 0) > 0 || r.state === 'PENDING');
}

export async function loadReviews(client: GiteaClient, p: PullParams, signal?: AbortSignal, onCapped?: (pagesRead: number) => void): Promise<ReviewData> {
  const { items: reviews } = await readAllPages((page) => client.repoListPullReviews({ ...p, page, limit: 50 }, { signal }), { signal, onCapped });
  const withComments = reviews.filter(mayHaveComments);
  const commentsByReview = new Map<number, readonly ReviewCommentLike[]>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < withComments.length) {
      const review = withComments[next++]!;
      const page = await client.repoGetPullReviewComments({ ...p, id: review.id }, { signal });
      commentsByReview.set(review.id, page.items);
    }
  };
  await Promise.all(Array.from({ length: Math.min(REVIEW_COMMENTS_CONCURRENCY, withComments.length) }, worker));
  return { reviews, commentsByReview };
}

/** The hunks of every file of the pull request, by path. */
export async function loadDiffRanges(client: GiteaClient, p: PullParams, signal?: AbortSignal): Promise<Map<string, DiffRanges>> {
  const diff = await client.repoDownloadPullDiffOrPatch({ ...p, diffType: 'diff' }, { signal });
  return parseDiffRanges(diff);
}
