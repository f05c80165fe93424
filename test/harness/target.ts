// The server the suites run against: the in-process test server (default), or a real Gitea/Forgejo when
// GITEA_E2E_URL + GITEA_E2E_USERNAME + (GITEA_E2E_PASSWORD | GITEA_E2E_TOKEN) are set, on which the same story
// is provisioned (test/harness/provisionReal.ts) and removed afterwards.
import { startTestServer, type TestServer } from '../server/index';
import { provisionReal, readRealServerEnv } from './provisionReal';
import { onCleanup } from './proc';
import { TARGET_ENV_VAR, type TargetInfo } from './targetInfo';
import { cloneWorkspace, type Workspace } from './workspace';

export interface Target {
  /** Everything but the workspace, which is cloned per code-server instance. */
  info: Omit<TargetInfo, 'workspace'>;
  /** Restores the seed state (test server only), e.g. between e2e spec files. */
  reset?(): Promise<void>;
  close(): Promise<void>;
}

export async function startTarget(): Promise<Target> {
  const real = readRealServerEnv();
  if (real) {
    const provisioned = await provisionReal(real);
    const unregister = onCleanup(() => provisioned.cleanup());
    return {
      info: provisioned.info,
      close: async () => {
        unregister();
        await provisioned.cleanup();
      },
    };
  }
  const t = Date.now();
  const server = await startTestServer({});
  const unregister = onCleanup(() => server.close());
  process.stdout.write(`[target] test server ${server.url} (${server.flavor} ${server.version}, in-process seed) in ${Date.now() - t} ms\n`);
  return {
    info: testServerInfo(server),
    reset: () => server.reset(),
    close: async () => {
      unregister();
      await server.close();
    },
  };
}

/** The seed of the test server told in the shape a real server's provisioning has (see test/server/seed/). */
function testServerInfo(server: TestServer): Omit<TargetInfo, 'workspace'> {
  const { fixtures } = server;
  const demo = fixtures.repos.demo;
  const { alice, bob } = fixtures.users;
  const { acme } = fixtures.orgs;
  const userHook = server.state.hooks.find((h) => h.owner.kind === 'user' && h.owner.id === alice.id && h.branchFilter === 'main');
  if (!userHook) throw new Error('the test server seed has no user hook of alice with a branch filter');
  return {
    mode: 'testServer',
    url: server.url,
    apiUrl: server.apiUrl,
    flavor: server.flavor,
    version: server.version,
    user: { username: alice.login, password: alice.password, token: alice.tokens.all, isAdmin: alice.isAdmin },
    repo: {
      owner: demo.owner,
      name: demo.name,
      defaultBranch: demo.defaultBranch,
      cloneUrl: `${server.url}${demo.owner}/${demo.name}.git`,
      branches: [...demo.branches],
      mergedPull: demo.pulls.mergedMerge,
      // src/search.ts line 2 came in with the rebase-merged pull request (test/server/seed/demoHistory.ts).
      lineFromMergedPull: { pull: demo.pulls.mergedRebase, path: 'src/search.ts', line: 2 },
      openPull: demo.pulls.open,
      openPullRename: { from: 'src/util.ts', to: 'src/utils/strings.ts', keptText: 'export function slugify', addedText: 'Upper-cases the first letter' },
      issues: { blocker: demo.dependencies[0].dependsOn, blocked: demo.dependencies[0].issue },
      releaseTag: demo.releases.published,
      draftReleaseTag: demo.releases.draft,
      webhookUrl: 'https://ci.example.com/hooks/gitea', // seeded in test/server/seed/demoExtras.ts
      deployKeyTitle: 'CI deploy key',
      collaborator: bob.login,
      // The seeded runs (test/server/seed/demoExtras.ts, demoArtifacts.ts); no runner takes new jobs.
      ci: { artifactRun: 'Prepare 1.0 release', artifact: 'dist', artifactFile: 'main.js', failedRun: 'Login: validate input', failedJob: 'lint', runner: false },
    },
    account: {
      starred: [...fixtures.aliceStarred],
      archivedRepo: { owner: fixtures.repos.archived.owner, name: fixtures.repos.archived.name },
      userHook: { id: userHook.id, branchFilter: userHook.branchFilter, events: [...userHook.events] },
      org: {
        name: acme.name,
        team: { id: acme.teams.owners.id, name: acme.teams.owners.name, members: [...acme.teams.owners.members] },
        labels: {
          plain: { id: acme.labels.kindBug.id, name: acme.labels.kindBug.name, color: acme.labels.kindBug.color },
          archived: { id: acme.labels.legacy.id, name: acme.labels.legacy.name, color: acme.labels.legacy.color },
        },
      },
      twoFactor: { username: bob.login, password: bob.password, totpSecret: bob.totpSecret },
    },
    fixtures,
    unsupported: { runner: 'the test server has no runner: its runs are seeded, and a new or re-run job stays queued' },
  };
}

/** A clone of the target's repository, as the workspace of one VS Code window. */
export function cloneTargetWorkspace(target: Target, parent?: string): Promise<Workspace> {
  const { info } = target;
  return cloneWorkspace({
    instanceUrl: info.url,
    owner: info.repo.owner,
    repo: info.repo.name,
    auth: info.user,
    parent,
  });
}

/** Environment for code-server (it reaches the extension host): the JSON contract plus plain variables. */
export function targetEnv(info: TargetInfo): Record<string, string | undefined> {
  return {
    [TARGET_ENV_VAR]: JSON.stringify(info),
    GITEA_TEST_URL: info.url,
    GITEA_TEST_USERNAME: info.user.username,
    GITEA_TEST_PASSWORD: info.user.password,
    GITEA_TEST_TOKEN: info.user.token,
    GITEA_TEST_WORKSPACE: info.workspace,
    // No git credentials here: on a real server, as on the test server (whose git smart HTTP asks for them too), git run
    // by VS Code's git extension gets them from the signed-in account (src/git/gitCredentials.ts). A header given to
    // every git of the window would also be sent to the other servers some tests clone from, and refused there.
  };
}
