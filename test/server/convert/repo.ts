// api.Repository. Optional parts (parent, internal/external tracker, external wiki, repo_transfer,
// default_target_branch) are omitted when empty; Forgejo lacks a few 1.26+ fields (and 1.27's
// allow_merge_update, mirror_last_sync_at).
import type { Ctx } from '../context';
import { accessMode, permissionJson } from '../permissions';
import type { RepoRec } from '../state';
import { GO_ZERO_TIME, iso, toUser, UNIX_EPOCH } from './users';

export async function toRepo(ctx: Ctx, repo: RepoRec, opts: { withParent?: boolean } = {}): Promise<Record<string, unknown>> {
  const state = ctx.state;
  const owner = state.ownerOf(repo);
  const fullName = `${owner.login}/${repo.name}`;
  const htmlUrl = `${ctx.server.rootUrl}${fullName}`;
  const apiUrl = `${ctx.server.apiUrl}/repos/${fullName}`;
  const host = new URL(ctx.server.rootUrl).hostname;
  const branches = await ctx.git.branches(repo.gitPath);
  const issues = state.issues.filter((i) => i.repoId === repo.id);
  const s = repo.settings;
  const forgejo = ctx.forgejo;

  // Gitea's innerToRepo nests the parent one level deep (the parent carries no parent of its own).
  const parent = repo.forkId !== undefined && opts.withParent !== false ? state.repo(repo.forkId) : undefined;
  const out: Record<string, unknown> = {
    id: repo.id,
    owner: toUser(ctx, owner),
    name: repo.name,
    full_name: fullName,
    description: repo.description,
    empty: branches.length === 0,
    private: repo.private,
    fork: repo.fork,
    template: repo.template,
    ...(parent ? { parent: await toRepo(ctx, parent, { withParent: false }) } : {}),
    mirror: repo.mirror,
    size: branches.length === 0 ? 0 : 24,
    language: branches.length === 0 ? '' : 'TypeScript',
    languages_url: `${apiUrl}/languages`,
    html_url: htmlUrl,
    url: apiUrl,
    link: '',
    ssh_url: `git@${host}:${fullName}.git`,
    clone_url: `${htmlUrl}.git`,
    original_url: repo.originalUrl,
    website: repo.website,
    stars_count: state.users.filter((u) => u.starredRepoIds.includes(repo.id)).length,
    forks_count: state.repos.filter((r) => r.forkId === repo.id).length,
    watchers_count: repo.watcherIds.length,
    open_issues_count: issues.filter((i) => !i.pull && i.state === 'open').length,
    open_pr_counter: issues.filter((i) => i.pull && i.state === 'open').length,
    release_counter: state.releases.filter((r) => r.repoId === repo.id && !r.draft).length,
    default_branch: repo.defaultBranch,
    archived: repo.archived,
    created_at: iso(repo.created),
    updated_at: iso(repo.updated),
    archived_at: repo.archivedAt ? iso(repo.archivedAt) : UNIX_EPOCH,
    permissions: permissionJson(accessMode(state, ctx.doer, repo)),
    has_code: s.hasCode,
    has_issues: s.hasIssues,
  };
  if (s.hasIssues && !s.externalTracker) {
    out.internal_tracker = {
      enable_time_tracker: s.enableTimeTracker,
      allow_only_contributors_to_track_time: s.allowOnlyContributorsToTrackTime,
      enable_issue_dependencies: s.enableIssueDependencies,
    };
  }
  if (s.externalTracker) out.external_tracker = s.externalTracker;
  out.has_wiki = s.hasWiki;
  if (s.externalWiki) out.external_wiki = s.externalWiki;
  Object.assign(out, {
    has_pull_requests: s.hasPullRequests,
    has_projects: s.hasProjects,
    projects_mode: s.projectsMode,
    has_releases: s.hasReleases,
    has_packages: s.hasPackages,
    has_actions: s.hasActions,
    ignore_whitespace_conflicts: s.ignoreWhitespaceConflicts,
    allow_merge_commits: s.allowMergeCommits,
    allow_rebase: s.allowRebase,
    allow_rebase_explicit: s.allowRebaseExplicit,
    allow_squash_merge: s.allowSquashMerge,
    allow_fast_forward_only_merge: s.allowFastForwardOnlyMerge,
    allow_merge_update: s.allowMergeUpdate,
    allow_rebase_update: s.allowRebaseUpdate,
    allow_manual_merge: s.allowManualMerge,
    autodetect_manual_merge: s.autodetectManualMerge,
    default_delete_branch_after_merge: s.defaultDeleteBranchAfterMerge,
    default_merge_style: s.defaultMergeStyle,
    default_allow_maintainer_edit: s.defaultAllowMaintainerEdit,
    default_update_style: s.defaultUpdateStyle,
    avatar_url: '',
    internal: false,
    mirror_interval: repo.mirror ? repo.mirrorInterval : '',
    object_format_name: 'sha1',
    mirror_updated: repo.mirror ? iso(repo.updated) : GO_ZERO_TIME,
    mirror_last_sync_at: repo.mirror ? iso(repo.updated) : GO_ZERO_TIME,
    topics: repo.topics,
    licenses: branches.length === 0 ? [] : ['MIT'],
    branch_count: branches.length,
  });
  if (forgejo) {
    for (const k of ['has_code', 'default_target_branch', 'projects_mode', 'licenses', 'allow_manual_merge', 'branch_count', 'allow_merge_update',
      'mirror_last_sync_at']) delete out[k];
  }
  return out;
}

export function toRepoMeta(ctx: Ctx, repo: RepoRec): Record<string, unknown> {
  const owner = ctx.state.ownerOf(repo);
  return { id: repo.id, name: repo.name, owner: owner.login, full_name: `${owner.login}/${repo.name}` };
}
