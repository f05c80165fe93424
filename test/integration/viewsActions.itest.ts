// The views' actions inside the extension host: Remove Dependency from either side (and the 423 of an archived
// repository), Create Release (and Edit and Retry keeping what was typed), Show Log (and a job that has not
// started), and CI Jobs refreshing itself while jobs run, backing off, stopping when hidden or when none runs.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { JobData } from '../../src/views/ciJobsView';
import type { ViewsRegistry } from '../../src/views/registry';
import type { TreeNode } from '../../src/views/treeNode';
import { startTestServer, type TestServer } from '../server/index';
import { scriptQuickInputs } from './viewsQuickInput';
import { api, dataNodes, describeNodes, find, label, registry, replaceMessage, requestsTo, settled, signInAndSelect, signOut, sleep } from './viewsSupport';

describe('views: actions', function () {
  this.timeout(240_000);
  let server: TestServer;
  let views: ViewsRegistry;
  let accountId: string | undefined;

  before(async () => {
    server = await startTestServer();
    views = await registry();
    accountId = await signInAndSelect(server.url);
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signOut(accountId);
    await server?.close();
  });

  /** The "Blocks" or "Depends on" group of issue `index` in the repository's section. */
  async function group(index: number, which: 'Blocks' | 'Depends on'): Promise<TreeNode> {
    const issue = find(await settled(views.issues), `#${index} `);
    return find(await settled(views.issues, issue), which);
  }

  it('Remove Dependency from the "Depends on" side and from the "Blocks" side', async () => {
    views.issues.refresh();
    const confirm = replaceMessage('showWarningMessage', (_m, items) => items[0]);
    const info = replaceMessage('showInformationMessage', () => undefined);
    try {
      const deps = await group(2, 'Depends on');
      const [one] = dataNodes(await settled(views.issues, deps));
      assert.match(label(one!), /^#1 /);
      const from = server.requests.length;
      assert.equal(await vscode.commands.executeCommand('gitea.issues.removeDependency', one), true);
      assert.match(confirm.shown[0]!, /alice\/demo#2 depends on alice\/demo#1/);
      const [del] = requestsTo(server, '/repos/alice/demo/issues/2/dependencies', from);
      assert.equal(del!.method, 'DELETE');
      assert.deepEqual(del!.body, { index: 1, owner: 'alice', repo: 'demo' });
      assert.equal(del!.status, 201);
      assert.deepEqual(dataNodes(await settled(views.issues, await group(2, 'Depends on'))), [], 'reloaded without it');

      const blocks = await group(1, 'Blocks');
      const seven = find(dataNodes(await settled(views.issues, blocks)), '#7 ');
      const from2 = server.requests.length;
      assert.equal(await vscode.commands.executeCommand('gitea.issues.removeDependency', seven), true);
      const [del2] = requestsTo(server, '/repos/alice/demo/issues/7/dependencies', from2);
      assert.equal(del2!.method, 'DELETE');
      assert.deepEqual(del2!.body, { index: 1, owner: 'alice', repo: 'demo' }, 'sent from the dependent issue #7');
      assert.deepEqual(dataNodes(await settled(views.issues, await group(1, 'Blocks'))), []);
    } finally {
      confirm.restore();
      info.restore();
    }
  });

  it('Remove Dependency on an archived repository: the 423 is told as such', async () => {
    await api(server, 'PATCH', '/repos/alice/demo', { archived: true });
    const confirm = replaceMessage('showWarningMessage', (_m, items) => items[0]);
    const errors = replaceMessage('showErrorMessage', () => undefined);
    try {
      views.issues.refresh();
      const [five] = dataNodes(await settled(views.issues, await group(7, 'Depends on')));
      assert.match(label(five!), /^#5 /);
      const from = server.requests.length;
      assert.equal(await vscode.commands.executeCommand('gitea.issues.removeDependency', five), false);
      assert.equal(requestsTo(server, '/repos/alice/demo/issues/7/dependencies', from)[0]!.status, 423);
      assert.equal(errors.shown.length, 1);
      assert.match(errors.shown[0]!, /alice\/demo is archived/);
    } finally {
      confirm.restore();
      errors.restore();
      await api(server, 'PATCH', '/repos/alice/demo', { archived: false });
    }
  });

  it('Create Release: the steps send what was typed; after a 409, Edit and Retry keeps every value', async () => {
    const errors = replaceMessage('showErrorMessage', () => 'Edit and Retry');
    const info = replaceMessage('showInformationMessage', () => undefined);
    const { seen, restore } = scriptQuickInputs([
      (ui) => ui.accept(server.fixtures.repos.demo.releases.published), // a tag that already has a release
      async (ui) => {
        await ui.loaded();
        assert.equal(ui.items[0]?.label, 'main', 'the default branch is offered first');
        ui.pick('main');
      },
      (ui) => ui.accept('Second try'),
      (ui) => ui.accept('Notes with **markdown**'),
      (ui) => ui.pick('Pre-release'),
      // After the 409: back at the tag, with the refusal shown; the other steps keep their values.
      (ui) => ui.accept('v9.9.9'),
      async (ui) => {
        await ui.loaded();
        ui.accept();
      },
      (ui) => ui.accept(),
      (ui) => ui.accept(),
      (ui) => ui.accept(),
    ]);
    try {
      const from = server.requests.length;
      const release = await vscode.commands.executeCommand<{ tag_name: string } | undefined>('gitea.releases.create');
      assert.equal(release?.tag_name, 'v9.9.9');
      const posts = requestsTo(server, '/repos/alice/demo/releases', from).filter((r) => r.method === 'POST');
      assert.deepEqual(
        posts.map((p) => p.status),
        [409, 201],
      );
      const expected = { target_commitish: 'main', name: 'Second try', body: 'Notes with **markdown**', draft: false, prerelease: true };
      assert.deepEqual(posts[0]!.body, { tag_name: server.fixtures.repos.demo.releases.published, ...expected });
      assert.deepEqual(posts[1]!.body, { tag_name: 'v9.9.9', ...expected });
      assert.match(errors.shown[0]!, /already has a release/);
      const retried = seen.slice(5);
      assert.equal(retried[0]!.value, server.fixtures.repos.demo.releases.published);
      assert.match(retried[0]!.validationMessage ?? '', /already has a release/);
      assert.deepEqual(retried.slice(1).map((s) => s.value), ['main', 'Second try', 'Notes with **markdown**', '']);
      const nodes = dataNodes(await settled(views.releases));
      assert.match(String(find(nodes, 'v9.9.9').item.description), /\[pre-release\]/, describeNodes(nodes));
    } finally {
      restore();
      errors.restore();
      info.restore();
    }
  });

  /** The job items of every run (CI Jobs lists runs; their jobs show when a run is expanded). */
  async function allJobs(): Promise<TreeNode[]> {
    const jobs: TreeNode[] = [];
    for (const run of dataNodes(await settled(views.ciJobs))) jobs.push(...dataNodes(await settled(views.ciJobs, run)));
    return jobs;
  }
  const jobOf = (n: TreeNode) => (n.data as JobData).job;

  it('Show Log opens the job log read-only; a job that has not started says so', async () => {
    views.ciJobs.refresh();
    const jobs = await allJobs();
    const done = jobs.find((n) => jobOf(n).status === 'completed' && jobOf(n).steps.length > 0);
    assert.ok(done, describeNodes(jobs));
    const from = server.requests.length;
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('gitea.ciJobs.showLog', done);
    assert.ok(editor, 'an editor opened');
    assert.equal(editor.document.uri.scheme, 'gitea-log');
    assert.equal(editor.document.languageId, 'log');
    assert.match(editor.document.getText(), /^▼ /m, 'each step titled, the runner\'s markers gone');
    assert.equal(requestsTo(server, `/repos/alice/demo/actions/jobs/${jobOf(done).id}/logs`, from).length, 1);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

    const queued = jobs.find((n) => jobOf(n).status === 'queued');
    assert.ok(queued, describeNodes(jobs));
    const info = replaceMessage('showInformationMessage', () => undefined);
    try {
      const none = await vscode.commands.executeCommand('gitea.ciJobs.showLog', queued);
      assert.equal(none, undefined);
      assert.equal(info.shown.length, 1);
      assert.match(info.shown[0]!, /has not started yet/);
    } finally {
      info.restore();
    }
  });

  it('gitea.ciJobs.refreshSeconds: 0 turns the refresh off; another value is the first wait', async () => {
    const config = vscode.workspace.getConfiguration('gitea');
    try {
      await config.update('ciJobs.refreshSeconds', 0, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('gitea.ciJobs.focus');
      views.ciJobs.refresh();
      await settled(views.ciJobs);
      await sleep(1500);
      assert.equal(views.ciJobs.polling, false, 'runs are queued or running, but the refresh is off');
      await config.update('ciJobs.refreshSeconds', 2, vscode.ConfigurationTarget.Global);
      views.ciJobs.refresh();
      await settled(views.ciJobs);
      for (let i = 0; i < 20 && !views.ciJobs.polling; i++) await sleep(100);
      assert.equal(views.ciJobs.polling, true);
      assert.equal(views.ciJobs.pollDelayMs, 4_000, 'first poll after 2 s, the next one 4 s later');
    } finally {
      await config.update('ciJobs.refreshSeconds', undefined, vscode.ConfigurationTarget.Global);
      views.ciJobs.refresh();
      await settled(views.ciJobs);
    }
  });

  it('CI Jobs refreshes itself while runs are active, backs off, stops when hidden and when none runs', async () => {
    await vscode.commands.executeCommand('gitea.ciJobs.focus');
    views.ciJobs.refresh();
    await settled(views.ciJobs);
    // The view's visibility reaches the extension host a moment after the focus command: polling starts then.
    for (let i = 0; i < 20 && !views.ciJobs.polling; i++) await sleep(100);
    const visible = (views.ciJobs as unknown as { view?: vscode.TreeView<unknown> }).view?.visible;
    assert.equal(views.ciJobs.polling, true, `runs are queued or running (view visible: ${visible})`);
    assert.equal(views.ciJobs.pollDelayMs, 10_000, 'first poll after 5 s, the next one 10 s later');
    const running = dataNodes(await settled(views.ciJobs)).find((r) => /\bin_progress\b/.test(String(r.item.description)));
    assert.ok(running, 'a running run');
    await settled(views.ciJobs, running); // its jobs are on screen: they follow the polls
    const runJobs = `/repos/alice/demo/actions/runs/${(running.data as { id: number }).id}/jobs`;
    const from = server.requests.length;
    for (let i = 0; i < 40 && requestsTo(server, '/repos/alice/demo/actions/runs', from).length === 0; i++) await sleep(250);
    assert.equal(requestsTo(server, '/repos/alice/demo/actions/runs', from).length, 1, 'polled once within ~5 s');
    for (let i = 0; i < 20 && requestsTo(server, runJobs, from).length === 0; i++) await sleep(100);
    assert.equal(requestsTo(server, runJobs, from).length, 1, 'the jobs of the open running run were fetched again');

    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    for (let i = 0; i < 20 && views.ciJobs.polling; i++) await sleep(100);
    assert.equal(views.ciJobs.polling, false, 'no polling while the view is hidden');
    await vscode.commands.executeCommand('gitea.ciJobs.focus');
    for (let i = 0; i < 20 && !views.ciJobs.polling; i++) await sleep(100);
    assert.equal(views.ciJobs.polling, true, 'polling again when shown');

    // The runs finish (on Gitea a run's status follows its jobs').
    for (const rec of [...server.state.jobs, ...server.state.runs]) if (['running', 'waiting', 'blocked'].includes(rec.status)) rec.status = 'success';
    for (let i = 0; i < 120 && views.ciJobs.polling; i++) await sleep(250);
    assert.equal(views.ciJobs.polling, false, 'stopped: no run is queued or running');
    const runs = dataNodes(await settled(views.ciJobs));
    assert.ok(runs.every((r) => /\bfinished\b/.test(r.item.contextValue ?? '')), describeNodes(runs));
  });
});
