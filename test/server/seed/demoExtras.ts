// Releases (published with assets, pre-release, draft), webhooks (repository, organization, user), deploy
// keys and CI runs/jobs (success, failure, in progress, queued) of the seeded instance.
import { createHash } from 'node:crypto';
import { FIXTURES, sshEd25519PublicKey } from '../fixtures';
import { normalizeHookEvents } from '../hookEvents';
import { parsePublicKey, type ParsedKey } from '../sshKeys';
import type { HookOwner, JobRec, RunRec, RunStatus, ServerState, StepRec } from '../state';
import type { DemoCommit } from './demoHistory';
import { runnerLog } from '../jobLogs';

const d = (iso: string) => new Date(iso);
const plus = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);
/** A deterministic v4-shaped UUID. */
const uuidFor = (seed: string) => {
  const h = createHash('sha1').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

function seedReleases(state: ServerState): void {
  const demo = state.repo(FIXTURES.repos.demo.id)!;
  const alice = state.userByName('alice')!.id;
  const asset = (name: string, content: string, created: Date) => {
    const buf = Buffer.from(content);
    return { id: state.nextId('attachment'), uuid: uuidFor(name), name, size: buf.length, downloadCount: 3, created, content: buf };
  };
  const r = FIXTURES.repos.demo.releases;
  const t1 = d('2024-01-10T12:00:00Z');
  state.releases.push(
    { id: state.nextId('release'), repoId: demo.id, tagName: r.published, target: 'main', name: 'Version 1.0.0',
      body: '## Highlights\n\n- Search\n- Usage message', draft: false, prerelease: false, authorId: alice, created: t1,
      publishedAt: t1, assets: [asset('demo-1.0.0.tar.gz', 'not really a tarball\n', t1), asset('checksums.txt', 'abc123  demo-1.0.0.tar.gz\n', t1)] },
    { id: state.nextId('release'), repoId: demo.id, tagName: r.prerelease, target: 'main', name: '1.1.0 Release Candidate 1',
      body: 'Try it out.', draft: false, prerelease: true, authorId: alice, created: d('2024-01-20T12:00:00Z'),
      publishedAt: d('2024-01-20T12:00:00Z'), assets: [] },
    { id: state.nextId('release'), repoId: demo.id, tagName: r.draft, target: 'main', name: 'Version 1.2.0 (draft)',
      body: 'Work in progress.', draft: true, prerelease: false, authorId: alice, created: d('2024-02-01T12:00:00Z'), assets: [] },
  );
}

function seedHooks(state: ServerState): void {
  const hook = (owner: HookOwner, type: string, url: string, events: string[], branchFilter: string, active: boolean,
    meta: Record<string, string> = {}, name = '') => {
    const created = d('2024-01-06T10:00:00Z');
    state.hooks.push({ id: state.nextId('webhook'), owner, type, name, url, contentType: 'json', httpMethod: 'POST', meta,
      events: normalizeHookEvents(events), branchFilter, authorizationHeader: type === 'gitea' ? 'Bearer hook-secret' : '',
      active, created, updated: created });
  };
  const demo = { kind: 'repo' as const, id: FIXTURES.repos.demo.id };
  hook(demo, 'gitea', 'https://ci.example.com/hooks/gitea', ['push', 'pull_request'], 'main', true, {}, 'CI trigger');
  hook(demo, 'slack', 'https://hooks.slack.com/services/T000/B000/XXXX', ['issues', 'release'], '', false,
    { channel: '#dev', username: 'gitea', icon_url: '', color: '#2eb886' });
  hook({ kind: 'org', id: FIXTURES.orgs.acme.id }, 'gitea', 'https://hooks.acme.example/gitea', ['push'], '*', true);
  const alice = { kind: 'user' as const, id: FIXTURES.users.alice.id };
  hook(alice, 'gitea', 'https://alice.example/hooks/all', ['push', 'issues', 'create'], 'main', true, {}, 'Everything');
  hook(alice, 'discord', 'https://discord.com/api/webhooks/1/abc', ['release'], '', true);
}

function seedDeployKeys(state: ServerState): void {
  const demo = FIXTURES.repos.demo.id;
  const key = (title: string, label: string, readOnly: boolean) => {
    const parsed = parsePublicKey(sshEd25519PublicKey(label)) as ParsedKey;
    state.deployKeys.push({ id: state.nextId('deploy_key'), keyId: state.nextId('public_key'), repoId: demo, title,
      content: parsed.content, fingerprint: parsed.fingerprint, readOnly, created: d('2024-01-07T10:00:00Z') });
  };
  key('CI deploy key', 'demo-ci', true);
  key('Release bot', 'demo-release-bot', false);
}

type StepPlan = [name: string, status: RunStatus];

/** The demo steps' scripts (the first line titles the step's `::group::Run` block). */
const SCRIPTS: Record<string, string> = { Checkout: 'git clone --depth 1 "$GITHUB_SERVER_URL/$GITHUB_REPOSITORY" .', Lint: 'npm run lint', Build: 'npm run build', Test: 'npm test' };

function seedRuns(state: ServerState, shas: Record<DemoCommit, string>): void {
  const demo = state.repo(FIXTURES.repos.demo.id)!;
  const users = { alice: state.userByName('alice')!.id, bob: state.userByName('bob')!.id };
  let runNumber = 0;
  const run = (title: string, ref: string, sha: string, status: RunStatus, trigger: number, created: Date): RunRec => {
    const done = !['running', 'waiting', 'blocked'].includes(status);
    const r: RunRec = { id: state.nextId('action_run'), repoId: demo.id, runNumber: ++runNumber, title, workflowId: 'ci.yml',
      event: 'push', ref, commitSha: sha, status, triggerUserId: trigger, attempt: 1, created,
      started: status === 'waiting' || status === 'blocked' ? undefined : plus(created, 5), stopped: done ? plus(created, 300) : undefined };
    state.runs.push(r);
    return r;
  };
  const job = (r: RunRec, name: string, status: RunStatus, steps: StepPlan[]) => {
    const picked = status !== 'waiting' && status !== 'blocked';
    const started = picked ? plus(r.created, 10) : undefined;
    const stepRecs: StepRec[] = steps.map(([stepName, st], i) => ({
      name: stepName, number: i, status: st,
      started: st === 'waiting' || st === 'blocked' || !started ? undefined : plus(started, i * 20),
      stopped: ['success', 'failure', 'skipped', 'cancelled'].includes(st) && started ? plus(started, i * 20 + 15) : undefined,
    }));
    // The log as act_runner writes it (../jobLogs.ts, from test/fixtures/ci-logs/runner): a block per step that ran.
    const taskId = picked ? state.nextId('action_task') : 0;
    const ran = stepRecs.filter((s) => s.started && s.status !== 'skipped');
    const log = started
      ? runnerLog(name, taskId, ran.map((s) => ({
          script: SCRIPTS[s.name] ?? s.name.toLowerCase(),
          output: [`running ${s.name}`, ...(s.status === 'failure' ? [`Error: ${name} failed: 3 problems found`] : [])],
        })), status === 'success' || status === 'failure' ? status : undefined, started)
      : '';
    const j: JobRec = { id: state.nextId('action_run_job'), runId: r.id, repoId: demo.id, name, labels: ['ubuntu-latest'], status,
      attempt: 1, taskId, runnerId: picked ? 1 : 0, runnerName: picked ? 'runner-01' : '',
      created: r.created, started, stopped: ['success', 'failure', 'skipped', 'cancelled'].includes(status) ? plus(r.created, 290) : undefined,
      steps: picked ? stepRecs : [], log };
    state.jobs.push(j);
  };
  const r1 = run('Prepare 1.0 release', 'refs/heads/main', shas.c5, 'success', users.alice, d('2024-01-10T10:05:00Z'));
  job(r1, 'build', 'success', [['Checkout', 'success'], ['npm ci', 'success'], ['Build', 'success']]);
  job(r1, 'test', 'success', [['Checkout', 'success'], ['npm test', 'success']]);
  const r2 = run('Login: validate input', 'refs/heads/feature/login', shas.l2, 'failure', users.alice, d('2024-01-14T10:05:00Z'));
  job(r2, 'lint', 'failure', [['Checkout', 'success'], ['Lint', 'failure']]);
  job(r2, 'test', 'success', [['Checkout', 'success'], ['npm test', 'success']]);
  const r3 = run('WIP: refactoring', 'refs/heads/develop', shas.d1, 'running', users.bob, d('2024-02-01T10:05:00Z'));
  job(r3, 'build', 'running', [['Build', 'running'], ['Test', 'waiting']]);
  job(r3, 'deploy', 'blocked', []);
  const r4 = run('Start 1.1 development', 'refs/heads/main', shas.c6, 'waiting', users.alice, d('2024-02-02T10:05:00Z'));
  job(r4, 'build', 'waiting', []);
}

/** The Actions settings of alice/demo: a secret, a variable, the runner that ran its jobs and an offline one; a
 * secret and a variable of acme; the instance's global runner. */
function seedActionSettings(state: ServerState): void {
  const demo = FIXTURES.repos.demo.id;
  const acme = FIXTURES.orgs.acme.id;
  const created = d('2024-01-08T09:00:00Z');
  state.secrets.push(
    { id: state.nextId('secret'), ownerId: 0, repoId: demo, name: 'DEPLOY_TOKEN', data: 'demo-deploy-token-value', description: 'Pushes the site', created },
    { id: state.nextId('secret'), ownerId: acme, repoId: 0, name: 'REGISTRY_PASSWORD', data: 'acme-registry-password', description: '', created },
  );
  state.variables.push(
    { id: state.nextId('action_variable'), ownerId: 0, repoId: demo, name: 'NODE_VERSION', data: '20', description: '' },
    { id: state.nextId('action_variable'), ownerId: acme, repoId: 0, name: 'REGISTRY', data: 'registry.acme.example', description: '' },
  );
  const runner = (ownerId: number, repoId: number, name: string, labels: string[], online: boolean, busy: boolean) =>
    state.runners.push({ id: state.nextId('action_runner'), ownerId, repoId, name, labels, online, busy, disabled: false, ephemeral: false, version: 'v0.2.13' });
  runner(0, demo, 'runner-01', ['ubuntu-latest', 'ubuntu-22.04'], true, true);
  runner(0, demo, 'mac-mini', ['macos-14'], false, false);
  runner(0, 0, 'shared-arm', ['linux-arm64'], true, false);
}

export function seedDemoExtras(state: ServerState, shas: Record<DemoCommit, string>): void {
  seedReleases(state);
  seedHooks(state);
  seedDeployKeys(state);
  seedRuns(state, shas);
  seedActionSettings(state);
}
