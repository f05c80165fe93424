// Repositories: get, edit, migrate, branches, tags, people, file contents.
import * as z from 'zod/mini'; // namespace import: tree-shakes (the `z` object pulls in all of zod)
import { Branch, ContentsResponse, Repository, Tag, User } from '../schemas';
import { PAGING, bytes, json, list, op, unpagedList, type PageParams, type RepoParams } from './op';

export interface ExternalTrackerOption {
  external_tracker_url?: string;
  /** Uses the placeholders {user}, {repo}, {index}. */
  external_tracker_format?: string;
  /** numeric, alphanumeric or regexp. */
  external_tracker_style?: string;
  external_tracker_regexp_pattern?: string;
}

/** PATCH /repos/{owner}/{repo}: only the fields given are changed. */
export interface EditRepoOption {
  name?: string;
  description?: string;
  website?: string;
  private?: boolean;
  template?: boolean;
  archived?: boolean;
  default_branch?: string;
  has_code?: boolean;
  has_issues?: boolean;
  has_wiki?: boolean;
  has_pull_requests?: boolean;
  has_projects?: boolean;
  /** repo, owner or all. */
  projects_mode?: string;
  has_releases?: boolean;
  has_packages?: boolean;
  has_actions?: boolean;
  internal_tracker?: { enable_time_tracker?: boolean; allow_only_contributors_to_track_time?: boolean; enable_issue_dependencies?: boolean };
  external_tracker?: ExternalTrackerOption;
  external_wiki?: { external_wiki_url?: string };
  ignore_whitespace_conflicts?: boolean;
  allow_merge_commits?: boolean;
  allow_rebase?: boolean;
  allow_rebase_explicit?: boolean;
  allow_squash_merge?: boolean;
  allow_fast_forward_only_merge?: boolean;
  allow_manual_merge?: boolean;
  autodetect_manual_merge?: boolean;
  allow_rebase_update?: boolean;
  allow_merge_update?: boolean;
  default_delete_branch_after_merge?: boolean;
  /** merge, rebase, rebase-merge, squash or fast-forward-only. */
  default_merge_style?: string;
  /** merge or rebase. */
  default_update_style?: string;
  default_allow_maintainer_edit?: boolean;
  /** e.g. 8h30m0s */
  mirror_interval?: string;
  enable_prune?: boolean;
  mirror_username?: string;
  mirror_password?: string;
  mirror_token?: string;
}
const EDIT_REPO_FIELDS = [
  'name', 'description', 'website', 'private', 'template', 'archived', 'default_branch', 'has_code', 'has_issues',
  'has_wiki', 'has_pull_requests', 'has_projects', 'projects_mode', 'has_releases', 'has_packages', 'has_actions',
  'internal_tracker', 'external_tracker', 'external_wiki', 'ignore_whitespace_conflicts', 'allow_merge_commits',
  'allow_rebase', 'allow_rebase_explicit', 'allow_squash_merge', 'allow_fast_forward_only_merge',
  'allow_manual_merge', 'autodetect_manual_merge', 'allow_rebase_update', 'allow_merge_update',
  'default_delete_branch_after_merge', 'default_merge_style', 'default_update_style',
  'default_allow_maintainer_edit', 'mirror_interval', 'enable_prune', 'mirror_username', 'mirror_password',
  'mirror_token',
] as const satisfies readonly (keyof EditRepoOption)[];

/** POST /repos/migrate. Synchronous on the server: it can take minutes (no client timeout by default). */
export interface MigrateRepoOptions {
  clone_addr: string;
  repo_name: string;
  /** User or organization that will own the repository (default: the caller). */
  repo_owner?: string;
  /** Deprecated: use repo_owner. */
  uid?: number;
  /** git, github, gitea, gitlab, gogs, onedev, gitbucket, codebase, codecommit. */
  service?: string;
  auth_username?: string;
  auth_password?: string;
  auth_token?: string;
  aws_access_key_id?: string;
  aws_secret_access_key?: string;
  mirror?: boolean;
  mirror_interval?: string;
  private?: boolean;
  description?: string;
  wiki?: boolean;
  milestones?: boolean;
  labels?: boolean;
  issues?: boolean;
  pull_requests?: boolean;
  releases?: boolean;
  lfs?: boolean;
  lfs_endpoint?: string;
}
const MIGRATE_FIELDS = [
  'clone_addr', 'repo_name', 'repo_owner', 'uid', 'service', 'auth_username', 'auth_password', 'auth_token',
  'aws_access_key_id', 'aws_secret_access_key', 'mirror', 'mirror_interval', 'private', 'description', 'wiki',
  'milestones', 'labels', 'issues', 'pull_requests', 'releases', 'lfs', 'lfs_endpoint',
] as const satisfies readonly (keyof MigrateRepoOptions)[];

export interface RepoFileParams extends RepoParams {
  /** Path inside the repository; `/` separates folders. */
  filepath: string;
  /** Branch, tag or commit; default branch when omitted. */
  ref?: string;
}

export const repoOperations = {
  repoGet: op<RepoParams>()({ id: 'repoGet', method: 'GET', path: '/repos/{owner}/{repo}', result: json(Repository) }),
  repoEdit: op<RepoParams & { body: EditRepoOption }>()({
    id: 'repoEdit',
    method: 'PATCH',
    path: '/repos/{owner}/{repo}',
    body: EDIT_REPO_FIELDS,
    result: json(Repository),
  }),
  repoMigrate: op<{ body: MigrateRepoOptions }>()({
    id: 'repoMigrate',
    method: 'POST',
    path: '/repos/migrate',
    body: MIGRATE_FIELDS,
    longRunning: true,
    result: json(Repository),
  }),
  repoListBranches: op<RepoParams & PageParams & { /** Substring of the branch name (Gitea 1.27+). */ q?: string }>()({
    id: 'repoListBranches',
    method: 'GET',
    path: '/repos/{owner}/{repo}/branches',
    query: ['q', ...PAGING],
    result: list(Branch),
  }),
  repoGetBranch: op<RepoParams & { branch: string }>()({
    id: 'repoGetBranch',
    method: 'GET',
    path: '/repos/{owner}/{repo}/branches/{branch}',
    slashParams: ['branch'],
    result: json(Branch),
  }),
  /** Newest first (tagger date of annotated tags, commit date of lightweight ones); only X-Total-Count, no Link. */
  repoListTags: op<RepoParams & PageParams>()({
    id: 'repoListTags',
    method: 'GET',
    path: '/repos/{owner}/{repo}/tags',
    query: PAGING,
    result: list(Tag),
  }),
  /** One tag by name (names may hold slashes); notFound when the repository has no such tag. */
  repoGetTag: op<RepoParams & { tag: string }>()({
    id: 'repoGetTag',
    method: 'GET',
    path: '/repos/{owner}/{repo}/tags/{tag}',
    slashParams: ['tag'],
    result: json(Tag),
  }),
  /** The default branch's valid issue templates, as Gitea parsed them (invalid ones are left out; the header
   * X-Gitea-Warning counts them). Items are read one by one by createIssue/templates/issueTemplate.ts. */
  repoGetIssueTemplates: op<RepoParams>()({
    id: 'repoGetIssueTemplates',
    method: 'GET',
    path: '/repos/{owner}/{repo}/issue_templates',
    result: unpagedList(z.unknown()),
  }),
  /** config.yaml of the issue templates (blank_issues_enabled, contact_links); Gitea's default when there is none
   * or it is invalid. Read by createIssue/templates/issueTemplate.ts. */
  repoGetIssueConfig: op<RepoParams>()({
    id: 'repoGetIssueConfig',
    method: 'GET',
    path: '/repos/{owner}/{repo}/issue_config',
    result: json(z.unknown()),
  }),
  repoListCollaborators: op<RepoParams & PageParams>()({
    id: 'repoListCollaborators',
    method: 'GET',
    path: '/repos/{owner}/{repo}/collaborators',
    query: PAGING,
    result: list(User),
  }),
  repoGetAssignees: op<RepoParams>()({
    id: 'repoGetAssignees',
    method: 'GET',
    path: '/repos/{owner}/{repo}/assignees',
    result: unpagedList(User),
  }),
  repoGetRawFile: op<RepoFileParams>()({
    id: 'repoGetRawFile',
    method: 'GET',
    path: '/repos/{owner}/{repo}/raw/{filepath}',
    query: ['ref'],
    slashParams: ['filepath'],
    result: bytes,
  }),
  /** The entries of the repository's root folder. */
  repoGetContentsList: op<RepoParams & { ref?: string }>()({
    id: 'repoGetContentsList',
    method: 'GET',
    path: '/repos/{owner}/{repo}/contents',
    query: ['ref'],
    result: unpagedList(ContentsResponse),
  }),
  /** A file's metadata and base64 content, or a directory's entries (an array). */
  repoGetContents: op<RepoFileParams>()({
    id: 'repoGetContents',
    method: 'GET',
    path: '/repos/{owner}/{repo}/contents/{filepath}',
    query: ['ref'],
    slashParams: ['filepath'],
    result: json(z.union([ContentsResponse, z.array(ContentsResponse)])),
  }),
};
