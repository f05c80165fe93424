// Pull requests and their changed files.
import * as z from 'zod/mini'; // namespace import: tree-shakes (the `z` object pulls in all of zod)
import { bool, list, num, str } from './common';
import { Label, Milestone } from './issue';
import { Repository } from './repo';
import { Team, User } from './user';

/** `base` / `head` of a pull request. `repo` is null and `repo_id` -1 when the head repository is gone. */
export const PRBranchInfo = z.object({
  label: str(),
  ref: str(),
  sha: str(),
  repo_id: num(),
  repo: z.optional(Repository),
});
export type PRBranchInfo = z.infer<typeof PRBranchInfo>;

// In list answers Gitea omits additions/deletions/changed_files/review_comments and sends null for empty
// assignees/reviewer lists; everything but the identity is therefore optional.
export const PullRequest = z.object({
  id: z.number(),
  number: z.number(),
  title: z.string(),
  /** `open` or `closed`; see `merged` for merged ones. */
  state: z.string(),
  url: str(),
  html_url: str(),
  diff_url: str(),
  patch_url: str(),
  user: z.optional(User),
  body: str(),
  labels: list(Label),
  milestone: z.optional(Milestone),
  assignee: z.optional(User),
  assignees: list(User),
  requested_reviewers: list(User),
  requested_reviewers_teams: list(Team),
  is_locked: bool(),
  comments: num(),
  review_comments: num(),
  additions: num(),
  deletions: num(),
  changed_files: num(),
  draft: bool(),
  mergeable: bool(),
  merged: bool(),
  merged_at: str(),
  merge_commit_sha: str(),
  merged_by: z.optional(User),
  allow_maintainer_edit: bool(),
  base: z.optional(PRBranchInfo),
  head: z.optional(PRBranchInfo),
  merge_base: str(),
  due_date: str(),
  created_at: str(),
  updated_at: str(),
  closed_at: str(),
  pin_order: num(),
  content_version: num(),
});
export type PullRequest = z.infer<typeof PullRequest>;

export const ChangedFile = z.object({
  filename: z.string(),
  /** Set when `status` is `renamed`. */
  previous_filename: str(),
  /** added, deleted, renamed, copied, unchanged or changed (never "modified"). */
  status: str(),
  additions: num(),
  deletions: num(),
  changes: num(),
  html_url: str(),
  contents_url: str(),
  raw_url: str(),
});
export type ChangedFile = z.infer<typeof ChangedFile>;
