// Repositories and what hangs directly off them: branches, tags, deploy keys, file contents.
import * as z from 'zod/mini'; // namespace import: tree-shakes (the `z` object pulls in all of zod)
import { bool, list, num, str } from './common';
import { Team, User } from './user';

export const Permission = z.object({ admin: bool(), push: bool(), pull: bool() });
export const InternalTracker = z.object({
  enable_time_tracker: bool(),
  allow_only_contributors_to_track_time: bool(),
  enable_issue_dependencies: bool(),
});
export const ExternalTracker = z.object({
  external_tracker_url: str(),
  external_tracker_format: str(),
  external_tracker_style: str(),
  external_tracker_regexp_pattern: str(),
});
export const ExternalWiki = z.object({ external_wiki_url: str() });
export const RepoTransfer = z.object({ doer: z.optional(User), recipient: z.optional(User), teams: list(Team) });

const repositoryFields = {
  id: z.number(),
  name: z.string(),
  full_name: z.string(),
  owner: z.optional(User),
  description: str(),
  empty: bool(),
  private: bool(),
  fork: bool(),
  template: bool(),
  mirror: bool(),
  size: num(),
  language: str(),
  languages_url: str(),
  html_url: str(),
  url: str(),
  link: str(),
  ssh_url: str(),
  clone_url: str(),
  original_url: str(),
  website: str(),
  stars_count: num(),
  forks_count: num(),
  watchers_count: num(),
  open_issues_count: num(),
  open_pr_counter: num(),
  release_counter: num(),
  branch_count: num(),
  default_branch: str(),
  default_target_branch: str(),
  archived: bool(),
  archived_at: str(),
  created_at: str(),
  updated_at: str(),
  permissions: z.optional(Permission),
  has_code: bool(),
  has_issues: bool(),
  internal_tracker: z.optional(InternalTracker),
  external_tracker: z.optional(ExternalTracker),
  has_wiki: bool(),
  external_wiki: z.optional(ExternalWiki),
  has_pull_requests: bool(),
  has_projects: bool(),
  projects_mode: str(),
  has_releases: bool(),
  has_packages: bool(),
  has_actions: bool(),
  ignore_whitespace_conflicts: bool(),
  allow_merge_commits: bool(),
  allow_rebase: bool(),
  allow_rebase_explicit: bool(),
  allow_squash_merge: bool(),
  allow_fast_forward_only_merge: bool(),
  allow_rebase_update: bool(),
  allow_merge_update: bool(),
  allow_manual_merge: bool(),
  autodetect_manual_merge: bool(),
  default_delete_branch_after_merge: bool(),
  default_merge_style: str(),
  default_update_style: str(),
  default_allow_maintainer_edit: bool(),
  avatar_url: str(),
  internal: bool(),
  mirror_interval: str(),
  mirror_updated: str(),
  mirror_last_sync_at: str(),
  object_format_name: str(),
  repo_transfer: z.optional(RepoTransfer),
  topics: list(z.string()),
  licenses: list(z.string()),
};

/** Gitea nests the parent of a fork one level deep (the parent carries no parent of its own). */
export const Repository = z.object({ ...repositoryFields, parent: z.optional(z.object(repositoryFields)) });
export type Repository = z.infer<typeof Repository>;

export const PayloadUser = z.object({ name: str(), email: str(), username: str() });
export const PayloadCommitVerification = z.object({
  verified: bool(),
  reason: str(),
  signature: str(),
  signer: z.optional(PayloadUser),
  payload: str(),
});
export const PayloadCommit = z.object({
  id: z.string(),
  message: str(),
  url: str(),
  author: z.optional(PayloadUser),
  committer: z.optional(PayloadUser),
  verification: z.optional(PayloadCommitVerification),
  timestamp: str(),
  added: list(z.string()),
  removed: list(z.string()),
  modified: list(z.string()),
});
export type PayloadCommit = z.infer<typeof PayloadCommit>;

export const Branch = z.object({
  name: z.string(),
  commit: z.optional(PayloadCommit),
  protected: bool(),
  required_approvals: num(),
  enable_status_check: bool(),
  status_check_contexts: list(z.string()),
  user_can_push: bool(),
  user_can_merge: bool(),
  effective_branch_protection_name: str(),
});
export type Branch = z.infer<typeof Branch>;

/** api.CommitMeta: the commit a tag points at. */
export const CommitMeta = z.object({ url: str(), sha: str(), created: str() });
export type CommitMeta = z.infer<typeof CommitMeta>;

export const Tag = z.object({
  name: z.string(),
  /** The annotated tag's message; for a lightweight tag, the commit's. */
  message: str(),
  /** The tag object's SHA for an annotated tag, else the commit's. */
  id: str(),
  commit: z.optional(CommitMeta),
  /** Empty when the instance disabled source archives. */
  zipball_url: str(),
  tarball_url: str(),
});
export type Tag = z.infer<typeof Tag>;

export const DeployKey = z.object({
  id: z.number(),
  key_id: num(),
  key: str(),
  url: str(),
  title: z.string(),
  fingerprint: str(),
  created_at: str(),
  read_only: bool(),
  /** Only for site admins and the repository owner. */
  repository: z.optional(Repository),
});
export type DeployKey = z.infer<typeof DeployKey>;

export const ContentsResponse = z.object({
  name: z.string(),
  path: z.string(),
  /** `file`, `dir`, `symlink` or `submodule`. */
  type: z.string(),
  sha: str(),
  size: num(),
  encoding: str(),
  /** Base64 for files; null for directories. */
  content: str(),
  target: str(),
  url: str(),
  html_url: str(),
  git_url: str(),
  download_url: str(),
  submodule_git_url: str(),
  last_commit_sha: str(),
  last_commit_message: str(),
  last_author_date: str(),
  last_committer_date: str(),
  lfs_oid: str(),
  lfs_size: num(),
});
export type ContentsResponse = z.infer<typeof ContentsResponse>;
