// Request Review's changes to the review requests, without vscode (unit-tested): the names of users and teams, as
// Gitea's PullReviewRequestOptions carries them.

export interface ReviewerNames {
  readonly reviewers: readonly string[];
  readonly team_reviewers: readonly string[];
}

/** What to request and what to withdraw, from the current requests and the selection. */
export function reviewerChanges(current: ReviewerNames, selected: ReviewerNames): { added: ReviewerNames; removed: ReviewerNames } {
  const minus = (a: readonly string[], b: readonly string[]) => a.filter((x) => !b.some((y) => y.toLowerCase() === x.toLowerCase()));
  return {
    added: { reviewers: minus(selected.reviewers, current.reviewers), team_reviewers: minus(selected.team_reviewers, current.team_reviewers) },
    removed: { reviewers: minus(current.reviewers, selected.reviewers), team_reviewers: minus(current.team_reviewers, selected.team_reviewers) },
  };
}

export const isEmpty = (n: ReviewerNames) => n.reviewers.length === 0 && n.team_reviewers.length === 0;
