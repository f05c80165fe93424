// Opening pull requests from the editor as a user does, in the workspace clone of the run's repository (the test
// server, or a real Gitea): Create Pull Request from a pushed branch (the form prefilled from its commit, Create,
// the page), from an unpushed one (the Push and Create dialog), and Start Working on Issue → a commit → Create Pull
// Request → the pull request's page shows `Closes #N`. The workspace is back on its default branch afterwards.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FrameLocator, Locator } from 'playwright-core';
import { gitCredentialEnv } from '../harness/workspace';
import { session } from './session';
import { VscodePage } from './vscodePage';
import { activeWebview, runCommandAndType, runCommandWhenListed, signInWithToken as signIn } from './steps';

const exec = promisify(execFile);

/** git in the workspace clone, with the user's credentials when it talks to the server (as a credential helper would). */
async function git(...args: string[]): Promise<string> {
  const { target } = session();
  const env = { ...process.env, GIT_TERMINAL_PROMPT: '0', ...gitCredentialEnv({ username: target.user.username, token: target.user.token, password: target.user.password }) };
  return (await exec('git', ['-c', 'user.name=E2E Tester', '-c', 'user.email=e2e@example.invalid', ...args], { cwd: target.workspace, env })).stdout.trim();
}

async function waitForValue(input: Locator, value: string | RegExp, timeout = 30_000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const current = await input.inputValue().catch(() => '');
    if (typeof value === 'string' ? current === value : value.test(current)) return;
    assert.ok(Date.now() < deadline, `the field shows ${JSON.stringify(current)}, not ${String(value)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('open a pull request from the editor', function () {
  this.timeout(420_000);
  let vs: VscodePage;
  const branches: string[] = [];
  const stamp = Date.now().toString(36);
  const form = (): FrameLocator => activeWebview(vs);
  const api = async <T>(path: string): Promise<T> => {
    const { target } = session();
    const res = await fetch(`${target.apiUrl}/repos/${target.repo.owner}/${target.repo.name}${path}`, { headers: { authorization: `token ${target.user.token}` } });
    assert.ok(res.ok, `GET ${path}: ${res.status}`);
    return (await res.json()) as T;
  };

  before(async function () {
    const { target } = session();
    // The editor's pushes get no credentials from the test: git asks, and the signed-in account answers.
    vs = await VscodePage.open({ viewport: { width: 1500, height: 1000 } });
    await signIn(vs, target.url, target.user.username, target.user.token!);
  });

  after(async function () {
    const { target } = session();
    await vs?.close();
    await git('checkout', '--quiet', '--force', target.repo.defaultBranch).catch(() => undefined);
    for (const b of branches) await git('branch', '-D', b).catch(() => undefined);
  });

  /** Runs Create Pull Request, waits for the prefilled title, clicks Create; answers the push dialog; waits for the page. */
  async function createFromForm(title: string, options: { push: boolean }): Promise<number> {
    await vs.dismissNotifications();
    await runCommandWhenListed(vs, 'Gitea: Create Pull Request…');
    await waitForValue(form().locator('#title'), title);
    await form().locator('#labels .check, #labels .muted').first().waitFor({ timeout: 30_000 });
    await vs.screenshot(`create-pull-request-${options.push ? 'unpushed' : 'pushed'}`, { readme: false });
    await form().locator('#create').click();
    if (options.push) {
      const dialog = vs.page.locator('.monaco-dialog-box', { hasText: 'is not on origin yet' });
      await dialog.waitFor({ timeout: 30_000 });
      await dialog.locator('.monaco-button', { hasText: 'Push and Create' }).click();
    }
    const tab = vs.page.locator('.tabs-container .tab', { hasText: /#\d+/ }).filter({ hasText: title }).first();
    // VS Code's git prompt (`Git: http://host`) would wait for a user name: the signed-in account answers instead.
    const gitPrompt = vs.page.locator('.quick-input-widget', { hasText: /Git: https?:/ });
    const first = await Promise.race([
      tab.waitFor({ timeout: 60_000 }).then(() => 'page' as const),
      gitPrompt.waitFor({ timeout: 60_000 }).then(() => 'prompt' as const, () => 'none' as const),
    ]);
    assert.notEqual(first, 'prompt', 'git asked for a user name');
    await tab.waitFor({ timeout: 60_000 });
    const number = Number(/#(\d+)/.exec(await tab.innerText())?.[1]);
    assert.ok(number > 0, await tab.innerText());
    return number;
  }

  it('from a pushed branch: the form takes its commit, Create opens the new pull request\'s page', async function () {
    const { target } = session();
    const branch = `e2e-pushed-${stamp}`;
    branches.push(branch);
    await git('checkout', '--quiet', '-B', branch, `origin/${target.repo.defaultBranch}`);
    writeFileSync(join(target.workspace, `e2e-${branch}.md`), 'Pushed before the pull request.\n');
    await git('add', '.');
    await git('commit', '--quiet', '-m', 'Describe the pushed change\n\nWritten by the e2e test.');
    await git('push', '--quiet', '-u', 'origin', branch);
    const number = await createFromForm('Describe the pushed change', { push: false });
    const pull = await api<{ head: { ref: string }; base: { ref: string }; body: string }>(`/pulls/${number}`);
    assert.deepEqual([pull.head.ref, pull.base.ref, pull.body], [branch, target.repo.defaultBranch, 'Written by the e2e test.']);
  });

  it('from an unpushed branch: Create asks to push, pushes with an upstream and opens the page', async function () {
    const { target } = session();
    const branch = `e2e-unpushed-${stamp}`;
    branches.push(branch);
    await git('checkout', '--quiet', '-B', branch, `origin/${target.repo.defaultBranch}`);
    writeFileSync(join(target.workspace, `e2e-${branch}.md`), 'Not pushed yet.\n');
    await git('add', '.');
    await git('commit', '--quiet', '-m', 'Describe the unpushed change');
    const number = await createFromForm('Describe the unpushed change', { push: true });
    assert.equal(await git('rev-parse', '--abbrev-ref', `${branch}@{upstream}`), `origin/${branch}`);
    const pull = await api<{ head: { ref: string; sha: string } }>(`/pulls/${number}`);
    assert.deepEqual([pull.head.ref, pull.head.sha], [branch, await git('rev-parse', branch)]);
  });

  it('Start Working on Issue, a commit, Create Pull Request: the page shows Closes #N', async function () {
    const { target } = session();
    const issue = target.repo.issues.blocker;
    await git('checkout', '--quiet', target.repo.defaultBranch);
    await vs.dismissNotifications();
    // The pages the tests before opened would take the focus back from the pick as it opens.
    await vs.runCommand('View: Close All Editors');
    // Typed: the open issue of that number is the first row (or, before the list is loaded, the number as typed).
    // A pick that closed as it opened is opened again (runCommandAndType).
    await runCommandAndType(vs, 'Gitea: Start Working on Issue…', `#${issue}`);
    await vs.page.keyboard.press('Enter');
    // The branch name, offered from gitea.issueBranchName: accepted as it is.
    const nameBox = vs.page.locator('.quick-input-widget .quick-input-box input');
    await vs.page.locator('.quick-input-widget', { hasText: `Start Working on #${issue}` }).waitFor({ timeout: 30_000 });
    const branch = await nameBox.inputValue();
    assert.match(branch, new RegExp(`^issue-${issue}-`));
    branches.push(branch);
    await vs.page.keyboard.press('Enter');
    await vs.waitForNotification(new RegExp(`Switched to the new branch ${branch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), 60_000);
    assert.equal(await git('rev-parse', '--abbrev-ref', 'HEAD'), branch);
    // What a user would commit (the README screenshot shows the clone's files and the title).
    mkdirSync(join(target.workspace, 'docs'), { recursive: true });
    writeFileSync(join(target.workspace, 'docs', 'settings-crash.md'), 'Opening the settings no longer crashes.\n');
    await git('add', '.');
    await git('commit', '--quiet', '-m', 'Stop the crash when opening the settings');
    const number = await createFromForm('Stop the crash when opening the settings', { push: true });
    const page = activeWebview(vs);
    await page.locator('text=/Closes #\\d+/').first().waitFor({ timeout: 30_000 });
    assert.match(await page.locator('body').innerText(), new RegExp(`Closes #${issue}\\b`));
    await vs.screenshot('create-pull-request-closes-issue');
    const pull = await api<{ body: string }>(`/pulls/${number}`);
    assert.match(pull.body, new RegExp(`Closes #${issue}\\n?$`));
  });
});
