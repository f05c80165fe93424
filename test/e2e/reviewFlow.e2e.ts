// A colleague's pull request, taken from check-out to merge in the editor as a reviewer does it: the colleague (the
// scenario's collaborator with write access) opens a pull request of a pushed branch through the API; the user checks it out from
// the Pull Requests view, comments on a line of its diff, approves it with *Submit Review…* and merges it with
// *Merge Pull Request…*. The server holds the approval with the line comment, and the pull request is merged.
// On the test server the colleague acts with their own token; on a real server the site administrator's token acts
// for them (Gitea's `Sudo` header).
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { session } from './session';
import { onlyPane, openChangedFileDiff, signInWithToken as signIn } from './steps';
import { VscodePage } from './vscodePage';

const git = async (cwd: string, ...args: string[]): Promise<string> => (await promisify(execFile)('git', args, { cwd })).stdout.trim();

describe('a colleague\'s pull request: check out, line comment, approve, merge', function () {
  this.timeout(300_000);
  let vs: VscodePage;

  before(async function () {
    const { target } = session();
    vs = await VscodePage.open({ viewport: { width: 1400, height: 900 } });
    await signIn(vs, target.url, target.user.username, target.user.token!);
    await vs.openViewContainer('Gitea');
  });

  after(async function () {
    await vs?.close();
  });

  it('reviews and merges it without a browser', async function () {
    const { target } = session();
    const colleague = target.repo.collaborator;
    assert.ok(colleague, 'the scenario has a collaborator with write access');
    const repoApi = `${target.apiUrl}/repos/${target.repo.owner}/${target.repo.name}`;
    const call = async (path: string, as: 'me' | 'colleague', method = 'GET', body?: unknown) => {
      const own = target.fixtures?.users[colleague as keyof typeof target.fixtures.users];
      const headers: Record<string, string> =
        as === 'me' ? { authorization: `token ${target.user.token}` }
        : own ? { authorization: `token ${own.tokens.all}` }
        : { authorization: `token ${target.user.token}`, sudo: colleague };
      const res = await fetch(`${repoApi}${path}`, {
        method,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      assert.ok(res.ok, `${method} ${path} as ${as}: ${res.status} ${await res.clone().text()}`);
      return res.status === 204 ? undefined : ((await res.json()) as Record<string, unknown>);
    };

    // The colleague's pull request: a branch with a commit that adds a short document (pushed from a clone of
    // its own), then the pull request.
    const stamp = Date.now().toString(36);
    const branch = `docs/review-flow-${stamp}`;
    const file = `docs/review-flow-${stamp}.md`;
    const line = 'Reviews happen in the editor.';
    const clone = mkdtempSync(join(tmpdir(), 'gwb-review-flow-'));
    try {
      const remote = new URL(target.repo.cloneUrl);
      remote.username = encodeURIComponent(target.user.username);
      remote.password = encodeURIComponent(target.user.token!);
      await git(clone, 'clone', '--quiet', '--depth', '1', '--branch', target.repo.defaultBranch, remote.toString(), '.');
      mkdirSync(join(clone, 'docs'), { recursive: true });
      writeFileSync(join(clone, file), `# Review flow\n\n${line}\n`);
      await git(clone, 'add', file);
      await git(clone, '-c', 'user.name=Colleague', '-c', 'user.email=colleague@example.com', 'commit', '--quiet', '-m', 'Document the review flow');
      await git(clone, 'push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`);
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
    const opened = (await call('/pulls', 'colleague', 'POST', { head: branch, base: target.repo.defaultBranch, title: `Document the review flow (${stamp})` })) as {
      number: number;
      user: { login: string };
    };
    const index = opened.number;
    assert.equal(opened.user.login, colleague);
    // Gitea checks mergeability in the background; the merge form reads it.
    for (let i = 0; i < 60; i++) {
      if (((await call(`/pulls/${index}`, 'me')) as { mergeable?: boolean }).mergeable === true) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const pr = (await call(`/pulls/${index}`, 'me')) as { title: string; head: { sha: string; ref: string } };
    // The CI the test server's protected branch wants (on a real server a status that changes nothing).
    await call(`/statuses/${pr.head.sha}`, 'me', 'POST', { state: 'success', context: 'ci/build', description: 'Build passed' });

    // Check out from the Pull Requests view (the list was read at sign-in: Refresh first, as a user does).
    await vs.dismissNotifications();
    await onlyPane(vs, 'Pull Requests');
    const pulls = vs.view('Pull Requests');
    await pulls.header.hover();
    await pulls.header.locator('a.action-label[aria-label="Refresh Pull Requests"]').click();
    const row = pulls.item(`#${index} `);
    await row.waitFor({ timeout: 30_000 });
    await row.hover();
    await row.locator('a.action-label[aria-label="Check Out Pull Request…"]').click();
    await vs.waitForNotification(new RegExp(`Pull request #${index} is checked out as the branch ${pr.head.ref}`), 30_000);
    assert.equal(await git(target.workspace, 'rev-parse', 'HEAD'), pr.head.sha);
    await vs.dismissNotifications();

    // Its changed file's diff; the gutter's "+" on the added line; the comment joins the pending review.
    await vs.runCommand('Gitea: Show Changed Files of Pull Request…');
    await vs.fillQuickInput(String(index), { submit: false });
    await vs.page.locator('.quick-input-list .monaco-list-row', { hasText: new RegExp(`(^|\\s)#${index} `) }).first().click();
    const changed = vs.view('Changed Files');
    await changed.header.waitFor({ timeout: 30_000 });
    await changed.expand();
    const fileRow = changed.items().filter({ has: vs.page.locator('.label-name', { hasText: file.slice(file.lastIndexOf('/') + 1) }) }).first();
    await fileRow.waitFor({ timeout: 30_000 });
    const modified = await openChangedFileDiff(vs, fileRow, line);
    const glyphs = modified.locator('.comment-range-glyph');
    await glyphs.first().waitFor({ timeout: 30_000 });
    // The glyph of the third line (the one that says `line`): glyphs sit in line order, top to bottom.
    const tops = await glyphs.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
    const order = tops.map((top, i) => ({ top, i })).sort((a, b) => a.top - b.top);
    assert.ok(order.length >= 3, `commenting lines: ${order.length}`);
    const glyph = glyphs.nth(order[2]!.i);
    await glyph.hover();
    await glyph.click();
    const widget = vs.page.locator('.review-widget').filter({ has: vs.page.locator('.comment-form .monaco-editor.focused') }).first();
    await widget.waitFor({ timeout: 15_000 });
    const comment = `Could this say where? (${stamp})`;
    await vs.page.keyboard.type(comment);
    await widget.getByRole('button', { name: 'Add Review Comment' }).first().click();
    await vs.page.locator('.review-widget .review-comment', { hasText: comment }).filter({ hasText: 'Pending' }).first().waitFor({ timeout: 15_000 });

    // Approve, with a summary.
    await vs.runCommand('Gitea: Submit Review…');
    await vs.pickQuickItem('Approve');
    await vs.fillQuickInput('Approved from the editor.');
    await vs.waitForNotification(new RegExp(`Review of #${index} submitted`), 30_000);
    const reviews = (await (await fetch(`${repoApi}/pulls/${index}/reviews`, { headers: { authorization: `token ${target.user.token}` } })).json()) as {
      id: number; state: string; user: { login: string };
    }[];
    const approval = reviews.find((r) => r.state === 'APPROVED' && r.user.login === target.user.username);
    assert.ok(approval, `reviews: ${JSON.stringify(reviews.map((r) => [r.state, r.user.login]))}`);
    const comments = (await (await fetch(`${repoApi}/pulls/${index}/reviews/${approval.id}/comments`, { headers: { authorization: `token ${target.user.token}` } })).json()) as {
      path: string; body: string; position: number;
    }[];
    assert.deepEqual(comments.map((c) => [c.path, c.body, c.position]), [[file, comment, 3]]);

    // Merge from the pull request's row: the repository's default style, Gitea's title and message, Enter.
    await vs.dismissNotifications();
    await row.hover();
    await row.locator('a.action-label[aria-label="Merge Pull Request…"]').click();
    const step = (n: number) => vs.page.locator('.quick-input-widget .quick-input-title', { hasText: `(${n}/4)` }).waitFor({ timeout: 30_000 });
    await step(1);
    await vs.pickQuickItem('Create merge commit');
    await step(2);
    await vs.page.keyboard.press('Enter');
    await step(3);
    await vs.page.keyboard.press('Enter');
    await step(4);
    await vs.page.keyboard.press('Enter');
    await vs.waitForNotification(new RegExp(`Pull request #${index} is merged`), 30_000);
    const merged = (await call(`/pulls/${index}`, 'me')) as { merged: boolean; merged_by: { login: string } };
    assert.deepEqual([merged.merged, merged.merged_by.login], [true, target.user.username]);

    // Back on the default branch for the specs that follow.
    // Checked by the clone's HEAD rather than the toast, which VS Code 1.96 may have hidden by the time it is looked for.
    await vs.runCommand('Gitea: Back to Default Branch');
    let head = '';
    for (let i = 0; i < 60 && head !== target.repo.defaultBranch; i++) {
      head = await git(target.workspace, 'rev-parse', '--abbrev-ref', 'HEAD');
      if (head !== target.repo.defaultBranch) await vs.page.waitForTimeout(500);
    }
    assert.equal(head, target.repo.defaultBranch);
  });
});
