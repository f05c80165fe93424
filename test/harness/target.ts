// The server the suites run against: the in-process test server (default), or a real Gitea/Forgejo when
// GITEA_E2E_URL + GITEA_E2E_USERNAME + (GITEA_E2E_PASSWORD | GITEA_E2E_TOKEN) are set, on which a fresh
// repository is provisioned and deleted afterwards.
import { startTestServer } from '../server/index';
import { provisionRealRepository, readRealServerEnv } from './provisionReal';
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
    process.stdout.write(`[target] real server ${real.url} as ${real.username} (GITEA_E2E_URL)\n`);
    const provisioned = await provisionRealRepository(real);
    const unregister = onCleanup(() => provisioned.cleanup());
    for (const [cap, reason] of Object.entries(provisioned.info.unsupported)) {
      process.stdout.write(`[target] suites will skip "${cap}": ${reason}\n`);
    }
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
  const demo = server.fixtures.repos.demo;
  const alice = server.fixtures.users.alice;
  process.stdout.write(`[target] test server ${server.url} (${server.flavor} ${server.version}) in ${Date.now() - t} ms\n`);
  return {
    info: {
      mode: 'testServer',
      url: server.url,
      apiUrl: server.apiUrl,
      flavor: server.flavor,
      version: server.version,
      user: { username: alice.login, password: alice.password, token: alice.tokens.all },
      repo: {
        owner: demo.owner,
        name: demo.name,
        defaultBranch: demo.defaultBranch,
        cloneUrl: `${server.url}${demo.owner}/${demo.name}.git`,
        branches: [...demo.branches],
        mergedPull: demo.pulls.mergedMerge,
        openPull: demo.pulls.open,
        issues: { blocker: demo.dependencies[0].dependsOn, blocked: demo.dependencies[0].issue },
        releaseTag: demo.releases.published,
        deployKeyTitle: 'CI deploy key', // seeded in test/server/seed/demoExtras.ts
      },
      fixtures: server.fixtures,
      unsupported: {},
    },
    reset: () => server.reset(),
    close: async () => {
      unregister();
      await server.close();
    },
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
  };
}
