// Issues and what they carry: labels, milestones, attachments, projects, comments.
import * as z from 'zod/mini'; // namespace import: tree-shakes (the `z` object pulls in all of zod)
import { bool, list, num, str } from './common';
import { User } from './user';

export const Label = z.object({
  id: z.number(),
  name: z.string(),
  /** Six hex digits, without `#`. */
  color: str(),
  description: str(),
  exclusive: bool(),
  is_archived: bool(),
  url: str(),
});
export type Label = z.infer<typeof Label>;

export const Milestone = z.object({
  id: z.number(),
  title: z.string(),
  description: str(),
  state: str(),
  open_issues: num(),
  closed_issues: num(),
  created_at: str(),
  updated_at: str(),
  closed_at: str(),
  due_on: str(),
});
export type Milestone = z.infer<typeof Milestone>;

export const Attachment = z.object({
  id: z.number(),
  name: str(),
  size: num(),
  download_count: num(),
  created_at: str(),
  uuid: str(),
  browser_download_url: str(),
});
export type Attachment = z.infer<typeof Attachment>;

export const Project = z.object({
  id: z.number(),
  title: str(),
  description: str(),
  owner_id: num(),
  repo_id: num(),
  creator_id: num(),
  is_closed: bool(),
  created_at: str(),
  updated_at: str(),
  closed_at: str(),
});
export type Project = z.infer<typeof Project>;

export const PullRequestMeta = z.object({
  merged: bool(),
  merged_at: str(),
  draft: bool(),
  html_url: str(),
  ref: str(),
});
export const RepositoryMeta = z.object({ id: num(), name: str(), owner: str(), full_name: str() });

export const Issue = z.object({
  id: z.number(),
  number: z.number(),
  title: z.string(),
  /** `open` or `closed`. */
  state: z.string(),
  url: str(),
  html_url: str(),
  user: z.optional(User),
  original_author: str(),
  original_author_id: num(),
  body: str(),
  ref: str(),
  assets: list(Attachment),
  labels: list(Label),
  milestone: z.optional(Milestone),
  /** Deprecated: the first of `assignees`. */
  assignee: z.optional(User),
  /** Gitea sends null when there are none; normalised to []. */
  assignees: list(User),
  is_locked: bool(),
  comments: num(),
  created_at: str(),
  updated_at: str(),
  closed_at: str(),
  due_date: str(),
  time_estimate: num(),
  /** Present (non-null) when the issue is a pull request. */
  pull_request: z.optional(PullRequestMeta),
  repository: z.optional(RepositoryMeta),
  pin_order: num(),
  content_version: num(),
  projects: list(Project),
});
export type Issue = z.infer<typeof Issue>;

export const Comment = z.object({
  id: z.number(),
  html_url: str(),
  pull_request_url: str(),
  issue_url: str(),
  user: z.optional(User),
  original_author: str(),
  original_author_id: num(),
  body: str(),
  assets: list(Attachment),
  created_at: str(),
  updated_at: str(),
});
export type Comment = z.infer<typeof Comment>;
