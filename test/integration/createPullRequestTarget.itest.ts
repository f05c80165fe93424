// Create Pull Request in the harness's workspace clone, against the run's server (the test server, or a real Gitea in
// real-server mode): from a pushed branch, from an unpushed one (Push asked), nothing to compare (a real Gitea would
// open an empty pull request: the form says so instead) and the scenario's open pull request offered. What the server
// made is read back through the API. The pull requests opened here are closed and the branches deleted afterwards.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CreatePullRequestResult } from '../../src/commands/createPullRequest';
import * as vscode from 'vscode';
import { testEnv } from './env';
import { replaceMessage } from './viewsSupport';
import { closeEditors, gitInWorkspace, signInToTarget, type Session } from './workflowsSupport';

describe('Create Pull Request in the workspace clone (the run\'s server)', function () {
  this.timeout(180_000);
  let session: Session;
  let warnings: ReturnType<typeof replaceMessage>;
  let info: ReturnType<typeof replaceMessage>;
  let warningAnswer: string | undefined;
  const stamp = Date.now().toString(36);
  /** Branches this suite made (and pushed): deleted here and on the server afterwards. */
  const branches: string[] = [];
  /** Local branches of the scenario's pull requests: deleted here only. */
  const localOnly: string[] = [];
  const opened: number[] = [];
  const env = () => testEnv();
  const create = (args: Record<string, unknown> = {}) => vscode.commands.executeCommand<CreatePullRequestResult | undefined>('gitea.createPullRequest', { repo: session.repo, ...args });
  before(async () => {
    // Pushes from the editor take the credentials of this signed-in account (git's credentials provider).
    session = await signInToTarget();
    warnings = replaceMessage('showWarningMessage', (_m, items) => items.find((i) => i === warningAnswer));
    info = replaceMessage('showInformationMessage', () => undefined);
  });

  after(async () => {
    warnings?.restore();
    info?.restore();
    await closeEditors();
    const e = env();
    for (const index of opened) {
      await session.client.issueEditIssue({ owner: e.repo.owner, repo: e.repo.name, index, body: { state: 'closed' } }).catch(() => undefined);
    }
    await gitInWorkspace('checkout', '--quiet', '--force', e.repo.defaultBranch);
    for (const b of branches) {
      await gitInWorkspace('branch', '-D', b).catch(() => undefined);
      await gitInWorkspace('push', '--quiet', 'origin', '--delete', b).catch(() => undefined);
    }
    for (const b of localOnly) await gitInWorkspace('branch', '-D', b).catch(() => undefined);
  });

  const branchWith = async (name: string, message: string) => {
    branches.push(name);
    await gitInWorkspace('checkout', '--quiet', '-B', name, `origin/${env().repo.defaultBranch}`);
    writeFileSync(join(env().workspace, `itest-${name}.md`), `${message}\n`);
    await gitInWorkspace('add', '.');
    await gitInWorkspace('-c', 'user.name=Itest', '-c', 'user.email=itest@example.invalid', 'commit', '--quiet', '-m', message);
  };

  it('from a pushed branch and from an unpushed one (Push asked): the server has both, with the commits\' text', async () => {
    const e = env();
    await branchWith(`itest-pushed-${stamp}`, 'Pushed first');
    await gitInWorkspace('push', '--quiet', '-u', 'origin', `itest-pushed-${stamp}`);
    const pushed = await create({ submit: true });
    assert.equal(pushed?.outcome?.status, 'created', JSON.stringify(pushed?.outcome));
    if (pushed.outcome.status === 'created') opened.push(pushed.outcome.pull.number);
    await closeEditors();

    await branchWith(`itest-unpushed-${stamp}`, 'Pushed by the form');
    warningAnswer = 'Push and Create';
    const unpushed = await create({ submit: true });
    assert.equal(unpushed?.outcome?.status, 'created', JSON.stringify(unpushed?.outcome));
    if (unpushed.outcome.status !== 'created') return;
    opened.push(unpushed.outcome.pull.number);
    const pull = await session.client.repoGetPullRequest({ owner: e.repo.owner, repo: e.repo.name, index: unpushed.outcome.pull.number });
    assert.deepEqual([pull.title, pull.head?.ref, pull.base?.ref, pull.state], ['Pushed by the form', `itest-unpushed-${stamp}`, e.repo.defaultBranch, 'open']);
    assert.equal(pull.head?.sha, (await gitInWorkspace('rev-parse', 'HEAD')).trim());
    assert.equal((await gitInWorkspace('rev-parse', '--abbrev-ref', '@{upstream}')).trim(), `origin/itest-unpushed-${stamp}`);
    await closeEditors();
  });

  it('nothing to compare and the open pull request of the branch are said, and nothing is opened', async () => {
    const e = env();
    const same = `itest-same-${stamp}`;
    branches.push(same);
    await gitInWorkspace('checkout', '--quiet', '-B', same, `origin/${e.repo.defaultBranch}`);
    await gitInWorkspace('push', '--quiet', '-u', 'origin', same);
    const before = (await session.client.repoListPullRequests({ owner: e.repo.owner, repo: e.repo.name, state: 'all', page: 1, limit: 50 })).items.length;
    const result = await create({ submit: true });
    assert.equal(result?.outcome?.status, 'invalid', JSON.stringify(result?.outcome));
    assert.match(result.outcome.status === 'invalid' ? result.outcome.fields.base ?? '' : '', /nothing to compare/);
    await closeEditors();

    const open = await session.client.repoGetPullRequest({ owner: e.repo.owner, repo: e.repo.name, index: e.repo.openPull });
    const head = open.head!.ref!;
    localOnly.push(head);
    await gitInWorkspace('fetch', '--quiet', 'origin', head);
    await gitInWorkspace('checkout', '--quiet', '-B', head, `origin/${head}`);
    const exists = await create({ submit: true });
    assert.equal(exists?.outcome?.status, 'exists', JSON.stringify(exists?.outcome));
    assert.equal(exists.outcome.status === 'exists' && exists.outcome.number, e.repo.openPull);
    const after = (await session.client.repoListPullRequests({ owner: e.repo.owner, repo: e.repo.name, state: 'all', page: 1, limit: 50 })).items.length;
    assert.equal(after, before, 'no pull request was opened');
  });
});
