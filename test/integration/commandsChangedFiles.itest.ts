// The Changed Files commands, run as their buttons and rows run them, against a Gitea 1.27 test server started in
// this process (pull request #6 of alice/demo): Open Diff from a Pull Requests row opens the diff of the file's two
// sides as the server has them, View as List / View as Tree change the setting and the rows, Whitespace… reloads
// the list with the mode chosen, Refresh asks the server again. Each test shows the pull request it needs.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestServer } from '../server/index';
import { answerPrompt, pickLabels } from './commandsSupport';
import { demoSession } from './demoSession';
import { api, hasContext, label, registry, requestsTo, settled } from './viewsSupport';
import { waitFor } from './workflowsSupport';

interface Row {
  kind: 'file' | 'folder';
  name: string;
  children?: Row[];
}
interface ChangedFilesProvider extends vscode.TreeDataProvider<Row> {
  current?: { index: number; loading: boolean; files: readonly { filename: string }[] };
}

const LAYOUT = 'gitea.changedFiles.layout';
const WHITESPACE = 'gitea.changedFiles.whitespace';

describe('commands of Changed Files: Open Diff, View as List / Tree, Whitespace…, Refresh (Gitea 1.27 test server)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let repo: { instanceUrl: string; owner: string; repo: string; accountId?: string };
  const index = 6;

  demoSession((s) => ({ server, repo } = s), { closeEditors: true });
  after(async () => {
    const config = vscode.workspace.getConfiguration();
    await config.update(LAYOUT, undefined, vscode.ConfigurationTarget.Global);
    await config.update(WHITESPACE, undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('gitea.changedFiles.close');
    // The review threads of this file's server are dropped: the next file's server has the same pull requests.
    await vscode.commands.executeCommand('gitea.review.reset');
  });

  const provider = async () => (await vscode.commands.executeCommand<ChangedFilesProvider>('gitea.changedFiles.provider'))!;
  const show = () => vscode.commands.executeCommand<{ files: { filename: string }[]; whitespace: string }>('gitea.showChangedFiles', { repo, index });
  const topRows = async () => ((await (await provider()).getChildren()) ?? []) as Row[];
  const filesCalls = (from: number) => requestsTo(server, `/repos/alice/demo/pulls/${index}/files`, from);

  it('Open Diff (a file row of the Pull Requests view): the diff of the file at the merge base and at the head', async () => {
    const views = await registry();
    views.pullRequests.setPullState('open');
    views.pullRequests.refresh();
    const pr = (await settled(views.pullRequests)).find((n) => label(n).startsWith(`#${index} `));
    assert.ok(pr, `#${index} is listed`);
    const row = (await settled(views.pullRequests, pr)).find((n) => hasContext(n, 'changedFile') && label(n) === 'main.ts');
    assert.ok(row, 'src/main.ts is a row of the pull request');
    const sides = await vscode.commands.executeCommand<{ left: vscode.Uri; right: vscode.Uri }>('gitea.changedFiles.openDiff', row.data);
    assert.ok(sides, 'the diff opened');
    const tab = await waitFor('the diff editor', () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff ? input : undefined;
    });
    assert.deepEqual([tab.original.toString(), tab.modified.toString()], [sides.left.toString(), sides.right.toString()]);
    const pull = await api<{ head: { sha: string }; merge_base: string }>(server, 'GET', `/repos/alice/demo/pulls/${index}`);
    const raw = async (ref: string) => (await fetch(`${server.apiUrl}/repos/alice/demo/raw/src/main.ts?ref=${ref}`)).text();
    assert.equal((await vscode.workspace.openTextDocument(sides.right)).getText(), await raw(pull.head.sha));
    assert.equal((await vscode.workspace.openTextDocument(sides.left)).getText(), await raw(pull.merge_base));
  });

  it('View as List shows every file as one row by its path; View as Tree groups them in folders again', async () => {
    const { files } = await show();
    assert.ok(files.some((f) => f.filename.includes('/')), 'precondition: files in folders');
    await vscode.commands.executeCommand('gitea.changedFiles.viewAsList');
    assert.equal(vscode.workspace.getConfiguration().get(LAYOUT), 'list');
    const list = await waitFor('the list', async () => {
      const rows = await topRows();
      return rows.every((r) => r.kind === 'file') && rows;
    });
    assert.deepEqual(list.map((r) => r.name).sort(), files.map((f) => f.filename).sort());

    await vscode.commands.executeCommand('gitea.changedFiles.viewAsTree');
    assert.equal(vscode.workspace.getConfiguration().get(LAYOUT), 'tree');
    const tree = await waitFor('the tree', async () => {
      const rows = await topRows();
      return rows.some((r) => r.kind === 'folder') && rows;
    });
    assert.ok(tree.some((r) => r.kind === 'folder' && r.name.startsWith('src')), JSON.stringify(tree.map((r) => [r.kind, r.name])));
    assert.ok(tree.length < list.length, 'fewer top rows in the tree');
  });

  it('Whitespace…: the mode chosen is saved and the list is read again with it', async () => {
    await vscode.workspace.getConfiguration().update(WHITESPACE, undefined, vscode.ConfigurationTarget.Global);
    await show();
    const from = server.requests.length;
    const pick = answerPrompt('showQuickPick', pickLabels(['Ignore all whitespace']));
    try {
      await vscode.commands.executeCommand('gitea.changedFiles.setWhitespace');
    } finally {
      pick.restore();
    }
    const offered = (pick.calls[0]?.first as vscode.QuickPickItem[]).map((i) => `${i.label} (${i.description})`);
    assert.deepEqual(offered[0], 'Show all whitespace changes (current)');
    assert.equal(vscode.workspace.getConfiguration().get(WHITESPACE), 'ignore-all');
    const reread = await waitFor('the list read again', () => filesCalls(from).length > 0 && filesCalls(from));
    assert.deepEqual(reread.map((r) => r.query.whitespace), ['ignore-all']);
    // With the mode as its argument (no question).
    const next = server.requests.length;
    await vscode.commands.executeCommand('gitea.changedFiles.setWhitespace', 'ignore-eol');
    assert.equal(vscode.workspace.getConfiguration().get(WHITESPACE), 'ignore-eol');
    assert.deepEqual((await waitFor('the list read again', () => filesCalls(next).length > 0 && filesCalls(next))).map((r) => r.query.whitespace), ['ignore-eol']);
    await vscode.workspace.getConfiguration().update(WHITESPACE, undefined, vscode.ConfigurationTarget.Global);
  });

  it('Refresh reads the files of the pull request shown again and lists them', async () => {
    await show();
    const from = server.requests.length;
    await vscode.commands.executeCommand('gitea.changedFiles.refresh');
    assert.ok(filesCalls(from).length >= 1, 'the files are asked for again');
    assert.equal(requestsTo(server, `/repos/alice/demo/pulls/${index}`, from).length >= 1, true, 'and the pull request (its title, its head for the diffs)');
    const view = await provider();
    assert.equal(view.current?.index, index);
    assert.equal(view.current?.loading, false);
    const truth = await api<{ filename: string }[]>(server, 'GET', `/repos/alice/demo/pulls/${index}/files?limit=50`);
    assert.deepEqual(view.current?.files.map((f) => f.filename).sort(), truth.map((f) => f.filename).sort());
  });
});
