// `seed: 'recorded'`: the state of the Gitea 1.27.0 instance test/fixtures/gitea-api/recordings/ was recorded on,
// rebuilt from its answers (ids, names, times, who may do what) so that every recorded request can be
// replayed here. The accounts are the fixture identities (FIXTURES credentials and ids); as on the recorded
// instance, alice is a site admin and bob a member of acme's `devs` team (unit permissions, no admin rights,
// not a collaborator of alice/demo). Repositories: alice/demo (pull requests #1 merged, #2 open; issues #3,
// #4 depending on #3, #5), acme/tools, the archived alice/oldstuff and alice/gmig28807, a migration of
// alice/demo made while the recordings were prepared. Releases, keys, hooks, CI and activity: recordedExtras.ts.
import { FIXTURES } from '../fixtures';
import { ServerState, type IssueRec, type PullRec, type RepoRec } from '../state';
import { addFixtureUser, newRepoRecord } from './accounts';
import { newIssue } from './demoIssues';
import { seedRecordedExtras } from './recordedExtras';
import { recordedDate, type RecordedCommit } from './recordedHistory';

const OWNER_UNITS = ['repo.ext_wiki', 'repo.actions', 'repo.code', 'repo.wiki', 'repo.projects', 'repo.packages', 'repo.issues',
  'repo.ext_issues', 'repo.pulls', 'repo.releases'];
const DEVS_UNITS = ['repo.code', 'repo.issues', 'repo.pulls', 'repo.releases', 'repo.actions'];

function seedAccounts(state: ServerState): void {
  const alice = addFixtureUser(state, FIXTURES.users.alice);
  const bob = addFixtureUser(state, FIXTURES.users.bob);
  alice.isAdmin = true;
  for (const u of [alice, bob]) {
    u.fullName = '';
    u.created = recordedDate(11, 14);
    u.lastLogin = new Date(0);
  }
  const acme = FIXTURES.orgs.acme;
  state.orgs.push({ kind: 'org', id: state.useId('user', acme.id), login: acme.name, fullName: '', email: '', description: '', website: '',
    location: '', visibility: 'public', repoAdminChangeTeamAccess: false, visibilityChangeOwnersOnly: false, created: recordedDate(11, 30) });
  state.teams.push(
    { id: state.useId('team', 1), orgId: acme.id, name: 'Owners', description: '', permission: 'owner', visibility: 'limited',
      includesAllRepositories: true, canCreateOrgRepo: true, units: OWNER_UNITS, memberIds: [alice.id], repoIds: [] },
    { id: state.useId('team', 2), orgId: acme.id, name: 'devs', description: '', permission: 'none', visibility: 'private',
      includesAllRepositories: true, canCreateOrgRepo: false, units: DEVS_UNITS,
      unitPermissions: Object.fromEntries(DEVS_UNITS.map((u) => [u, 'write'])), memberIds: [bob.id], repoIds: [] },
  );
}

function seedRepos(state: ServerState): { demo: RepoRec; gmig: RepoRec } {
  const alice = state.userByName('alice')!;
  const bob = state.userByName('bob')!;
  const acme = state.orgByName('acme')!;
  const demo = newRepoRecord(state, { id: 1, ownerId: alice.id, name: 'demo', description: 'demo repo',
    created: recordedDate(11, 30), updated: recordedDate(11, 54) });
  demo.settings.hasWiki = false;
  demo.settings.defaultAllowMaintainerEdit = true;
  const tools = newRepoRecord(state, { id: 2, ownerId: acme.id, name: 'tools', created: recordedDate(11, 31), updated: recordedDate(11, 31),
    watcherIds: [alice.id, bob.id] });
  newRepoRecord(state, { id: 3, ownerId: alice.id, name: 'oldstuff', archived: true, archivedAt: recordedDate(11, 32),
    created: recordedDate(11, 31), updated: recordedDate(11, 32) });
  const gmig = newRepoRecord(state, { id: 6, ownerId: alice.id, name: 'gmig28807', originalUrl: 'http://gitea.test:3000/alice/demo.git',
    created: recordedDate(12, 8), updated: recordedDate(12, 8) });
  alice.starredRepoIds = [tools.id];
  bob.starredRepoIds = [demo.id];
  return { demo, gmig };
}

function pull(init: Partial<PullRec> & { headBranch: string; headRepoId: number }): PullRec {
  return { baseBranch: 'main', merged: false, draft: false, allowMaintainerEdit: true, reviewComments: 0, requestedReviewerIds: [], ...init };
}

/** The issues and pull requests of alice/demo; a migration (alice/gmig28807) repeats them in reverse order. */
function seedIssues(state: ServerState, demo: RepoRec, gmig: RepoRec, shas: Record<RecordedCommit, string>): void {
  const alice = state.userByName('alice')!.id;
  const created = recordedDate(11, 52);
  const stories = (repo: RepoRec): Array<Partial<IssueRec> & { title: string; posterId: number; index: number }> => [
    { index: 1, title: 'Add login', posterId: alice, body: 'Adds **login**.', created: recordedDate(11, 46), updated: recordedDate(11, 51),
      state: 'closed', closedAt: recordedDate(11, 51),
      pull: pull({ headBranch: 'feature/login', headRepoId: repo.id, headSha: shas.login, mergeBase: shas.app, merged: true,
        mergedAt: recordedDate(11, 51), mergedById: alice, mergeCommitSha: shas.merge, mergeStyle: 'merge' }) },
    { index: 2, title: 'Open change with rename', posterId: alice, body: 'rename + readme', created, updated: created,
      pull: pull({ headBranch: 'feature/open', headRepoId: repo.id }) },
    { index: 3, title: 'Bug: crash on start', posterId: alice, body: 'It crashes. <img src=x onerror=alert(1)> [x](javascript:alert(1))',
      created, updated: recordedDate(27, 57) },
    { index: 4, title: 'Release blocker', posterId: alice, body: 'Depends on the bug', assigneeIds: repo === demo ? [alice] : [], created,
      updated: recordedDate(27, 57) },
    { index: 5, title: 'probe issue', posterId: alice, body: 'x', assigneeIds: repo === demo ? [alice] : [], created: recordedDate(12, 8),
      updated: recordedDate(12, 8) },
  ];
  for (const init of stories(demo)) newIssue(state, demo, init);
  // The migration brought the issues newest first and without assignees (ids 6–10).
  for (const init of stories(gmig).reverse()) newIssue(state, gmig, init);
  demo.nextIssueIndex = gmig.nextIssueIndex = 6;
  state.dependencies.push({ issueId: state.issueByIndex(demo.id, 4)!.id, dependsOnId: state.issueByIndex(demo.id, 3)!.id, created });
  state.labels.push({ id: state.useId('label', 1), repoId: demo.id, name: 'bug', color: '#ee0701', description: '', exclusive: false });
  state.milestones.push({ id: state.useId('milestone', 1), repoId: demo.id, title: 'v1.0', description: '', state: 'open', created,
    updated: created });
}

function seedOrgLabels(state: ServerState): void {
  const orgId = FIXTURES.orgs.acme.id;
  state.labels.push(
    { id: state.useId('label', 2), orgId, name: 'priority/high', color: '#ff0000', description: 'urgent', exclusive: true },
    { id: state.useId('label', 3), orgId, name: 'kind/probe', color: '#00ff00', description: 'd', exclusive: true,
      archivedAt: recordedDate(12, 8) },
  );
  // Label 4 was created and removed on the recorded instance: the next label is 5, as its answers show.
  state.useId('label', 4);
}

export function buildRecordedState(shas: Record<RecordedCommit, string>): ServerState {
  const state = new ServerState();
  seedAccounts(state);
  const { demo, gmig } = seedRepos(state);
  seedIssues(state, demo, gmig, shas);
  seedOrgLabels(state);
  seedRecordedExtras(state, shas);
  return state;
}
