// What the rows of the views say (Gitea 1.27 test server started in this process): an issue row shows its labels
// and its age; relative dates of one render come from one clock (an issue and its dependencies agree); a renamed
// file in Changed Files reads `old → new`; signed out, only the first view carries the sign-in welcome.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { TreeNode as FileNode } from '../../src/views/changedFiles/model';
import type { ViewsRegistry } from '../../src/views/registry';
import { startTestServer, type TestServer } from '../server/index';
import { EXTENSION_ID, dataNodes, describeNodes, find, label, registry, settled, signInAndSelect, signOut } from './viewsSupport';

/** "9 min. ago" the way the views write it (Intl, short style, in the editor's language). */
function minutesAgo(n: number): string {
  return new Intl.RelativeTimeFormat(vscode.env.language, { numeric: 'auto', style: 'short' }).format(-n, 'minute');
}

/** Shifts Date.now (the clock the views read) by `ms` until `restore()`. */
function shiftClock(ms: number): { restore(): void } {
  const real = Date.now;
  Date.now = () => real() + ms;
  return { restore: () => (Date.now = real) };
}

describe('views: what the rows say (Gitea 1.27)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let views: ViewsRegistry;
  let accountId: string | undefined;

  before(async () => {
    server = await startTestServer();
    views = await registry();
    accountId = await signInAndSelect(server.url);
  });
  after(async () => {
    await signOut(accountId);
    await server?.close();
  });

  it('an issue row shows its labels and its age; its dependencies count the age from the same clock', async () => {
    // #2 "Add dark mode" (label enhancement) depends on #1 "Crash when opening settings" (label bug); both were
    // updated 9 min 20 s ago. The dependency list is opened 50 s after the issue list was rendered: with a clock
    // per render it would say 10 min while its parent says 9.
    const demo = server.state.repoByName('alice', 'demo')!;
    const updated = new Date(Date.now() - 560_000);
    for (const index of [1, 2]) server.state.issueByIndex(demo.id, index)!.updated = updated;
    views.issues.refresh();
    const issues = (await settled(views.issues)).filter((n) => /\bissue\b/.test(n.item.contextValue ?? ''));
    const two = find(issues, '#2 ');
    assert.equal(two.item.description, `enhancement · ${minutesAgo(9)}`, describeNodes(issues));
    assert.equal(find(issues, '#1 ').item.description, `bug · ${minutesAgo(9)}`);

    const later = shiftClock(50_000);
    try {
      const [, dependsOn] = await settled(views.issues, two);
      const deps = dataNodes(await settled(views.issues, dependsOn));
      assert.equal(deps.length, 1, describeNodes(deps));
      assert.equal(label(deps[0]!), '#1 Crash when opening settings');
      assert.equal(deps[0]!.item.description, `bug · ${minutesAgo(9)}`, 'the child agrees with its parent');
    } finally {
      later.restore();
    }
  });

  it('Changed Files: a renamed file reads `old → new`', async () => {
    const index = server.fixtures.repos.demo.pulls.open;
    const repo = { instanceUrl: server.url, owner: 'alice', repo: 'demo', accountId };
    try {
      const result = await vscode.commands.executeCommand<{ files: { filename: string; status: string; previous_filename?: string }[] }>('gitea.showChangedFiles', {
        repo,
        pr: { number: index },
      });
      const renamed = result.files.find((f) => f.status === 'renamed');
      assert.deepEqual(renamed && [renamed.previous_filename, renamed.filename], ['src/util.ts', 'src/utils/strings.ts'], 'precondition: #6 renames a file');
      const provider = await vscode.commands.executeCommand<vscode.TreeDataProvider<FileNode>>('gitea.changedFiles.provider');
      const rows: string[] = [];
      const walk = async (nodes: readonly FileNode[]): Promise<void> => {
        for (const n of nodes) {
          if (n.kind === 'folder') await walk((await provider.getChildren(n)) ?? []);
          else {
            const l = (await provider.getTreeItem(n)).label;
            rows.push(typeof l === 'string' ? l : (l?.label ?? ''));
          }
        }
      };
      await walk((await provider.getChildren()) ?? []);
      assert.ok(rows.includes('src/util.ts → strings.ts'), rows.join(' | '));
      assert.ok(!rows.includes('strings.ts'), 'the rename is not shown as a plain file');
    } finally {
      await vscode.commands.executeCommand('gitea.changedFiles.close');
    }
  });
});

describe('views: the signed-out welcome', () => {
  interface Welcome {
    view: string;
    contents: string;
    when?: string;
  }
  const ext = () => vscode.extensions.getExtension(EXTENSION_ID)!;
  /** The welcome entries with their text (the manifest's %keys% resolved from package.nls.json). */
  function signedOutWelcome(): Welcome[] {
    const manifest = ext().packageJSON as { contributes: { viewsWelcome: Welcome[] } };
    const nls = JSON.parse(readFileSync(join(ext().extensionPath, 'package.nls.json'), 'utf8')) as Record<string, string>;
    return manifest.contributes.viewsWelcome
      .filter((w) => w.when === '!gitea.signedIn')
      .map((w) => ({ ...w, contents: w.contents.replace(/^%([^%]+)%$/, (_, key: string) => nls[key] ?? w.contents) }));
  }
  /** A line that is only a link is drawn as a button. */
  const hasSignInButton = (w: Welcome) => /^\[[^\]]+\]\(command:gitea\.signIn\)$/m.test(w.contents);

  it('shows the Sign In button once, in the first view; the other views get one short line', () => {
    const views = (ext().packageJSON as { contributes: { views: { gitea: { id: string; when?: string }[] } } }).contributes.views.gitea;
    const first = views[0]!.id;
    const welcome = signedOutWelcome();
    assert.deepEqual(welcome.filter(hasSignInButton).map((w) => w.view), [first]);
    for (const view of views.filter((v) => v.id !== first && !v.when)) {
      const entries = welcome.filter((w) => w.view === view.id);
      assert.equal(entries.length, 1, `${view.id}: ${JSON.stringify(entries)}`);
      assert.equal(entries[0]!.contents.split('\n').length, 1, `${view.id}: one line`);
      assert.ok(entries[0]!.contents.length < 80, `${view.id}: short (${entries[0]!.contents})`);
    }
  });
});
