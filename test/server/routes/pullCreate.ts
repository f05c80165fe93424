// Opening pull requests, as Gitea 1.27's routers/api/v1/repo/pull.go does it: POST …/pulls (CreatePullRequest with
// parseCompareInfo: a head of the repository or `owner:branch` / `owner/repo:branch` of a fork), GET
// …/pulls/{base}/{head} (GetPullRequestByBaseHead: any state), and GET …/compare/{base}...{head} (CompareDiff, JSON).
import { recordActivity } from '../activity';
import { bind } from '../binding';
import type { Ctx } from '../context';
import { toCommit } from '../convert/commits';
import { toPull } from '../convert/pulls';
import { ApiError, archived, badRequest, fail, forbidden, internal, notFound, unprocessable } from '../errors';
import type { CommitInfo } from '../git';
import { accessMode, assignableUsers, isOrgMember } from '../permissions';
import { syncPullHeadRefs } from '../pullRefs';
import type { Router } from '../router';
import { newIssue } from '../seed/demoIssues';
import { Access, type IssueRec, type RepoRec, type UserRec } from '../state';
import { requestUserReview, teamReviewRequest } from './reviews';
import { notifyNewPull } from '../notifications';

interface CreatePullForm {
  head?: string;
  base?: string;
  title?: string;
  body?: string;
  assignee?: string;
  assignees?: string[];
  labels?: number[];
  milestone?: number;
  due_date?: string;
  reviewers?: string[];
  team_reviewers?: string[];
  allow_maintainer_edit?: boolean;
}

/** The root of a repository's fork chain. */
function rootOf(ctx: Ctx, repo: RepoRec): RepoRec {
  let current = repo;
  for (let depth = 0; current.forkId !== undefined && depth < 10; depth++) current = ctx.state.repo(current.forkId) ?? current;
  return current;
}

/** Gitea's GetHeadOwnerAndRepo: the base repository, or the head owner's fork in the base's fork family. */
function headRepoOf(ctx: Ctx, base: RepoRec, ownerName: string, repoName: string): RepoRec {
  const state = ctx.state;
  if (!ownerName) return repoName ? badRequest('head owner must be specified when head repo name is given') : base;
  const owner = state.accountByName(ownerName) ?? notFound();
  if (repoName) return state.repoByName(owner.login, repoName) ?? notFound();
  if (owner.id === base.ownerId) return base;
  const root = rootOf(ctx, base);
  const fork = state.repos.find((r) => r.ownerId === owner.id && r.forkId !== undefined && rootOf(ctx, r).id === root.id);
  return fork ?? badRequest(`the user ${owner.login} does not have a fork of the base repository`);
}

/** Gitea's parseHead: `branch`, `owner:branch` or `owner/repo:branch`. */
function splitHead(head: string): { owner: string; repo: string; branch: string } {
  const colon = head.indexOf(':');
  if (colon < 0) return { owner: '', repo: '', branch: head };
  const [owner, repo = ''] = head.slice(0, colon).split(/\/(.*)/s);
  return { owner: owner ?? '', repo, branch: head.slice(colon + 1) };
}

type RefKind = 'branch' | 'other' | 'missing';

/** What a ref names in a repository: ResolveRefWithSuffix finds branches, tags and commit ids. */
async function refKind(ctx: Ctx, repo: RepoRec, ref: string): Promise<RefKind> {
  if ((await ctx.git.branches(repo.gitPath)).some((b) => b.name === ref)) return 'branch';
  if ((await ctx.git.tags(repo.gitPath)).some((t) => t.name === ref)) return 'other';
  if (/^[0-9a-f]{7,40}$/i.test(ref) && (await ctx.git.resolveCommit(repo.gitPath, ref))) return 'other';
  return 'missing';
}

interface Compared {
  readonly headRepo: RepoRec;
  readonly base: string;
  readonly head: string;
  readonly baseKind: RefKind;
  readonly headKind: RefKind;
}

/** Gitea's parseCompareInfo: the head repository (404 unknown owner or repository, 400 no fork), read access to
 * both repositories' code (404), and both refs resolved (404). */
async function parseCompare(ctx: Ctx, base: RepoRec, baseRef: string, headParam: string): Promise<Compared> {
  const split = splitHead(headParam);
  const headRepo = headRepoOf(ctx, base, split.owner, split.repo);
  if (accessMode(ctx.state, ctx.doer, headRepo) < Access.Read) notFound();
  const baseName = baseRef || base.defaultBranch;
  const headName = split.branch || headRepo.defaultBranch;
  const [baseKind, headKind] = await Promise.all([refKind(ctx, base, baseName), refKind(ctx, headRepo, headName)]);
  if (baseKind === 'missing' || headKind === 'missing') notFound();
  return { headRepo, base: baseName, head: headName, baseKind, headKind };
}

/** Gitea's IsOwnerMemberCollaborator or write access to the head repository (NewPullRequest), site admins too. */
function mayCreate(ctx: Ctx, poster: UserRec, base: RepoRec, headRepo: RepoRec): boolean {
  if (poster.isAdmin || poster.id === base.ownerId || isOrgMember(ctx.state, poster.id, base.ownerId) || base.collaborators.has(poster.id)) return true;
  return accessMode(ctx.state, poster, headRepo) >= Access.Write;
}

function createForm(ctx: Ctx): CreatePullForm {
  return bind<CreatePullForm>(ctx, 'CreatePullRequestOption', [
    { go: 'Head', json: 'head', type: 'string', rules: ['Required'] },
    { go: 'Base', json: 'base', type: 'string', rules: ['Required'] },
    { go: 'Title', json: 'title', type: 'string', rules: ['Required'] },
    { go: 'Body', json: 'body', type: 'string' },
    { go: 'Assignee', json: 'assignee', type: 'string' },
    { go: 'Assignees', json: 'assignees', type: 'strings' },
    { go: 'Labels', json: 'labels', type: 'ints' },
    { go: 'Milestone', json: 'milestone', type: 'int' },
    { go: 'Deadline', json: 'due_date', type: 'string' },
    { go: 'Reviewers', json: 'reviewers', type: 'strings' },
    { go: 'TeamReviewers', json: 'team_reviewers', type: 'strings' },
    { go: 'AllowMaintainerEdit', json: 'allow_maintainer_edit', type: 'bool' },
  ]);
}

/**
 * CreatePullRequest in Gitea's order: 401, 423 archived, 422 binding, 422 head = base, parseCompareInfo (404/400),
 * 422 not branches, 409 an open one with the same head and base, labels (unknown ids dropped), 404 milestone, 422
 * assignees (unknown, not assignable), 404 reviewers and teams, 403 poster not allowed; then the pull request,
 * and after it the review requests: an invalid one (the poster) fails with a 500 while the pull request stays.
 */
async function createPull(ctx: Ctx): Promise<void> {
  const { repo, mode } = ctx.repoAssignment();
  await mustAllowPulls(ctx, repo);
  const doer = ctx.requireSigned();
  if (repo.archived) archived();
  const form = createForm(ctx);
  const state = ctx.state;
  if (form.head === form.base) unprocessable('Invalid PullRequest: There are no changes between the head and the base');
  const compared = await parseCompare(ctx, repo, form.base ?? '', form.head ?? '');
  if (compared.baseKind !== 'branch' || compared.headKind !== 'branch') unprocessable('Invalid PullRequest: base and head must be branches');
  const { headRepo } = compared;
  const existing = state.issues.find((i) => i.repoId === repo.id && i.state === 'open' && i.pull && !i.pull.merged &&
    i.pull.headRepoId === headRepo.id && i.pull.headBranch === compared.head && i.pull.baseBranch === compared.base);
  if (existing) {
    fail(409, `pull request already exists for these targets [id: ${existing.id}, issue_id: ${existing.index}, head_repo_id: ${headRepo.id}, ` +
      `base_repo_id: ${repo.id}, head_branch: ${compared.head}, base_branch: ${compared.base}]`);
  }
  const labelIds = (form.labels ?? []).filter((id) => {
    const label = state.label(id);
    return label && (label.repoId === repo.id || (label.orgId !== undefined && label.orgId === repo.ownerId));
  });
  const milestoneId = form.milestone && form.milestone > 0 ? form.milestone : undefined;
  if (milestoneId !== undefined && !state.milestones.some((m) => m.id === milestoneId && m.repoId === repo.id)) notFound();
  const names = [...(form.assignee && !(form.assignees ?? []).includes(form.assignee) ? [form.assignee] : []),
    ...(form.assignees?.length && form.assignees[0] !== '' ? form.assignees : [])];
  const assignees = names.map((name) => state.userByName(name) ??
    unprocessable(`Assignee does not exist: [name: user does not exist [uid: 0, name: ${name}]]`));
  const assignable = assignableUsers(state, repo);
  for (const a of assignees) {
    if (!assignable.some((u) => u.id === a.id)) unprocessable(`user doesn't have access to repo [user_id: ${a.id}, repo_name: ${repo.name}]`);
  }
  const reviewers = (form.reviewers ?? []).map((name) => state.userByName(name) ?? notFound(`user doesn't exist: ${name}`));
  const teams = state.account(repo.ownerId)?.kind === 'org'
    ? (form.team_reviewers ?? []).map((name) =>
      state.teams.find((t) => t.orgId === repo.ownerId && t.name.toLowerCase() === name.toLowerCase()) ?? notFound(`team doesn't exist: ${name}`))
    : [];
  if (!mayCreate(ctx, doer, repo, headRepo)) forbidden('user must be a collaborator');

  const now = new Date();
  const due = form.due_date ? new Date(form.due_date) : undefined;
  const issue = newIssue(state, repo, { title: form.title ?? '', posterId: doer.id, body: form.body ?? '', created: now, updated: now,
    labelIds: [...new Set(labelIds)], milestoneId, assigneeIds: [...new Set(assignees.map((a) => a.id))],
    dueDate: due && !Number.isNaN(due.getTime()) ? due : undefined,
    pull: { headBranch: compared.head, baseBranch: compared.base, headRepoId: headRepo.id, merged: false, draft: false,
      allowMaintainerEdit: form.allow_maintainer_edit ?? repo.settings.defaultAllowMaintainerEdit, reviewComments: 0, requestedReviewerIds: [] } });
  await syncPullHeadRefs(state, ctx.git, [repo]);
  recordActivity(state, { opType: 'create_pull_request', actorId: doer.id, repo, content: `${issue.index}|${issue.title}` });
  notifyNewPull(state, issue);
  repo.updated = now;
  requestReviewsAfterCreation(ctx, repo, mode, issue, doer, reviewers, teams);
  ctx.json(201, await toPull(ctx, issue, { list: false }));
}

/** NewPullRequest requests the reviews once the pull request exists; a refused one is an internal error to the API. */
function requestReviewsAfterCreation(ctx: Ctx, repo: RepoRec, mode: Access, issue: IssueRec, doer: UserRec,
  reviewers: UserRec[], teams: NonNullable<ReturnType<Ctx['state']['team']>>[]): void {
  try {
    for (const u of reviewers) {
      // Gitea 1.27 answers (to a site admin; others get no text): "poster of pr can't be reviewer [user_id: 1, repo_id: 5]".
      if (u.id === issue.posterId) internal(`poster of pr can't be reviewer [user_id: ${doer.id}, repo_id: ${repo.id}]`);
      requestUserReview(ctx, repo, mode, issue, doer, u, true);
    }
    for (const t of teams) teamReviewRequest(ctx, repo, issue, doer.id, t, true);
  } catch (err) {
    if (err instanceof ApiError && err.status === 500) throw err;
    internal(err instanceof Error ? err.message : String(err));
  }
}

/** Gitea's mustAllowPulls middleware of the `/pulls` routes: 404 when the unit is off, and for an empty repository
 * (CanEnablePulls; seen on a real 1.26.3: a repository created by the API, before its first push). */
export async function mustAllowPulls(ctx: Ctx, repo: RepoRec): Promise<void> {
  if (!repo.settings.hasPullRequests) notFound();
  if ((await ctx.git.branches(repo.gitPath)).length === 0) notFound();
}

/** GetPullRequestByBaseHead: the pull request of that base and head, whatever its state (404 none). */
async function pullByBaseHead(ctx: Ctx): Promise<void> {
  const { repo } = ctx.repoAssignment();
  await mustAllowPulls(ctx, repo);
  const state = ctx.state;
  const head = ctx.params.head ?? '';
  let headRepoId = repo.id;
  let headBranch = head;
  if (head.includes(':')) {
    const split = splitHead(head);
    headBranch = split.branch;
    const owner = state.accountByName(split.owner);
    const headRepo = owner ? state.repoByName(owner.login, split.repo || repo.name) : undefined;
    if (!headRepo) return notFound();
    headRepoId = headRepo.id;
  }
  const issue = state.issues.filter((i) => i.repoId === repo.id && i.pull && i.pull.headRepoId === headRepoId &&
    i.pull.headBranch === headBranch && i.pull.baseBranch === ctx.params.base).sort((a, b) => a.id - b.id)[0];
  if (!issue) return notFound();
  ctx.json(200, await toPull(ctx, issue, { list: false }));
}

/** CompareDiff as JSON: the head's commits that the base has not (`...`: from the merge base; `..`: direct). */
async function compare(ctx: Ctx): Promise<void> {
  const { repo } = ctx.repoAssignment();
  const param = ctx.params.basehead ?? '';
  const sep = param.includes('...') ? '...' : '..';
  const at = param.indexOf(sep);
  const [baseRef, headParam] = at < 0 ? ['', param] : [param.slice(0, at), param.slice(at + sep.length)];
  const compared = await parseCompare(ctx, repo, baseRef, headParam);
  const baseSha = (await ctx.git.resolveCommit(repo.gitPath, compared.base)) ?? notFound();
  let headSha = (await ctx.git.resolveCommit(compared.headRepo.gitPath, compared.head)) ?? notFound();
  if (compared.headRepo.id !== repo.id) {
    // Like Gitea, the head's commits are looked at in the base repository.
    const ref = 'refs/gitea-test/compare-head';
    await ctx.git.must(repo.gitPath, ['fetch', '--quiet', '--no-tags', ctx.git.dir(compared.headRepo.gitPath), `+${headSha}:${ref}`]);
    headSha = (await ctx.git.resolveCommit(repo.gitPath, ref)) ?? headSha;
  }
  const list = await ctx.git.must(repo.gitPath, ['log', '--format=%H', `${baseSha}..${headSha}`]);
  const shas = list.toString('utf8').split('\n').filter(Boolean);
  const commits = (await Promise.all(shas.map((sha) => ctx.git.commit(repo.gitPath, sha)))).filter((c): c is CommitInfo => !!c);
  const out = await Promise.all(commits.map((c) => toCommit(ctx, compared.headRepo, c, { verification: true, files: true })));
  ctx.json(200, { total_commits: out.length, commits: out });
}

export function registerPullCreateRoutes(r: Router): void {
  r.post('/repos/{owner}/{repo}/pulls', ['repository'], createPull);
  r.get('/repos/{owner}/{repo}/compare/{basehead...}', ['repository'], compare);
}

/** Registered after every other `…/pulls/{index}/…` route, as Gitea's `/{base}/*` comes after them. */
export function registerPullByBaseHeadRoute(r: Router): void {
  r.get('/repos/{owner}/{repo}/pulls/{base}/{head...}', ['repository'], pullByBaseHead);
}
