// Cancel on every cancellable progress notification (each `cancellable: true` of src/): the request it waits for is
// aborted, nothing is shown (Migrate says it stopped waiting) and nothing is created, changed or opened. Against a
// test server of this process behind a proxy that holds the request (sign-in, deploy keys, merge, review request,
// migration, job log), and in the workspace clone (check out, the pull request of a line).
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { SignInResult } from '../../src/auth/signInArgs';
import type { JobData } from '../../src/views/ciJobsView';
import type { ViewsRegistry } from '../../src/views/registry';
import { FIXTURES, sshEd25519PublicKey, type TestServer } from '../server/index';
import { cancelProgressWhenHeld, holdClientCalls, recordMessages, startHoldingProxy, type Holder, type HoldingProxy } from './cancelSupport';
import { testEnv } from './env';
import { scriptQuickInputs, type FakeInput } from './viewsQuickInput';
import { api, dataNodes, type ProxiedSession, proxiedSession, settled } from './viewsSupport';
import { gitInWorkspace, services, signInToTarget, waitFor, type Session } from './workflowsSupport';

const demo = FIXTURES.repos.demo;

/**
 * Runs `command` with the requests `hold` picks held and the progress cancelled once one is: the command's result
 * and the messages it showed, after checking that one cancellable progress was shown and each held request aborted.
 */
async function cancelDuring<T>(holder: Holder, hold: (what: string) => boolean, command: () => Thenable<T>): Promise<{ result: T; messages: string[] }> {
  holder.hold = hold;
  holder.held.length = 0;
  const progress = cancelProgressWhenHeld(holder);
  const messages = recordMessages();
  let result: T;
  try {
    result = await command();
  } finally {
    progress.restore();
    messages.restore();
    holder.hold = () => false;
  }
  assert.equal(progress.titles.length, 1, `cancellable progresses: ${progress.titles.join(' | ')}`);
  assert.ok(holder.held.length > 0, 'the request was not sent');
  await waitFor(`the request to be aborted (${holder.held.map((h) => h.what).join(', ')})`, () => holder.held.every((h) => h.aborted), 10_000);
  return { result, messages: messages.shown };
}

describe('Cancelling a progress notification (Gitea 1.27 test server behind a holding proxy)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let proxy: HoldingProxy;
  let views: ViewsRegistry;
  let session: ProxiedSession<HoldingProxy> | undefined;
  const repo = () => ({ instanceUrl: proxy.url, owner: demo.owner, repo: demo.name });
  const is = (what: string) => (held: string) => held === what;

  before(async () => ({ server, proxy, views } = session = await proxiedSession(startHoldingProxy)));
  after(() => session?.close());

  it('Sign In, creating the access token: no account, no token', async () => {
    const s = await services();
    const before = s.accounts.accounts.map((a) => a.id);
    const steps = [proxy.url, 'carol', /Password$/, FIXTURES.users.carol.password, /Create an access token/];
    const ui = scriptQuickInputs(
      steps.map((step) => (box: FakeInput) => {
        if (typeof step === 'string') return box.accept(step);
        const item = box.items.find((i) => step.test(i.label));
        if (item) box.pick(item.label);
        else (box as FakeInput & { hide(): void }).hide();
      }),
    );
    try {
      const { result, messages } = await cancelDuring(proxy, is('POST /api/v1/users/carol/tokens'), () =>
        vscode.commands.executeCommand<SignInResult>('gitea.signIn', { url: proxy.url }),
      );
      assert.equal(result.ok, false, JSON.stringify(result));
      assert.deepEqual(messages, []);
    } finally {
      ui.restore();
    }
    assert.deepEqual(s.accounts.accounts.map((a) => a.id), before);
  });

  it('Add Deploy Key: not added, nothing said', async () => {
    const { result, messages } = await cancelDuring(proxy, is(`POST /api/v1/repos/${demo.fullName}/keys`), () =>
      vscode.commands.executeCommand('gitea.addDeployKey', { repo: repo(), key: sshEd25519PublicKey('cancelled'), title: 'Cancelled key', readOnly: true }),
    );
    assert.equal(result, undefined);
    assert.deepEqual(messages, []);
    const keys = await api<{ title: string }[]>(server, 'GET', `/repos/${demo.fullName}/keys`);
    assert.ok(!keys.some((k) => k.title === 'Cancelled key'));
  });

  it('Find Deploy Key: nothing listed, nothing said', async () => {
    const { result, messages } = await cancelDuring(proxy, is(`GET /api/v1/repos/${demo.fullName}/keys`), () =>
      vscode.commands.executeCommand('gitea.findDeployKey', { repo: repo(), fingerprint: 'SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }),
    );
    assert.equal(result, undefined);
    assert.deepEqual(messages, []);
  });

  it('Merge Pull Request, while checking whether it can be merged: not merged, no question asked', async () => {
    const { result, messages } = await cancelDuring(proxy, is(`GET /api/v1/repos/${demo.fullName}/pulls/${demo.pulls.open}`), () =>
      vscode.commands.executeCommand('gitea.mergePullRequest', { repo: repo(), index: demo.pulls.open }),
    );
    assert.deepEqual(result, { kind: 'cancelled' });
    assert.deepEqual(messages, []);
    assert.equal((await api<{ merged: boolean }>(server, 'GET', `/repos/${demo.fullName}/pulls/${demo.pulls.open}`)).merged, false);
  });

  it('Request Review, while loading the reviewers: no request, no question asked', async () => {
    const { result, messages } = await cancelDuring(proxy, is(`GET /api/v1/repos/${demo.fullName}/pulls/${demo.pulls.open}`), () =>
      vscode.commands.executeCommand('gitea.requestReview', { repo: repo(), index: demo.pulls.open }),
    );
    assert.deepEqual(result, { kind: 'cancelled' });
    assert.deepEqual(messages, []);
  });

  it('Migrate Repository: the request is aborted and only "stopped waiting" is said', async () => {
    const { result, messages } = await cancelDuring(proxy, is('POST /api/v1/repos/migrate'), () =>
      vscode.commands.executeCommand('gitea.migrateRepository', { clone_addr: 'https://git.example.com/team/cancelled.git', repo_name: 'cancelled', repo_owner: 'alice' }),
    );
    assert.equal(result, undefined);
    assert.deepEqual(messages, ['showInformationMessage: Stopped waiting for the migration into alice/cancelled; the server may still finish it.']);
  });

  it('Show Log: no editor opens, nothing said', async () => {
    views.ciJobs.refresh();
    const jobs = [];
    for (const run of dataNodes(await settled(views.ciJobs))) jobs.push(...dataNodes(await settled(views.ciJobs, run)));
    const done = jobs.find((n) => (n.data as JobData).job.status === 'completed');
    assert.ok(done, 'a completed job');
    const id = (done.data as JobData).job.id;
    const { result, messages } = await cancelDuring(proxy, is(`GET /api/v1/repos/${demo.fullName}/actions/jobs/${id}/logs`), () =>
      vscode.commands.executeCommand('gitea.ciJobs.showLog', done),
    );
    assert.equal(result, undefined);
    assert.deepEqual(messages, []);
    assert.ok(!vscode.window.visibleTextEditors.some((e) => e.document.uri.scheme === 'gitea-log'));
  });
});

describe('Cancelling a progress notification in the workspace clone', function () {
  this.timeout(60_000);
  const topic = 'cancel-progress-topic';
  const file = 'cancel-progress.txt';
  let session: Session;
  let holder: ReturnType<typeof holdClientCalls>;
  const branches = () => gitInWorkspace('for-each-ref', '--format=%(refname) %(objectname)', 'refs/heads/');

  before(async () => {
    session = await signInToTarget();
    // A commit of its own: the pull request lookup of its lines is not cached by an earlier test.
    await gitInWorkspace('checkout', '--quiet', '-b', topic, testEnv().repo.defaultBranch);
    await vscode.workspace.fs.writeFile(vscode.Uri.file(join(testEnv().workspace, file)), Buffer.from('A line of its own commit\n'));
    await gitInWorkspace('add', file);
    await gitInWorkspace('commit', '--quiet', '-m', 'A commit for the cancel test');
    holder = holdClientCalls(session.services);
  });
  after(async () => {
    holder?.restore();
    await gitInWorkspace('checkout', '--quiet', '--force', testEnv().repo.defaultBranch);
    await gitInWorkspace('branch', '-D', topic).catch(() => undefined);
  });

  it('Check Out Pull Request: cancelled, no branch created or moved, HEAD where it was', async () => {
    const before = await branches();
    const { result, messages } = await cancelDuring(holder, (method) => method === 'repoGetPullRequest', () =>
      vscode.commands.executeCommand('gitea.checkoutPullRequest', { repo: session.repo, index: testEnv().repo.openPull }),
    );
    assert.deepEqual(result, { kind: 'cancelled' });
    assert.deepEqual(messages, []);
    assert.equal(await branches(), before);
    assert.equal((await gitInWorkspace('rev-parse', '--abbrev-ref', 'HEAD')).trim(), topic);
  });

  it('Show Pull Request for Current Line: nothing shown', async () => {
    const uri = vscode.Uri.file(join(testEnv().workspace, file));
    const { result, messages } = await cancelDuring(holder, (method) => method === 'repoGetCommitPullRequest', () =>
      vscode.commands.executeCommand('gitea.pullRequestForLine', uri, 0),
    );
    assert.equal(result, undefined);
    assert.deepEqual(messages, []);
  });
});
