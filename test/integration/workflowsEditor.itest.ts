// "Show Pull Request for Current Line", "Create Issue from Selection" and the changed files of a pull request,
// inside a real VS Code on the workspace clone the harness prepared (the harness's server: the test server or
// a real Gitea).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ChangedFile } from '../../src/api';
import { blameLine } from '../../src/git/blame';
import { gitExecutable } from '../harness/gitExecutable';
import { testEnv } from './env';
import { find, registry, replaceMessage, settled, signOut } from './viewsSupport';
import { closeEditors, gitInWorkspace, issuePageTabs, lineFromPullRequest, signInToTarget, waitFor, workspaceUri, type Session } from './workflowsSupport';

interface LineOutcome {
  kind: string;
  pr?: { number: number; title: string };
}

async function openAt(path: string, line: number): Promise<vscode.TextEditor> {
  const editor = await vscode.window.showTextDocument(workspaceUri(path));
  editor.selection = new vscode.Selection(line, 0, line, 0);
  return editor;
}

describe('workflows: the pull request behind a line, issues from a selection, changed files (workspace clone)', function () {
  this.timeout(120_000);
  let session: Session;

  before(async () => {
    session = await signInToTarget();
  });
  after(async () => {
    await closeEditors();
    await signOut(session?.accountId);
  });
  afterEach(closeEditors);

  it('on a line from a merged pull request: shows that pull request', async function () {
    const { repo } = testEnv();
    const candidates = [...new Set([repo.lineFromMergedPull.pull, repo.mergedPull])];
    let found: { index: number; path: string; line: number } | undefined;
    for (const index of candidates) {
      const at = await lineFromPullRequest(session, index);
      if (at) {
        found = { index, ...at };
        break;
      }
    }
    assert.ok(found, `no line of the default branch comes from pull request ${candidates.join(' or ')}`);
    await openAt(found.path, found.line);
    // The user picks the message's first action, "Open Pull Request": its page opens in the editor.
    const info = replaceMessage('showInformationMessage', (_m, items) => (items.includes('Open Pull Request') ? 'Open Pull Request' : undefined));
    try {
      const outcome = await vscode.commands.executeCommand<LineOutcome>('gitea.pullRequestForLine');
      assert.equal(outcome?.kind, 'pullRequest', JSON.stringify(outcome));
      assert.equal(outcome.pr?.number, found.index);
      assert.ok(info.shown.some((m) => m.startsWith(`#${found!.index} ${outcome.pr!.title}`)), info.shown.join('\n'));
      const pageTab = () => issuePageTabs().find((t) => t.label.startsWith(`#${found!.index} `));
      for (let i = 0; i < 100 && !pageTab(); i++) await new Promise((r) => setTimeout(r, 50));
      const tab = pageTab();
      assert.ok(tab, `the page of #${found.index} opened: ${vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => t.label).join(', ')}`);
      await vscode.window.tabGroups.close(tab);
    } finally {
      info.restore();
    }
    // With the opt-in setting, the line's hover names the pull request too.
    const config = vscode.workspace.getConfiguration();
    await config.update('gitea.pullRequestHover', true, vscode.ConfigurationTarget.Global);
    try {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', workspaceUri(found.path), new vscode.Position(found.line, 0));
      // appendText escapes Markdown: `\#` and `&nbsp;` stand for `#` and spaces.
      const text = hovers
        .flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : '')))
        .join('\n')
        .replace(/\\(.)/g, '$1')
        .replace(/&nbsp;/g, ' ');
      assert.match(text, new RegExp(`#${found.index} `), text);
      assert.match(text, /command:gitea\.showChangedFiles/);
      assert.match(text, /\[Open Pull Request\]\(command:gitea\.openIssue\?/);
    } finally {
      await config.update('gitea.pullRequestHover', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('on an uncommitted line: says so, and unsaved edits are taken into account', async () => {
    const editor = await openAt('README.md', 0);
    const original = editor.document.getText();
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), 'A line nobody committed\n'));
    assert.ok(editor.document.isDirty);
    const info = replaceMessage('showInformationMessage', () => undefined);
    try {
      const outcome = await vscode.commands.executeCommand<LineOutcome>('gitea.pullRequestForLine', editor.document.uri, 0);
      assert.equal(outcome?.kind, 'uncommitted');
      assert.match(info.shown.join('\n'), /not committed yet/);
      // The committed first line moved to line 2 of the unsaved text: still committed.
      const shifted = await vscode.commands.executeCommand<LineOutcome>('gitea.pullRequestForLine', editor.document.uri, 1);
      assert.notEqual(shifted?.kind, 'uncommitted');
    } finally {
      info.restore();
      await editor.edit((e) => e.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), original));
      await editor.document.save();
    }
  });

  it('a file outside any repository and a commit without a pull request each get their own message', async () => {
    const info = replaceMessage('showInformationMessage', () => undefined);
    try {
      const untitled = await vscode.workspace.openTextDocument({ content: 'scratch\n' });
      await vscode.window.showTextDocument(untitled);
      const outside = await vscode.commands.executeCommand<LineOutcome>('gitea.pullRequestForLine', untitled.uri, 0);
      assert.equal(outside?.kind, 'noRepository');
      // A line of the very first commit (pushed, not merged) has no pull request.
      const root = (await gitInWorkspace('rev-list', '--max-parents=0', 'HEAD')).trim().split('\n')[0]!;
      let checked = false;
      for (const file of (await gitInWorkspace('ls-tree', '-r', '--name-only', 'HEAD')).split('\n').filter(Boolean)) {
        const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(workspaceUri(file)));
        const blame = await blameLine(testEnv().workspace, file, 1, text, { git: gitExecutable() });
        if (blame.kind !== 'line' || blame.line.sha !== root) continue;
        const direct = await vscode.commands.executeCommand<LineOutcome>('gitea.pullRequestForLine', workspaceUri(file), 0);
        assert.equal(direct?.kind, 'noPullRequest', JSON.stringify(direct));
        assert.match(info.shown.at(-1) ?? '', new RegExp(`No merged pull request contains commit ${root.slice(0, 10)}`));
        checked = true;
        break;
      }
      assert.ok(checked, 'a file whose first line comes from the first commit');
      assert.equal(new Set(info.shown).size, info.shown.length, 'different messages');
    } finally {
      info.restore();
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('Create Issue from Selection: the body starts with a permalink at HEAD and the selected code', async () => {
    const editor = await vscode.window.showTextDocument(workspaceUri('README.md'));
    editor.selection = new vscode.Selection(0, 0, 2, 0);
    const head = (await gitInWorkspace('rev-parse', 'HEAD')).trim();
    const result = await vscode.commands.executeCommand<{ draft: { body: string } }>('gitea.createIssueFromSelection');
    const env = testEnv();
    const link = `${env.url}${env.repo.owner}/${env.repo.name}/src/commit/${head}/README.md#L1-L2`;
    const code = editor.document.getText(new vscode.Range(0, 0, 2, 0)).replace(/\n$/, '');
    assert.equal(result.draft.body, `${link}\n\n\`\`\`markdown\n${code}\n\`\`\`\n`);
    // Leave no draft behind.
    await vscode.commands.executeCommand('gitea.createIssue', { repo: session.repo, draft: { title: '', body: '' } });
  });

  it('changed files: every page, then a diff editor between merge base and head for a file', async () => {
    const { owner, repo } = session.repo;
    const index = testEnv().repo.openPull;
    const result = await vscode.commands.executeCommand<{ files: ChangedFile[]; whitespace: string }>('gitea.showChangedFiles', { repo: session.repo, pr: { number: index } });
    const truth: ChangedFile[] = [];
    for await (const f of session.client.paginate('repoGetPullRequestFiles', { owner, repo, index })) truth.push(f);
    assert.deepEqual(result.files.map((f) => f.filename).sort(), truth.map((f) => f.filename).sort());
    assert.equal(result.whitespace, 'show-all');

    const pr = await session.client.repoGetPullRequest({ owner, repo, index });
    const rename = testEnv().repo.openPullRename;
    const file = result.files.find((f) => f.status === 'renamed' && f.filename === rename.to);
    assert.ok(file, `the open pull request renames ${rename.from} to ${rename.to}: ${result.files.map((f) => `${f.status} ${f.filename}`).join(', ')}`);
    assert.equal(file.previous_filename, rename.from);
    const sides = await vscode.commands.executeCommand<{ left: vscode.Uri; right: vscode.Uri; title: string }>('gitea.openChangedFile', session.repo, index, file);
    const tab = await waitFor('the diff editor', () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff ? input : undefined;
    });
    assert.equal(tab.original.toString(), sides.left.toString());
    assert.equal(tab.modified.toString(), sides.right.toString());
    const base = pr.merge_base ?? pr.base!.sha!;
    const left = await vscode.workspace.openTextDocument(sides.left);
    const right = await vscode.workspace.openTextDocument(sides.right);
    // Left: the old path at the merge base; right: the new path at the head, edited.
    assert.equal(left.getText(), await gitInWorkspace('show', `${base}:${rename.from}`));
    assert.equal(right.getText(), await gitInWorkspace('show', `${pr.head!.sha}:${rename.to}`));
    assert.ok(left.getText().includes(rename.keptText) && right.getText().includes(rename.keptText), 'the same file on both sides');
    assert.ok(!left.getText().includes(rename.addedText) && right.getText().includes(rename.addedText), 'edited on the right only');

    // Added files are compared with an empty left side, deleted ones with an empty right side.
    const added = result.files.find((f) => f.status === 'added');
    assert.ok(added, 'the open pull request adds a file');
    const a = await vscode.commands.executeCommand<{ left: vscode.Uri; right: vscode.Uri }>('gitea.openChangedFile', session.repo, index, added);
    assert.equal((await vscode.workspace.openTextDocument(a.left)).getText(), '');
    assert.equal((await vscode.workspace.openTextDocument(a.right)).getText(), await gitInWorkspace('show', `${pr.head!.sha}:${added.filename}`));
    const deleted = result.files.find((f) => f.status === 'deleted');
    assert.ok(deleted, 'the open pull request deletes a file');
    const d = await vscode.commands.executeCommand<{ left: vscode.Uri; right: vscode.Uri }>('gitea.openChangedFile', session.repo, index, deleted);
    assert.equal((await vscode.workspace.openTextDocument(d.left)).getText(), await gitInWorkspace('show', `${base}:${deleted.filename}`));
    assert.equal((await vscode.workspace.openTextDocument(d.right)).getText(), '');
  });

  it('from the Pull Requests view: "Show Changed Files" on a pull request, and a click on one of its files', async () => {
    const index = testEnv().repo.openPull;
    await vscode.commands.executeCommand('gitea.selectRepository', { owner: session.repo.owner, repo: session.repo.repo, instanceUrl: session.repo.instanceUrl });
    const views = await registry();
    views.pullRequests.refresh();
    const pr = find(await settled(views.pullRequests), `#${index} `);
    const result = await vscode.commands.executeCommand<{ files: ChangedFile[] }>('gitea.showChangedFiles', pr);
    assert.ok(result?.files.length, 'the view item names the pull request');
    // The Pull Requests view's own file items open the same diff.
    const files = (await settled(views.pullRequests, pr)).filter((n) => /\bchangedFile\b/.test(n.item.contextValue ?? ''));
    assert.ok(files.length > 0, 'the pull request item lists its files');
    await closeEditors();
    await vscode.commands.executeCommand(files[0]!.item.command!.command, ...(files[0]!.item.command!.arguments ?? []));
    await waitFor('the diff editor', () => vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputTextDiff);
    await vscode.commands.executeCommand('gitea.changedFiles.close');
  });

  it('changed files: the whitespace option is sent and the list reloads with it', async () => {
    const { owner, repo } = session.repo;
    const index = testEnv().repo.openPull;
    const config = vscode.workspace.getConfiguration();
    await config.update('gitea.changedFiles.whitespace', 'ignore-all', vscode.ConfigurationTarget.Global);
    try {
      const result = await vscode.commands.executeCommand<{ files: ChangedFile[]; whitespace: string }>('gitea.showChangedFiles', { repo: session.repo, pr: { number: index } });
      assert.equal(result.whitespace, 'ignore-all');
      const truth = (await session.client.repoGetPullRequestFiles({ owner, repo, index, whitespace: 'ignore-all', limit: 50 })).items;
      const counts = (files: readonly ChangedFile[]) => files.map((f) => `${f.filename} +${f.additions} -${f.deletions}`).sort();
      assert.deepEqual(counts(result.files), counts(truth));
    } finally {
      await config.update('gitea.changedFiles.whitespace', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('gitea.changedFiles.close');
    }
  });
});
