// Timeline events, pull request reviews and their line comments, commits of a pull request and the combined
// commit status: what the issue and pull request pages need.
import * as z from 'zod/mini'; // namespace import: tree-shakes (the `z` object pulls in all of zod)
import { bool, list, num, str } from './common';
import { Comment, Issue, Label, Milestone } from './issue';
import { Repository } from './repo';
import { Team, User } from './user';

/**
 * One entry of an issue's timeline: a comment or an event. `type` is Gitea's comment type (`comment`, `close`,
 * `reopen`, `label` (body "1" when added, "" when removed), `milestone`, `assignees` (see `removed_assignee`),
 * `change_title`, `review`, `review_request`, `merge_pull`, `pull_ref`, `commit_ref`, …); the other fields are
 * set for the types that use them, null otherwise.
 */
export const TimelineComment = z.object({
  id: z.number(),
  type: z.string(),
  body: str(),
  user: z.optional(User),
  html_url: str(),
  issue_url: str(),
  pull_request_url: str(),
  created_at: str(),
  updated_at: str(),
  label: z.optional(Label),
  assignee: z.optional(User),
  assignee_team: z.optional(Team),
  removed_assignee: bool(),
  resolve_doer: z.optional(User),
  old_title: str(),
  new_title: str(),
  old_ref: str(),
  new_ref: str(),
  old_milestone: z.optional(Milestone),
  milestone: z.optional(Milestone),
  old_project_id: num(),
  project_id: num(),
  ref_action: str(),
  ref_commit_sha: str(),
  ref_issue: z.optional(Issue),
  ref_comment: z.optional(Comment),
  dependent_issue: z.optional(Issue),
  review_id: num(),
});
export type TimelineComment = z.infer<typeof TimelineComment>;

export const PullReview = z.object({
  id: z.number(),
  user: z.optional(User),
  team: z.optional(Team),
  /** APPROVED, PENDING, COMMENT, REQUEST_CHANGES or REQUEST_REVIEW. */
  state: z.string(),
  body: str(),
  commit_id: str(),
  stale: bool(),
  official: bool(),
  dismissed: bool(),
  comments_count: num(),
  submitted_at: str(),
  updated_at: str(),
  /** Empty for a pending review. */
  html_url: str(),
  pull_request_url: str(),
});
export type PullReview = z.infer<typeof PullReview>;

/** A line comment of a review. `position` is a line of the new file, `original_position` of the old one (0 if unset). */
export const PullReviewComment = z.object({
  id: z.number(),
  body: str(),
  user: z.optional(User),
  resolver: z.optional(User),
  pull_request_review_id: num(),
  created_at: str(),
  updated_at: str(),
  path: str(),
  commit_id: str(),
  original_commit_id: str(),
  diff_hunk: str(),
  position: num(),
  original_position: num(),
  html_url: str(),
  pull_request_url: str(),
});
export type PullReviewComment = z.infer<typeof PullReviewComment>;

const CommitUser = z.object({ name: str(), email: str(), date: str() });
export const Commit = z.object({
  sha: z.string(),
  url: str(),
  html_url: str(),
  created: str(),
  commit: z.optional(z.object({ message: str(), author: z.optional(CommitUser), committer: z.optional(CommitUser) })),
  author: z.optional(User),
  committer: z.optional(User),
  parents: list(z.object({ sha: str(), url: str() })),
  files: list(z.object({ filename: str(), status: str() })),
  stats: z.optional(z.object({ total: num(), additions: num(), deletions: num() })),
});
export type Commit = z.infer<typeof Commit>;

/** The commits of a head that its base has not (GET …/compare/{base}...{head}). */
export const Compare = z.object({ total_commits: num(), commits: list(Commit) });
export type Compare = z.infer<typeof Compare>;

export const CommitStatus = z.object({
  id: z.number(),
  /** pending, success, error, failure or warning. */
  status: str(),
  context: str(),
  description: str(),
  target_url: str(),
  url: str(),
  creator: z.optional(User),
  created_at: str(),
  updated_at: str(),
});
export type CommitStatus = z.infer<typeof CommitStatus>;

export const CombinedStatus = z.object({
  /** The worst state of `statuses`; "" when there are none. */
  state: str(),
  sha: str(),
  total_count: num(),
  statuses: list(CommitStatus),
  repository: z.optional(Repository),
  commit_url: str(),
  url: str(),
});
export type CombinedStatus = z.infer<typeof CombinedStatus>;
