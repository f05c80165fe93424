// GET/PATCH /repos/{owner}/{repo}, branches, tags, collaborators, assignees.
import { rename, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { recordActivity } from '../activity';
import { bind } from '../binding';
import type { Ctx } from '../context';
import { toBranch, toTag } from '../convert/misc';
import { toRepo } from '../convert/repo';
import { toUser } from '../convert/users';
import { notFound, unprocessable } from '../errors';
import { listOptions, pageOf, pagedTotalOnly, setLinkHeader, setTotalCount } from '../paging';
import { assignableUsers, isOrgOwner } from '../permissions';
import type { Router } from '../router';
import type { RepoRec, RepoSettings } from '../state';

const RESERVED_REPO_NAMES = ['.', '..', '-'];
const RESERVED_REPO_PATTERNS = ['.git', '.rss', '.atom', '.wiki'];

/** Gitea's repo name checks after binding: reserved names and patterns. */
export function repoNameProblem(name: string): { kind: 'reserved' | 'pattern'; value: string } | undefined {
  const lower = name.toLowerCase();
  if (RESERVED_REPO_NAMES.includes(lower)) return { kind: 'reserved', value: name };
  const suffix = RESERVED_REPO_PATTERNS.find((p) => lower.endsWith(p));
  return suffix ? { kind: 'pattern', value: `*${suffix}` } : undefined;
}

interface EditRepoOption {
  name?: string;
  description?: string;
  website?: string;
  private?: boolean;
  template?: boolean;
  default_branch?: string;
  archived?: boolean;
  mirror_interval?: string;
  [key: string]: unknown;
}

const UNIT_FIELDS: Array<[string, keyof RepoSettings]> = [
  ['has_issues', 'hasIssues'], ['has_wiki', 'hasWiki'], ['has_pull_requests', 'hasPullRequests'], ['has_projects', 'hasProjects'],
  ['has_releases', 'hasReleases'], ['has_packages', 'hasPackages'], ['has_actions', 'hasActions'], ['has_code', 'hasCode'],
  ['ignore_whitespace_conflicts', 'ignoreWhitespaceConflicts'], ['allow_merge_commits', 'allowMergeCommits'],
  ['allow_rebase', 'allowRebase'], ['allow_rebase_explicit', 'allowRebaseExplicit'], ['allow_squash_merge', 'allowSquashMerge'],
  ['allow_fast_forward_only_merge', 'allowFastForwardOnlyMerge'], ['allow_merge_update', 'allowMergeUpdate'],
  ['allow_rebase_update', 'allowRebaseUpdate'],
  ['allow_manual_merge', 'allowManualMerge'], ['autodetect_manual_merge', 'autodetectManualMerge'],
  ['default_delete_branch_after_merge', 'defaultDeleteBranchAfterMerge'], ['default_merge_style', 'defaultMergeStyle'],
  ['default_update_style', 'defaultUpdateStyle'], ['default_allow_maintainer_edit', 'defaultAllowMaintainerEdit'],
  ['projects_mode', 'projectsMode'],
];

async function renameRepo(ctx: Ctx, repo: RepoRec, newName: string): Promise<void> {
  const owner = ctx.state.ownerOf(repo);
  const existing = ctx.state.repoByName(owner.login, newName);
  if (existing && existing.id !== repo.id) unprocessable(`repository already exists [uname: ${owner.login}, name: ${newName}]`);
  const problem = repoNameProblem(newName);
  if (problem?.kind === 'reserved') unprocessable(`name is reserved [name: ${newName}]`);
  if (problem?.kind === 'pattern') unprocessable(`name pattern is not allowed [pattern: ${problem.value}]`);
  const oldName = repo.name;
  const newPath = `${owner.login}/${newName}.git`;
  if (newPath !== repo.gitPath) {
    await mkdir(dirname(ctx.git.dir(newPath)), { recursive: true });
    await rename(ctx.git.dir(repo.gitPath), ctx.git.dir(newPath));
    ctx.git.invalidate(repo.gitPath);
    repo.gitPath = newPath;
  }
  repo.name = newName;
  ctx.state.repoRedirects.set(`${owner.login}/${oldName}`.toLowerCase(), repo.id);
  recordActivity(ctx.state, { opType: 'rename_repo', actorId: ctx.doer!.id, repo, content: oldName });
}

async function editRepo(ctx: Ctx): Promise<void> {
  const a = ctx.repoAssignment();
  ctx.requireSigned();
  ctx.requireRepoAdmin(a);
  const opts = bind<EditRepoOption>(ctx, 'EditRepoOption', [
    { go: 'Name', json: 'name', type: 'string', rules: ['OmitEmpty', 'AlphaDashDot', 'MaxSize(100)'] },
    { go: 'Description', json: 'description', type: 'string', rules: ['MaxSize(2048)'] },
    { go: 'Website', json: 'website', type: 'string', rules: ['MaxSize(1024)'] },
    { go: 'Private', json: 'private', type: 'bool' },
    { go: 'Template', json: 'template', type: 'bool' },
    { go: 'DefaultBranch', json: 'default_branch', type: 'string' },
    { go: 'Archived', json: 'archived', type: 'bool' },
    { go: 'MirrorInterval', json: 'mirror_interval', type: 'string' },
    { go: 'ExternalTracker', json: 'external_tracker', type: 'any' },
    { go: 'ExternalWiki', json: 'external_wiki', type: 'any' },
    { go: 'InternalTracker', json: 'internal_tracker', type: 'any' },
  ]);
  const repo = a.repo;
  const doer = ctx.doer!;
  if (typeof opts.name === 'string' && opts.name !== '' && opts.name !== repo.name) await renameRepo(ctx, repo, opts.name);
  if (opts.description !== undefined && opts.description !== null) repo.description = opts.description;
  if (opts.website !== undefined && opts.website !== null) repo.website = opts.website;
  if (typeof opts.private === 'boolean' && opts.private !== repo.private) {
    const owner = ctx.state.ownerOf(repo);
    if (owner.kind === 'org' && owner.visibilityChangeOwnersOnly && !doer.isAdmin && !isOrgOwner(ctx.state, doer.id, owner.id)) {
      unprocessable('the visibility of repositories in this organization can only be changed by its owners');
    }
    repo.private = opts.private;
  }
  if (typeof opts.template === 'boolean') repo.template = opts.template;
  if (typeof opts.default_branch === 'string' && opts.default_branch !== repo.defaultBranch) {
    const branches = await ctx.git.branches(repo.gitPath);
    if (branches.length === 0 || branches.some((b) => b.name === opts.default_branch)) {
      repo.defaultBranch = opts.default_branch;
      await ctx.git.run(repo.gitPath, ['symbolic-ref', 'HEAD', `refs/heads/${opts.default_branch}`]);
    }
  }
  for (const [json, key] of UNIT_FIELDS) {
    const v = opts[json];
    if (v !== undefined && v !== null && typeof v === typeof repo.settings[key]) (repo.settings as unknown as Record<string, unknown>)[key] = v;
  }
  // Gitea's updateRepoUnits reads internal_tracker only with `has_issues: true` and no external tracker.
  const it = opts.internal_tracker as Record<string, unknown> | undefined;
  if (it && typeof it === 'object' && opts.has_issues === true && !opts.external_tracker) {
    if (typeof it.enable_issue_dependencies === 'boolean') repo.settings.enableIssueDependencies = it.enable_issue_dependencies;
    if (typeof it.enable_time_tracker === 'boolean') repo.settings.enableTimeTracker = it.enable_time_tracker;
    if (typeof it.allow_only_contributors_to_track_time === 'boolean') {
      repo.settings.allowOnlyContributorsToTrackTime = it.allow_only_contributors_to_track_time;
    }
  }
  if (typeof opts.archived === 'boolean') {
    if (repo.mirror) unprocessable('repo is a mirror, cannot archive/un-archive');
    if (opts.archived !== repo.archived) {
      repo.archived = opts.archived;
      repo.archivedAt = opts.archived ? new Date() : undefined;
    }
  }
  if (typeof opts.mirror_interval === 'string' && repo.mirror) {
    if (!/^(?:\d+h)?(?:\d+m)?(?:\d+s)?$/.test(opts.mirror_interval) || opts.mirror_interval === '') {
      unprocessable(`time: invalid duration "${opts.mirror_interval}"`);
    }
    repo.mirrorInterval = opts.mirror_interval;
  }
  repo.updated = new Date();
  ctx.json(200, await toRepo(ctx, repo));
}

export function registerRepoRoutes(r: Router): void {
  r.get('/repos/{owner}/{repo}', ['repository'], async (ctx) => ctx.json(200, await toRepo(ctx, ctx.repoAssignment().repo)));
  r.patch('/repos/{owner}/{repo}', ['repository'], editRepo);

  r.get('/repos/{owner}/{repo}/branches', ['repository'], async (ctx) => {
    const a = ctx.repoAssignment();
    const opts = listOptions(ctx);
    const all = await ctx.git.branches(a.repo.gitPath);
    if (all.length === 0) {
      setLinkHeader(ctx, 0, opts.limit);
      setTotalCount(ctx, 0);
      return ctx.json(200, null);
    }
    const q = ctx.forgejo ? '' : (ctx.query.get('q') ?? '').trim().toLowerCase();
    const matching = all
      .filter((b) => !q || b.name.toLowerCase().includes(q))
      .sort((x, y) => y.commit.committer.when - x.commit.committer.when || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
    setLinkHeader(ctx, matching.length, opts.limit);
    setTotalCount(ctx, matching.length);
    ctx.json(200, pageOf(matching, opts).map((b) => toBranch(ctx, a.repo, b, a.mode)));
  });
  r.get('/repos/{owner}/{repo}/branches/{branch...}', ['repository'], async (ctx) => {
    const a = ctx.repoAssignment();
    const b = (await ctx.git.branches(a.repo.gitPath)).find((x) => x.name === ctx.params.branch);
    if (!b) return notFound();
    ctx.json(200, toBranch(ctx, a.repo, b, a.mode));
  });

  // Gitea's ListTags: newest first by tagger date (committer date for lightweight tags), ties by name as git's
  // for-each-ref leaves them; an empty repository answers []; only X-Total-Count (no Link header).
  r.get('/repos/{owner}/{repo}/tags', ['repository'], async (ctx) => {
    const a = ctx.repoAssignment();
    const tags = (await ctx.git.tagDetails(a.repo.gitPath)).sort(
      (x, y) => y.tagger.when - x.tagger.when || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0),
    );
    ctx.json(200, pagedTotalOnly(ctx, tags).map((t) => toTag(ctx, a.repo, t)));
  });
  // Gitea's GetTag: the tag by name (the rest of the path, slashes included); 404 when there is none, e.g. for
  // the tag of a draft release, which Gitea creates only when the release is published.
  r.get('/repos/{owner}/{repo}/tags/{tag...}', ['repository'], async (ctx) => {
    const a = ctx.repoAssignment();
    const tag = (await ctx.git.tagDetails(a.repo.gitPath)).find((t) => t.name === ctx.params.tag);
    if (!tag) return notFound();
    ctx.json(200, toTag(ctx, a.repo, tag));
  });

  r.get('/repos/{owner}/{repo}/collaborators', ['repository'], (ctx) => {
    const a = ctx.repoAssignment();
    const users = [...a.repo.collaborators.keys()].sort((x, y) => x - y).map((id) => ctx.state.user(id)!);
    ctx.json(200, pagedTotalOnly(ctx, users).map((u) => toUser(ctx, u)));
  });
  r.get('/repos/{owner}/{repo}/assignees', ['repository'], (ctx) => {
    const a = ctx.repoAssignment();
    ctx.json(200, assignableUsers(ctx.state, a.repo).map((u) => toUser(ctx, u)));
  });
}
