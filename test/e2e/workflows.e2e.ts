// The editor workflows as a user works them: the Create Issue form filled with the mouse and keyboard (a second
// test server started in this process records exactly what it received), a failed creation that survives a
// window reload, the pull request behind the current line, a changed file's diff, and a deploy key added,
// found by its fingerprint and removed — all but the form's request check on the server in use (test or real).
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FrameLocator } from 'playwright-core';
import { parsePublicKey } from '../../src/commands/deployKeys/sshKey';
import { sshEd25519PublicKey, startTestServer, type TestServer } from '../server/index';
import { requires, session } from './session';
import { VscodePage } from './vscodePage';
import { signInWithToken as signIn, activeWebview as issueForm, onlyPane, runCommandWhenListed, runCommandAndType } from './steps';

/** Opens a workspace file with Quick Open and puts the cursor on `line` (1-based) with Go to Line. */
async function openFileAtLine(vs: VscodePage, path: string, line: number): Promise<void> {
  await vs.closeQuickInput();
  await vs.page.keyboard.press('Control+P');
  await vs.fillQuickInput(path, { submit: false });
  await vs.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: path.split('/').pop()! }).first().click();
  await vs.page.locator('.monaco-editor .view-lines').first().waitFor();
  await goToLine(vs, line);
}

/** Go to Line (Ctrl+G): its input starts with ":" followed by the line number. */
async function goToLine(vs: VscodePage, line: number): Promise<void> {
  await vs.page.keyboard.press('Control+G');
  await vs.fillQuickInput(`:${line}`);
  await vs.page.locator('.part.statusbar', { hasText: `Ln ${line},` }).waitFor();
}

async function closeEditors(vs: VscodePage): Promise<void> {
  await vs.closeQuickInput();
  await vs.runCommand('View: Close All Editors');
  const dontSave = vs.page.locator('.monaco-dialog-box .monaco-button', { hasText: /Don.t Save/ });
  if (await dontSave.isVisible().catch(() => false)) await dontSave.click();
}

/** Archives or unarchives the suites' repository through the API, as its owner. */
async function setArchived(archived: boolean): Promise<void> {
  const { target } = session();
  const res = await fetch(`${target.apiUrl}/repos/${target.repo.owner}/${target.repo.name}`, {
    method: 'PATCH',
    headers: { authorization: `token ${target.user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ archived }),
  });
  assert.equal(res.status, 200, `${archived ? 'archiving' : 'unarchiving'} the repository: HTTP ${res.status} ${await res.text()}`);
}

/** Gitea 1.27 added `projects` to a new issue; older servers and Forgejo drop the ids (the form's rule). */
function takesProjectIds(flavor: string, version: string): boolean {
  const m = /^(\d+)\.(\d+)/.exec(version);
  return flavor === 'gitea' && !!m && (Number(m[1]) > 1 || Number(m[2]) >= 27);
}

describe('editor workflows', function () {
  this.timeout(300_000);
  let vs: VscodePage;
  let own: TestServer;

  before(async function () {
    own = await startTestServer();
    vs = await VscodePage.open({ viewport: { width: 1500, height: 1000 } });
    const { target } = session();
    await signIn(vs, target.url, target.user.username, target.user.token!);
  });
  after(async function () {
    await vs?.close();
    await own?.close();
  });

  it('a failed creation followed by a window reload still has the draft', async function () {
    // The repository is archived while the user types (as a colleague might): the server refuses the issue (423)
    // on every Gitea version, and nothing typed may be lost.
    const { target } = session();
    await vs.runCommand('Gitea: Create Issue…');
    const form = issueForm(vs);
    await form.locator('#title').fill('A draft that survives a reload');
    await form.locator('#body').fill('Every **word** of this description\nis still here.');
    await setArchived(true);
    try {
      await form.locator('#create').click();
      await form.locator('#archived:not([hidden])').waitFor({ timeout: 30_000 });
      assert.match(await form.locator('#archived-text').innerText(), new RegExp(`${target.repo.owner}/${target.repo.name} is archived`));

      await vs.page.reload();
      await vs.waitForWorkbench();
      // VS Code restores the form; if it did not, opening it again shows the kept draft.
      const restored = await issueForm(vs).locator('#title').waitFor({ timeout: 20_000 }).then(() => true, () => false);
      // After a reload the palette lists the command once the extension host registered it again.
      if (!restored) await runCommandWhenListed(vs, 'Gitea: Create Issue…');
      const again = issueForm(vs);
      await assert.doesNotReject(again.locator('#title').waitFor({ timeout: 30_000 }));
      await waitForValue(again.locator('#title'), 'A draft that survives a reload');
      assert.equal(await again.locator('#body').inputValue(), 'Every **word** of this description\nis still here.');
      // Preview renders the Markdown.
      await again.locator('#tab-preview').click();
      await again.locator('#preview strong', { hasText: 'word' }).waitFor();
      await again.locator('#tab-write').click();
      // Leave nothing behind: the draft is discarded (with confirmation).
      await again.locator('#discard').click();
      await vs.page.locator('.monaco-dialog-box .monaco-button', { hasText: 'Discard' }).click();
      await waitForValue(again.locator('#title'), '');
    } finally {
      await setArchived(false);
      await closeEditors(vs);
    }
  });

  it('the Projects field: an unknown project is refused next to it (Gitea 1.27+), or the field says the server drops project ids', async function () {
    const { target } = session();
    await vs.runCommand('Gitea: Create Issue…');
    const form = issueForm(vs);
    const projects = form.locator('#projects');
    await form.locator('#field-labels .check, #field-labels .muted').first().waitFor({ timeout: 30_000 });
    // The form's rule (by version) must agree with what this server did with an unknown project id when provisioned.
    assert.equal(takesProjectIds(target.flavor, target.version), !target.unsupported.issueProjects, `the version rule disagrees with the server: ${target.unsupported.issueProjects ?? 'it refused an unknown project'}`);
    if (takesProjectIds(target.flavor, target.version)) {
      await form.locator('#title').fill('Filed into a project that does not exist');
      await projects.fill('987654');
      await form.locator('#create').click();
      await form.locator('#error-projects').filter({ hasText: /\S/ }).waitFor({ timeout: 30_000 });
      assert.match(await form.locator('#error-projects').innerText(), /project/i);
      assert.equal(await form.locator('#title').inputValue(), 'Filed into a project that does not exist');
      await vs.screenshot('workflows-create-issue-failed');
      await form.locator('#discard').click();
      await vs.page.locator('.monaco-dialog-box .monaco-button', { hasText: 'Discard' }).click();
      await waitForValue(form.locator('#title'), '');
    } else {
      // Gitea before 1.27 answers 201 and drops project ids: the field is disabled and says so.
      assert.equal(await projects.isDisabled(), true);
      assert.match(await form.locator('#projects-help').innerText(), /drops the project ids/);
      process.stdout.write(`      Gitea ${target.version}: the Projects field is disabled and says why (the server drops project ids)\n`);
    }
    await closeEditors(vs);
  });

  it('creates an issue with labels, milestone, assignee and due date: the server receives exactly those ids', async function () {
    const { alice } = own.fixtures.users;
    await signIn(vs, own.url, alice.login, alice.tokens.all);
    await vs.selectOtherRepository(new URL(own.url).host, 'alice/demo');

    const auth = { authorization: `token ${alice.tokens.all}` };
    const labels = (await (await fetch(`${own.apiUrl}/repos/alice/demo/labels`, { headers: auth })).json()) as { id: number; name: string }[];
    const milestones = (await (await fetch(`${own.apiUrl}/repos/alice/demo/milestones?state=open`, { headers: auth })).json()) as { id: number; title: string }[];
    const [l1, l2] = labels;
    const milestone = milestones[0]!;
    assert.ok(l1 && l2 && milestone);

    const from = own.requests.length;
    await vs.runCommand('Gitea: Create Issue…');
    const form = issueForm(vs);
    await form.locator(`#label-${l1.id}`).waitFor({ timeout: 30_000 });
    await form.locator('#title').fill('Search ignores accents');
    await form.locator('#body').fill('Searching for `cafe` does not find **café**.');
    await form.locator(`#label-${l1.id}`).check();
    await form.locator(`#label-${l2.id}`).check();
    await form.locator('#milestone').selectOption(String(milestone.id));
    await form.locator('#assignee-bob').check();
    await form.locator('#due-date').fill('2026-11-30');
    await vs.screenshot('workflows-create-issue');
    await form.locator('#create').click();
    await vs.waitForNotification(/Created issue #\d+ "Search ignores accents"/, 30_000);

    const posts = own.requests.slice(from).filter((r) => r.kind === 'api' && r.method === 'POST' && r.apiPath === '/repos/alice/demo/issues');
    assert.equal(posts.length, 1);
    assert.deepEqual(posts[0]!.body, {
      title: 'Search ignores accents',
      body: 'Searching for `cafe` does not find **café**.',
      assignees: ['bob'],
      labels: [l1.id, l2.id],
      milestone: milestone.id,
      due_date: '2026-11-30T00:00:00Z',
    });
    assert.equal(posts[0]!.status, 201);
    // The new issue appears in the Issues view (refreshed after the creation).
    await vs.openViewContainer('Gitea');
    await onlyPane(vs, 'Issues');
    await vs.view('Issues').root.locator('[role="treeitem"] .label-name', { hasText: /^#\d+ Search ignores accents$/ }).first().waitFor({ timeout: 30_000 });
    await vs.screenshot('workflows-issue-in-view', { readme: false });
  });

  it('the current-line command on a line from a merged pull request shows it, and on an uncommitted line says so', async function () {
    const at = session().target.repo.lineFromMergedPull;
    await openFileAtLine(vs, at.path, at.line);
    await vs.runCommand('Gitea: Show Pull Request for Current Line');
    const shown = await vs.waitForNotification(new RegExp(`^#${at.pull} `), 30_000);
    assert.match(shown, /merged by/);
    await vs.screenshot('workflows-pull-request-for-line', { notification: new RegExp(`^#${at.pull} `) });

    // A new line typed above, not saved: not committed yet.
    await goToLine(vs, 1);
    await vs.page.keyboard.press('Home');
    await vs.page.keyboard.type('// a thought nobody committed');
    await vs.page.keyboard.press('Enter');
    await vs.page.keyboard.press('ArrowUp');
    await vs.runCommand('Gitea: Show Pull Request for Current Line');
    await vs.waitForNotification(/not committed yet/, 30_000);
    await vs.runCommand('File: Revert File');
    await closeEditors(vs);
    // A window that saves by itself wrote the line to disk meanwhile: the clone is put back as it was.
    await promisify(execFile)('git', ['checkout', '--', at.path], { cwd: session().target.workspace });
  });

  it('a changed file of a pull request opens a diff editor with the right two sides', async function () {
    const { target } = session();
    const rename = target.repo.openPullRename;
    const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
    await vs.runCommand('Gitea: Select Repository…');
    const workspaceRepo = vs.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: `${target.repo.owner}/${target.repo.name}` });
    await workspaceRepo.filter({ hasText: new URL(target.url).host }).first().click().catch(() => workspaceRepo.first().click());
    await vs.page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 30_000 });

    await vs.runCommand('Gitea: Show Changed Files of Pull Request…');
    await vs.fillQuickInput(String(target.repo.openPull), { submit: false });
    await vs.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: `#${target.repo.openPull}` }).first().click();
    const view = vs.view('Changed Files');
    await view.root.waitFor({ timeout: 30_000 });
    await onlyPane(vs, 'Changed Files');
    // A renamed file's row reads `old → new` (the old path when it moved to another folder).
    const renamedLabel = new RegExp(`^\\s*\\S.* → ${escapeRegExp(fileName(rename.to))}\\s*$`);
    const renamed = view.root.locator('[role="treeitem"]', { has: vs.page.locator('.label-name', { hasText: renamedLabel }) }).first();
    await renamed.waitFor({ timeout: 30_000 });
    await vs.screenshot('workflows-changed-files');
    await renamed.click();
    const diff = vs.page.locator('.monaco-diff-editor').first();
    await diff.waitFor({ timeout: 30_000 });
    // Left: the old path at the merge base; right: the new path at the head, with the added text.
    const original = diff.locator('.editor.original .view-lines');
    const modified = diff.locator('.editor.modified .view-lines');
    await modified.filter({ hasText: rename.addedText }).waitFor({ timeout: 30_000 });
    assert.match(await original.innerText(), renderedText(rename.keptText));
    assert.doesNotMatch(await original.innerText(), renderedText(rename.addedText));
    const tab = vs.page.locator('.tabs-container .tab.active, .modal-editor-part .title').first();
    assert.match(await tab.innerText().catch(() => ''), new RegExp(`${escapeRegExp(fileName(rename.to))}|${escapeRegExp(fileName(rename.from))}`));
    await vs.screenshot('workflows-changed-file-diff');
    await closeEditors(vs);
  });

  it('an issue opens as a page: its description and conversation, and a comment sent with Ctrl+Enter appears in it', async function () {
    const { target } = session();
    const number = target.repo.issues.blocked;
    await runCommandAndType(vs, 'Gitea: Open Issue or Pull Request…', `#${number}`);
    await vs.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: `#${number}` }).first().click();
    const page = issueForm(vs);
    await page.locator('h1', { hasText: `#${number}` }).waitFor({ timeout: 30_000 });
    await page.locator('.timeline .markdown').first().waitFor({ timeout: 30_000 });
    const comment = `Looked at it from the editor at ${new Date().toISOString().slice(11, 19)} UTC.`;
    const box = page.locator('#comment');
    await box.fill(comment);
    await box.press('Control+Enter');
    await page.locator('.timeline', { hasText: comment }).waitFor({ timeout: 30_000 });
    assert.equal(await box.inputValue(), '', 'the comment box is emptied once the server accepted the comment');
    await vs.screenshot('workflows-issue-page');
    await closeEditors(vs);
  });

  it('a deploy key is added, found by its fingerprint and removed', async function () {
    requires(this, 'deployKeys');
    const { target } = session();
    const key = sshEd25519PublicKey('workflows-e2e', 'e2e@workbench');
    const parsed = parsePublicKey(key);
    assert.ok(parsed.ok);
    const fingerprint = parsed.key.fingerprint;

    // The quick input is one widget reused by every step: wait for each step before typing into it, or the text
    // lands in the step that is closing.
    const stepShown = (selector: string, text: string) =>
      vs.page.locator(`.quick-input-widget ${selector}`, { hasText: text }).first().waitFor({ timeout: 15_000 });
    await vs.runCommand('Gitea: Add Deploy Key…');
    await vs.pickQuickItem('Paste a public key…');
    await stepShown('.quick-input-message', 'Paste the public key');
    await vs.fillQuickInput(key);
    await stepShown('.quick-input-title', 'Add Deploy Key: title');
    await vs.fillQuickInput('Build server');
    await stepShown('.quick-input-title', 'Add Deploy Key: access');
    await vs.pickQuickItem('Read-only');
    await vs.waitForNotification(/Deploy key "Build server" added/, 30_000);
    await vs.dismissNotifications();

    await vs.runCommand('Gitea: Find Deploy Key by Fingerprint…');
    await vs.fillQuickInput(fingerprint);
    // One key found: its title, then its fingerprint and access on the detail line.
    const items = (await vs.quickItems()).map((i) => i.trim());
    assert.deepEqual(items.filter((i) => !i.startsWith('SHA256:')), ['Build server']);
    assert.ok(items.includes(`${fingerprint} · read-only`), items.join(' | '));
    await vs.screenshot('workflows-deploy-key-found');
    await vs.closeQuickInput();

    await vs.runCommand('Gitea: Remove Deploy Key…');
    await vs.pickQuickItem('Build server');
    await vs.page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Remove$/ }).click();
    await vs.waitForNotification(/Deploy key "Build server" removed/, 30_000);

    const auth = { authorization: `token ${target.user.token}` };
    const left = (await (await fetch(`${target.apiUrl}/repos/${target.repo.owner}/${target.repo.name}/keys?fingerprint=${encodeURIComponent(fingerprint)}`, { headers: auth })).json()) as unknown[];
    assert.deepEqual(left, []);
  });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `text` as the editor renders it: its spaces may be non-breaking. */
const renderedText = (text: string) => new RegExp(escapeRegExp(text).replace(/ /g, '[ \u00a0]'));

async function waitForValue(input: ReturnType<FrameLocator['locator']>, value: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await input.inputValue().catch(() => undefined);
    if (current === value) return;
    assert.ok(Date.now() < deadline, `expected "${value}", the field holds "${current}"`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
