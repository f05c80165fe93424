// Real-server mode: provisions on a real Gitea (or Forgejo), through its API only, the story the suites need —
// the same one the test server is seeded with: a repository (realRepoStory.ts) and the account's world around it
// (realAccountStory.ts) — and removes all of it when the run ends, fails or is interrupted (realCleanup.ts).
// With an account that is not a site administrator it provisions what it can and says what it skipped and why.
import { onCleanup } from './proc';
import { RealApi, type RealServerEnv } from './realApi';
import { tellAccountStory } from './realAccountStory';
import { Ledger, newRunId, runMarker, sweepLeftovers } from './realCleanup';
import { tellRepoStory, type RunnerPresence } from './realRepoStory';
import { FALLBACK_CAPABILITIES, type TargetInfo } from './targetInfo';

export { readRealServerEnv, type RealServerEnv } from './realApi';

export interface ProvisionedTarget {
  info: Omit<TargetInfo, 'workspace'>;
  /** Deletes everything the run created (once; later calls wait for the first). */
  cleanup(): Promise<void>;
}

const say = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

export async function provisionReal(server: RealServerEnv): Promise<ProvisionedTarget> {
  const started = Date.now();
  const api = new RealApi(server);
  const version = (await api.call<{ version: string }>('GET', '/version')).data.version;
  const forgejo = (await fetch(`${server.url}api/forgejo/v1/version`, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined))?.ok === true;
  const user = (await api.call<{ login: string; is_admin: boolean }>('GET', '/user')).data;
  const me = user.login;
  say(`[target] real server ${server.url}: ${forgejo ? 'Forgejo' : 'Gitea'} ${version}, as ${me} (${user.is_admin ? 'site administrator' : 'not a site administrator'})`);

  const swept = await sweepLeftovers(api, me, { isAdmin: user.is_admin, hasPassword: server.password !== undefined });
  if (swept.length) say(`[provision] removed what runs that were killed left behind: ${swept.join(', ')}`);

  const runId = newRunId();
  const marker = runMarker();
  const ledger = new Ledger();
  let cleaned: Promise<void> | undefined;
  const cleanup = (): Promise<void> =>
    (cleaned ??= ledger.cleanup().then((deleted) => say(`[provision] deleted ${deleted.join(', ')}`)));
  // Registered before anything exists: an interrupted provisioning removes what it had created so far.
  onCleanup(cleanup);
  await recordNewTokens(api, server, me, ledger);
  const token = server.token ?? (await createRunToken(api, me, runId, ledger));
  say(`[provision] creating ${me}/${runId} and what goes with it (run ${runId} ${marker})`);
  await api.call('POST', '/user/repos', {
    name: runId,
    description: `Gitea Workbench test run ${marker}; deleted when the run ends.`,
    private: true,
    auto_init: false,
    default_branch: 'main',
  });
  ledger.add(`repository ${me}/${runId}`, () => api.call('DELETE', `/repos/${me}/${runId}`, undefined, [404]));
  try {
    const unsupported: TargetInfo['unsupported'] = {};
    const runner = await detectRunner(api, user.is_admin);
    say(runner.present ? `[provision] a runner takes the jobs (${runner.how}): waiting for the story's runs` : `[provision] no runner: ${runner.why}`);
    const repo = await tellRepoStory(api, me, runId, unsupported, runner);
    const { account, collaborator } = await tellAccountStory({ api, server, me, isAdmin: user.is_admin, runId, marker, repo, ledger, unsupported });
    say(
      `[provision] ${me}/${runId}: branches ${repo.branches.join(', ')}; merged #${repo.mergedPull} (merge commit), open #${repo.openPull} ` +
        `(renames ${repo.openPullRename.from} → ${repo.openPullRename.to}); issues #${repo.issues.blocked} → #${repo.issues.blocker}; ` +
        `releases ${repo.releaseTag}, draft ${repo.draftReleaseTag}; webhook; ${repo.deployKeyTitle ? 'deploy key; ' : ''}Actions workflow`,
    );
    const org = account.org;
    say(
      `[provision] account: archived ${account.archivedRepo.owner}/${account.archivedRepo.name}, ${account.starred.length} stars, ` +
        `user webhook #${account.userHook.id}` +
        (org ? `, organisation ${org.name} (team ${org.team.name}: ${org.team.members.join(', ')}; labels ${org.labels.plain.name}, archived ${org.labels.archived.name})` : '') +
        (collaborator ? `, collaborator ${collaborator}` : ''),
    );
    say(`[provision] ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // What a server version lacks and the suites test in its fallback form instead of skipping.
    const fallbacks = new Set<string>(FALLBACK_CAPABILITIES);
    const skipped = Object.entries(unsupported).filter(([cap]) => !fallbacks.has(cap));
    if (skipped.length === 0) say('[target] nothing will be skipped');
    for (const [cap, reason] of skipped) say(`[target] tests that need "${cap}" will be skipped: ${reason}`);
    for (const [cap, reason] of Object.entries(unsupported).filter(([c]) => fallbacks.has(c))) say(`[target] "${cap}" is tested in its fallback form: ${reason}`);
    return {
      cleanup,
      info: {
        mode: 'real',
        url: server.url,
        apiUrl: `${server.url}api/v1`,
        flavor: forgejo ? 'forgejo' : 'gitea',
        version,
        user: { username: me, password: server.password, token, isAdmin: user.is_admin },
        repo: { ...repo, collaborator },
        account,
        unsupported,
      },
    };
  } catch (e) {
    await cleanup().catch((c: Error) => say(`[provision] ${c.message}`));
    throw e;
  }
}

/**
 * Password sign-ins during the run create access tokens named `gitea-workbench-…` for the account: the ledger
 * deletes those created after this point. Listing tokens needs the password (Gitea refuses tokens there).
 */
async function recordNewTokens(api: RealApi, server: RealServerEnv, me: string, ledger: Ledger): Promise<void> {
  if (!server.password) return;
  const list = async () => (await api.call<{ id: number; name: string }[]>('GET', `/users/${me}/tokens?limit=50`, undefined, [], true)).data;
  const before = Math.max(0, ...(await list()).map((t) => t.id));
  ledger.add('the access tokens created by sign-ins during the run', async () => {
    for (const t of await list()) {
      if (t.id > before && t.name.startsWith('gitea-workbench-')) await api.call('DELETE', `/users/${me}/tokens/${t.id}`, undefined, [404], true);
    }
  });
}

/** Given only a password, the run makes itself a token (the UI suites sign in with one), deleted afterwards. */
async function createRunToken(api: RealApi, me: string, runId: string, ledger: Ledger): Promise<string> {
  const created = (await api.call<{ id: number; sha1: string }>('POST', `/users/${me}/tokens`, { name: runId, scopes: ['all'] }, [], true)).data;
  ledger.add(`access token ${runId}`, () => api.call('DELETE', `/users/${me}/tokens/${created.id}`, undefined, [404], true));
  return created.sha1;
}

/**
 * Whether a runner will take the story's jobs: GITEA_E2E_RUNNER=1 says so (=0 says not); else a site administrator
 * sees the instance's runners (`/admin/actions/runners`), and one online with the `ubuntu-latest` label counts.
 * A user's or an organisation's own runners are not looked for: name them with GITEA_E2E_RUNNER=1.
 */
async function detectRunner(api: RealApi, isAdmin: boolean): Promise<RunnerPresence> {
  const told = process.env.GITEA_E2E_RUNNER;
  if (told === '1') return { present: true, how: 'GITEA_E2E_RUNNER=1' };
  if (told === '0') return { present: false, why: 'GITEA_E2E_RUNNER=0: the CI tests on real runs are skipped' };
  const hint = 'set GITEA_E2E_RUNNER=1 when a runner with the label ubuntu-latest takes this instance\'s jobs';
  if (!isAdmin) return { present: false, why: `not a site administrator, so the instance's runners cannot be listed: ${hint}` };
  const res = await api.call<{ runners?: { name: string; status: string; labels?: { name: string }[] }[] }>('GET', '/admin/actions/runners?limit=50', undefined, [403, 404]);
  if (res.status >= 400) return { present: false, why: `the server does not list its runners (HTTP ${res.status}): ${hint}` };
  const online = (res.data.runners ?? []).find((r) => r.status === 'online' && (r.labels ?? []).some((l) => l.name === 'ubuntu-latest'));
  return online
    ? { present: true, how: `runner ${online.name}, online, label ubuntu-latest` }
    : { present: false, why: `no online runner with the label ubuntu-latest among the instance's runners: ${hint}` };
}
