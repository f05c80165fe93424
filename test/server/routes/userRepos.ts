// The caller's repositories (GET /user/repos: owned, collaborating, through a team; by name), the repository search
// (GET /repos/search: `q` in the name, or the description with `includeDesc`; private ones the caller may read;
// `{ ok, data }`), creating one (POST /user/repos, /orgs/{org}/repos: binding 422, reserved name or pattern 422
// "name is reserved [name: …]" / "name pattern is not allowed [pattern: …]", 409 "The repository with the same name
// already exists.", an organization where the caller may not create 403 "Given user is not allowed to create
// repository in organization.") and GET /users/{username}/orgs/{org}/permissions (from the user's teams). A new
// repository is empty: `auto_init` and the templates (readme, license, gitignores, labels) are not modelled.
import { recordActivity } from '../activity';
import { bind, formBool } from '../binding';
import type { Ctx } from '../context';
import { toRepo } from '../convert/repo';
import { conflict, forbidden, notFound, unprocessable } from '../errors';
import { paged } from '../paging';
import { accessMode, canSeeAccount, isOrgOwner } from '../permissions';
import type { Router } from '../router';
import { newRepoRecord } from '../seed/accounts';
import { Access, type Account, type OrgRec, type RepoRec, type UserRec } from '../state';
import { repoNameProblem } from './repos';

interface CreateRepoOption {
  name: string;
  description?: string;
  private?: boolean;
  default_branch?: string;
}

const byName = (a: RepoRec, b: RepoRec): number => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id;

/** Gitea's SearchRepository with an owner and no Collaborate filter: the owner's and those shared with them. */
function ownedOrShared(ctx: Ctx, user: UserRec, repo: RepoRec): boolean {
  if (repo.ownerId === user.id || repo.collaborators.has(user.id)) return true;
  return ctx.state.teams.some((t) => t.orgId === repo.ownerId && t.memberIds.includes(user.id) && (t.permission === 'owner' || t.includesAllRepositories || t.repoIds.includes(repo.id)));
}

/** CanCreateOrgRepo: an owner, or a member of a team that may create repositories. */
function canCreateIn(ctx: Ctx, user: UserRec, org: OrgRec): boolean {
  return isOrgOwner(ctx.state, user.id, org.id) || ctx.state.teams.some((t) => t.orgId === org.id && t.canCreateOrgRepo && t.memberIds.includes(user.id));
}

async function createRepo(ctx: Ctx, doer: UserRec, owner: Account): Promise<void> {
  const form = bind<CreateRepoOption>(ctx, 'CreateRepoOption', [
    { go: 'Name', json: 'name', type: 'string', rules: ['Required', 'AlphaDashDot', 'MaxSize(100)'] },
    { go: 'Description', json: 'description', type: 'string', rules: ['MaxSize(2048)'] },
    { go: 'Private', json: 'private', type: 'bool' },
    { go: 'DefaultBranch', json: 'default_branch', type: 'string', rules: ['MaxSize(100)'] },
  ]);
  const state = ctx.state;
  const nameProblem = repoNameProblem(form.name);
  if (nameProblem?.kind === 'reserved') unprocessable(`name is reserved [name: ${nameProblem.value}]`);
  if (nameProblem?.kind === 'pattern') unprocessable(`name pattern is not allowed [pattern: ${nameProblem.value}]`);
  if (state.repoByName(owner.login, form.name)) conflict('The repository with the same name already exists.');
  const defaultBranch = form.default_branch || 'main';
  const repo = newRepoRecord(state, {
    id: state.nextId('repository'),
    ownerId: owner.id,
    name: form.name,
    description: form.description ?? '',
    private: form.private ?? false,
    defaultBranch,
    created: new Date(),
    updated: new Date(),
    watcherIds: [doer.id],
  });
  await ctx.git.initBare(repo.gitPath, defaultBranch);
  recordActivity(state, { opType: 'create_repo', actorId: doer.id, repo });
  ctx.json(201, await toRepo(ctx, repo));
}

function search(ctx: Ctx): Promise<void> {
  const q = (ctx.query.get('q') ?? '').trim().toLowerCase();
  const includeDesc = formBool(ctx.query.get('includeDesc'));
  const found = ctx.state.repos
    .filter((r) => accessMode(ctx.state, ctx.doer, r) >= Access.Read)
    .filter((r) => !q || r.name.toLowerCase().includes(q) || (includeDesc && r.description.toLowerCase().includes(q)))
    .sort(byName);
  return Promise.all(paged(ctx, found).map((r) => toRepo(ctx, r))).then((data) => ctx.json(200, { ok: true, data }));
}

export function registerUserRepoRoutes(r: Router): void {
  r.get('/user/repos', ['user', 'repository'], async (ctx) => {
    const doer = ctx.requireSigned();
    const repos = ctx.state.repos.filter((repo) => ownedOrShared(ctx, doer, repo)).sort(byName);
    ctx.json(200, await Promise.all(paged(ctx, repos).map((repo) => toRepo(ctx, repo))));
  });
  r.post('/user/repos', ['user', 'repository'], async (ctx) => {
    const doer = ctx.requireSigned();
    await createRepo(ctx, doer, doer);
  });
  r.get('/repos/search', ['repository'], search);
  r.post('/orgs/{org}/repos', ['organization'], async (ctx) => {
    const doer = ctx.requireSigned();
    const org = ctx.state.orgByName(ctx.params.org ?? '');
    if (!org || !canSeeAccount(ctx.state, doer, org)) return notFound();
    if (!doer.isAdmin && !canCreateIn(ctx, doer, org)) forbidden('Given user is not allowed to create repository in organization.');
    await createRepo(ctx, doer, org);
  });
  r.get('/users/{username}/orgs/{org}/permissions', ['user', 'organization'], (ctx) => {
    ctx.requireSigned();
    const user = ctx.state.userByName(ctx.params.username ?? '');
    const org = ctx.state.orgByName(ctx.params.org ?? '');
    if (!user || !org || !canSeeAccount(ctx.state, ctx.doer, org)) return notFound();
    const teams = ctx.state.teams.filter((t) => t.orgId === org.id && t.memberIds.includes(user.id));
    const rank = { none: 0, read: 1, write: 2, admin: 3, owner: 4 } as const;
    const level = Math.max(0, ...teams.map((t) => rank[t.permission]));
    ctx.json(200, { can_create_repository: canCreateIn(ctx, user, org), can_read: level > 0, can_write: level > 1, is_admin: level > 2, is_owner: level > 3 });
  });
}
