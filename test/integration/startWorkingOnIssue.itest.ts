// Start Working on Issue inside a real VS Code, against a Gitea 1.27 test server started in this process, in a clone
// of alice/demo opened in the git extension: the branch named by gitea.issueBranchName from the default branch as the
// server has it now (fetched), uncommitted changes carried along or stashed, the issue remembered for the branch and
// assigned; then Create Pull Request of that branch says Closes #N, and the server's pull request has it.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { StartResult } from '../../src/commands/startWorkingOnIssue/startWorking';
import { issueBranchName } from '../../src/git/issueBranch';
import type { TestServer } from '../server/index';
import { cloneFromServer, withoutHarnessGitCredentials, createPullRequest, type Clone } from './createPullRequestSupport';
import { demoSession } from './demoSession';
import { api, replaceMessage } from './viewsSupport';
import { scriptQuickInputs, type FakeInput } from './viewsQuickInput';

const start = (arg: unknown) => vscode.commands.executeCommand<StartResult>('gitea.startWorkingOnIssue', arg);

describe('Start Working on Issue (Gitea 1.27 test server)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let clone: Clone;
  let warnings: ReturnType<typeof replaceMessage>;
  let info: ReturnType<typeof replaceMessage>;
  let warningAnswer: string | undefined;
  const win = vscode.window as unknown as { showInputBox: (o?: vscode.InputBoxOptions) => Thenable<string | undefined> };
  const originalInputBox = win.showInputBox;
  let offered: string | undefined;

  demoSession((s) => ({ server } = s), { closeEditors: true });

  let restoreGitCredentials: (() => void) | undefined;
  before(async () => {
    restoreGitCredentials = withoutHarnessGitCredentials();
    clone = await cloneFromServer(server, 'alice', 'demo');
    warnings = replaceMessage('showWarningMessage', (_m, items) => items.find((i) => i === warningAnswer));
    info = replaceMessage('showInformationMessage', () => undefined);
    // The branch name box: accepted as offered.
    win.showInputBox = (o) => {
      offered = o?.value;
      return Promise.resolve(o?.value);
    };
  });
  after(() => {
    restoreGitCredentials?.();
    warnings?.restore();
    info?.restore();
    win.showInputBox = originalInputBox;
    clone?.dispose();
  });

  it('branches from the default branch as the server has it, carries the changes, remembers and assigns the issue; the pull request closes it', async () => {
    const issue = await api<{ number: number; title: string; assignees: { login: string }[] | null }>(server, 'GET', '/repos/alice/demo/issues/2');
    assert.ok(!(issue.assignees ?? []).some((a) => a.login === 'alice'), 'not assigned to alice yet');
    // main moves on the server after the clone last fetched it.
    const before = await clone.git('rev-parse', 'origin/main');
    await clone.git('checkout', '--quiet', '--detach', 'origin/main');
    await clone.git('commit', '--quiet', '--allow-empty', '-m', 'Newer work on main');
    await clone.git('push', '--quiet', 'origin', 'HEAD:main');
    const newest = await clone.git('rev-parse', 'HEAD');
    await clone.git('update-ref', 'refs/remotes/origin/main', before);
    await clone.git('checkout', '--quiet', 'main');
    await clone.git('reset', '--quiet', '--hard', before);
    const readme = join(clone.dir, 'README.md');
    writeFileSync(readme, `${readFileSync(readme, 'utf8')}\nWork in progress.\n`);

    warningAnswer = 'Bring Them Along';
    const result = await start({ repo: clone.repo, number: 2, assign: true });
    const branch = issueBranchName('issue-${number}-${slug}', issue)!;
    assert.equal(offered, branch, 'the name offered follows gitea.issueBranchName');
    assert.deepEqual(result, { kind: 'started', branch, created: true, carried: 'carried', assigned: true });
    assert.equal(await clone.git('rev-parse', '--abbrev-ref', 'HEAD'), branch);
    assert.equal(await clone.git('rev-parse', 'HEAD'), newest, 'from the default branch as the server has it');
    assert.match(readFileSync(readme, 'utf8'), /Work in progress\./, 'the change came along');
    assert.equal(await clone.git('config', '--get', `branch.${branch}.gitea-issue`), `${server.url} alice/demo#2`);
    const assigned = await api<{ assignees: { login: string }[] }>(server, 'GET', '/repos/alice/demo/issues/2');
    assert.ok(assigned.assignees.some((a) => a.login === 'alice'));

    await clone.git('commit', '--quiet', '-am', 'Add a dark theme');
    warningAnswer = 'Push and Create';
    const created = await createPullRequest(clone.repo, { submit: true });
    assert.equal(created?.outcome?.status, 'created', JSON.stringify(created?.outcome));
    const pull = created.outcome.status === 'created' ? created.outcome.pull : undefined;
    assert.equal(pull?.title, 'Add a dark theme');
    assert.match(pull?.body ?? '', /Closes #2\n?$/);

    // Starting again on the same issue switches to its branch.
    await clone.git('checkout', '--quiet', 'main');
    const again = await start({ repo: clone.repo, number: 2, assign: false });
    assert.deepEqual(again, { kind: 'started', branch, created: false, carried: 'clean', assigned: false });
  });

  it('stashes the changes when asked, and refuses a name git does not take', async () => {
    await clone.git('checkout', '--quiet', 'main');
    const readme = join(clone.dir, 'README.md');
    writeFileSync(readme, 'Edited before starting on #1.\n');
    warningAnswer = 'Stash Them';
    const result = await start({ repo: clone.repo, number: 1, branch: 'fix/crash-on-settings', assign: false });
    assert.deepEqual(result, { kind: 'started', branch: 'fix/crash-on-settings', created: true, carried: 'stashed', assigned: false });
    assert.match(await clone.git('stash', 'list'), /before starting work on #1/);
    assert.notEqual(readFileSync(readme, 'utf8'), 'Edited before starting on #1.\n');
    await clone.git('stash', 'drop', '--quiet');
    const bad = await start({ repo: clone.repo, number: 7, branch: 'bad..name', assign: false });
    assert.equal(bad.kind, 'failed');
    assert.ok(warnings.shown.some((m) => m.includes('bad..name')), warnings.shown.join('\n'));
  });

  it('from the palette: the open issues with their labels; a time-tracking command puts the branch’s issue first', async () => {
    // The clone is on fix/crash-on-settings, started from #1 by the test above.
    const shown: { label: string; description?: string }[][] = [];
    const look = (ui: FakeInput) =>
      ui.loaded().then(() => {
        shown.push(ui.items.map((i) => ({ label: i.label, description: i.description })));
        (ui as unknown as { hide(): void }).hide();
      });
    const inputs = scriptQuickInputs([look, look]);
    let started: StartResult | undefined;
    let stopwatch: unknown;
    try {
      started = await vscode.commands.executeCommand<StartResult>('gitea.startWorkingOnIssue');
      stopwatch = await vscode.commands.executeCommand('gitea.startStopwatch');
    } finally {
      inputs.restore();
    }
    assert.deepEqual(started, { kind: 'cancelled' }, 'dismissed: nothing started');
    assert.equal(await clone.git('rev-parse', '--abbrev-ref', 'HEAD'), 'fix/crash-on-settings');
    const open = await api<{ number: number; labels: { name: string }[] }[]>(server, 'GET', '/repos/alice/demo/issues?state=open&type=issues&page=1');
    const labelled = open.find((i) => i.labels.length > 0)!;
    assert.ok(labelled, 'the fixture has an open issue with labels');
    const row = shown[0]!.find((i) => i.label.startsWith(`$(issues) #${labelled.number} `));
    assert.equal(row?.description, labelled.labels.map((l) => l.name).join(', '), 'an issue row shows its labels');
    assert.deepEqual(stopwatch, { ok: false, message: 'cancelled' });
    assert.ok(shown[1]![0]!.label.startsWith('$(issues) #1 '), `the branch's issue first: ${shown[1]![0]!.label}`);
    assert.equal(shown[1]![0]!.description, '(current branch)');
    assert.equal(shown[1]!.filter((i) => i.description === '(current branch)').length, 1);
  });
});
