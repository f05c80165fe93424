// Seeds users, tokens, the acme organization with its teams and labels, and the repository records.
import { FIXTURES, type FixtureUserName } from '../fixtures';
import { Access, type RepoRec, type RepoSettings, type ServerState, type UserRec, type Visibility } from '../state';

export const SEED_EPOCH = new Date(Date.UTC(2023, 11, 1, 8));

export function defaultRepoSettings(): RepoSettings {
  return {
    hasIssues: true,
    hasWiki: true,
    hasPullRequests: true,
    hasProjects: true,
    hasReleases: true,
    hasPackages: true,
    hasActions: true,
    hasCode: true,
    ignoreWhitespaceConflicts: false,
    allowMergeCommits: true,
    allowRebase: true,
    allowRebaseExplicit: true,
    allowSquashMerge: true,
    allowFastForwardOnlyMerge: true,
    allowMergeUpdate: true,
    allowRebaseUpdate: true,
    allowManualMerge: false,
    autodetectManualMerge: false,
    defaultDeleteBranchAfterMerge: false,
    defaultMergeStyle: 'merge',
    defaultUpdateStyle: 'merge',
    defaultAllowMaintainerEdit: false,
    projectsMode: 'all',
    enableIssueDependencies: true,
    enableTimeTracker: true,
    allowOnlyContributorsToTrackTime: true,
  };
}

export function newRepoRecord(state: ServerState, init: Partial<RepoRec> & { id: number; ownerId: number; name: string }): RepoRec {
  const owner = state.account(init.ownerId)!;
  const repo: RepoRec = {
    description: '',
    website: '',
    private: false,
    archived: false,
    mirror: false,
    mirrorInterval: '8h0m0s',
    originalUrl: '',
    template: false,
    fork: false,
    defaultBranch: 'main',
    created: SEED_EPOCH,
    updated: SEED_EPOCH,
    topics: [],
    settings: defaultRepoSettings(),
    collaborators: new Map(),
    protections: [],
    watcherIds: owner.kind === 'user' ? [owner.id] : [],
    nextIssueIndex: 1,
    gitPath: `${owner.login}/${init.name}.git`,
    ...init,
  };
  state.useId('repository', repo.id);
  state.repos.push(repo);
  return repo;
}

/** Adds a FIXTURES user (same id, password, tokens, two-factor secret) to the state. */
export function addFixtureUser(state: ServerState, u: (typeof FIXTURES.users)[FixtureUserName]): UserRec {
  const rec: UserRec = {
    kind: 'user',
    id: state.useId('user', u.id),
    login: u.login,
    fullName: u.fullName,
    email: u.email,
    password: u.password,
    isAdmin: u.isAdmin,
    totpSecret: 'totpSecret' in u ? u.totpSecret : undefined,
    usedOtpCounters: new Set(),
    visibility: 'public',
    description: '',
    website: '',
    location: '',
    language: 'en-US',
    keepEmailPrivate: false,
    created: SEED_EPOCH,
    lastLogin: SEED_EPOCH,
    starredRepoIds: [],
  };
  state.users.push(rec);
  for (const [name, value] of Object.entries(u.tokens)) {
    const scopes = name === 'readRepository' ? ['read:repository'] : ['all'];
    state.tokens.push({ id: state.nextId('token'), userId: u.id, name: `fixture-${name}`, token: value, scopes, created: SEED_EPOCH });
  }
  return rec;
}

function seedUsers(state: ServerState): void {
  for (const u of Object.values(FIXTURES.users)) addFixtureUser(state, u);
}

function seedOrg(state: ServerState): void {
  const acme = FIXTURES.orgs.acme;
  state.orgs.push({
    kind: 'org',
    id: state.useId('user', acme.id),
    login: acme.name,
    fullName: acme.fullName,
    email: 'contact@acme.example',
    description: 'Makers of everything',
    website: 'https://acme.example',
    location: 'Everywhere',
    visibility: 'public',
    repoAdminChangeTeamAccess: false,
    visibilityChangeOwnersOnly: acme.visibilityChangeOwnersOnly,
    created: SEED_EPOCH,
  });
  const allUnits = ['repo.code', 'repo.issues', 'repo.ext_issues', 'repo.wiki', 'repo.pulls', 'repo.releases', 'repo.projects', 'repo.ext_wiki', 'repo.actions'];
  const ids = (names: readonly string[]) => names.map((n) => state.userByName(n)!.id);
  const t = acme.teams;
  state.teams.push(
    { id: state.useId('team', t.owners.id), orgId: acme.id, name: t.owners.name, description: '', permission: 'owner',
      visibility: t.owners.visibility as Visibility, includesAllRepositories: true, canCreateOrgRepo: true, units: allUnits,
      memberIds: ids(t.owners.members), repoIds: [] },
    { id: state.useId('team', t.releaseManagers.id), orgId: acme.id, name: t.releaseManagers.name, description: 'Cut and publish releases',
      permission: 'write', visibility: t.releaseManagers.visibility as Visibility, includesAllRepositories: true, canCreateOrgRepo: false,
      units: ['repo.code', 'repo.releases'], memberIds: ids(t.releaseManagers.members), repoIds: [] },
    { id: state.useId('team', t.developers.id), orgId: acme.id, name: t.developers.name, description: 'Everyone who writes code',
      permission: 'read', visibility: t.developers.visibility as Visibility, includesAllRepositories: false, canCreateOrgRepo: false,
      units: ['repo.code', 'repo.issues', 'repo.pulls'], memberIds: ids(t.developers.members),
      repoIds: [FIXTURES.repos.privateRepo.id] },
  );
  for (const l of Object.values(acme.labels)) {
    state.labels.push({
      id: state.useId('label', l.id), orgId: acme.id, name: l.name, color: `#${l.color}`,
      description: `${l.name} (organization label)`, exclusive: l.exclusive,
      archivedAt: 'archived' in l && l.archived ? new Date(Date.UTC(2024, 0, 20)) : undefined,
    });
  }
}

function seedRepos(state: ServerState): void {
  const R = FIXTURES.repos;
  const u = (n: string) => state.accountByName(n)!.id;
  const demo = newRepoRecord(state, {
    id: R.demo.id, ownerId: u('alice'), name: R.demo.name, description: 'The demo project of the Gitea Workbench tests',
    website: 'https://demo.example', topics: ['demo', 'typescript'], watcherIds: [u('alice'), u('bob')],
    created: new Date(Date.UTC(2024, 0, 1, 9)), updated: new Date(Date.UTC(2024, 1, 1, 12)),
  });
  for (const [name, mode] of Object.entries(R.demo.collaborators)) {
    const modes: Record<string, Access> = { read: Access.Read, write: Access.Write, admin: Access.Admin };
    demo.collaborators.set(u(name), modes[mode]);
  }
  demo.protections.push({ ruleName: 'main', requiredApprovals: 1, enableStatusCheck: true, statusCheckContexts: ['ci/build'],
    pushWhitelistUserIds: [u('alice')] });
  newRepoRecord(state, { id: R.archived.id, ownerId: u('alice'), name: R.archived.name, description: 'An archived project',
    archived: true, archivedAt: new Date(Date.UTC(2024, 0, 25)) });
  newRepoRecord(state, { id: R.privateRepo.id, ownerId: u('acme'), name: R.privateRepo.name, description: 'Internal tooling',
    private: true, watcherIds: [u('alice')] });
  newRepoRecord(state, { id: R.empty.id, ownerId: u('alice'), name: R.empty.name, description: 'Nothing here yet' });
  newRepoRecord(state, { id: R.notes.id, ownerId: u('carol'), name: R.notes.name, description: "Carol's notes" });
  newRepoRecord(state, { id: R.mirror.id, ownerId: u('alice'), name: R.mirror.name, description: 'A pull mirror',
    mirror: true, originalUrl: 'https://code.example.org/upstream/mirror.git' });
  const site = newRepoRecord(state, { id: R.site.id, ownerId: u('acme'), name: R.site.name, description: 'The ACME website' });
  site.collaborators.set(u('carol'), Access.Admin);

  const alice = state.userByName('alice')!;
  alice.starredRepoIds = FIXTURES.aliceStarred.map((full) => {
    const [o, n] = full.split('/');
    return state.repoByName(o, n)!.id;
  });
  state.userByName('bob')!.starredRepoIds = [demo.id];
}

export function seedAccounts(state: ServerState): void {
  seedUsers(state);
  seedOrg(state);
  seedRepos(state);
}
