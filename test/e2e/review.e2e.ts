// Reviewing a pull request in the diff editor as a user does: the changed files of the open pull request, a
// file's diff, the gutter's "+" on a changed line, a comment typed into the comment widget and added to the
// pending review (shown as pending), then "Gitea: Submit Review…" as a Comment with a summary; the server holds
// the review with the line comment afterwards.
import * as assert from 'node:assert/strict';
import { session } from './session';
import { openChangedFileDiff } from './steps';
import { VscodePage } from './vscodePage';

const COMMENT = 'Could this helper live next to slugify?';
const SUMMARY = 'A few notes from the diff editor.';
const COLLEAGUE = 'Nice doc comment. Does it handle an **empty** string?';

async function atStep(vs: VscodePage, n: number): Promise<void> {
  await vs.page.locator('.quick-input-widget .quick-input-title', { hasText: new RegExp(`\\(${n}/\\d+\\)`) }).first().waitFor();
}

describe('review in the diff editor', function () {
  this.timeout(240_000);
  let vs: VscodePage;

  before(async function () {
    vs = await VscodePage.open({ viewport: { width: 1400, height: 900 } });
    const { target } = session();
    await vs.activityBarItem('Gitea').waitFor({ timeout: 60_000 });
    await vs.runCommand('Gitea: Sign In…');
    await atStep(vs, 1);
    await vs.fillQuickInput(target.url);
    await atStep(vs, 2);
    await vs.fillQuickInput(target.user.username);
    await atStep(vs, 3);
    await vs.pickQuickItem('Access token');
    await atStep(vs, 4);
    await vs.fillQuickInput(target.user.token!);
    await vs.waitForNotification(/Signed in to .* as /, 30_000);
    // On the test server a colleague has reviewed already: a conversation on the added line (shown in the picture).
    const carol = target.fixtures?.users.carol;
    if (carol) {
      const { owner, name, openPull, openPullRename } = target.repo;
      const res = await fetch(`${target.url}api/v1/repos/${owner}/${name}/pulls/${openPull}/reviews`, {
        method: 'POST',
        headers: { authorization: `token ${carol.tokens.all}`, 'content-type': 'application/json' },
        body: JSON.stringify({ event: 'COMMENT', comments: [{ path: openPullRename.to, body: COLLEAGUE, new_position: 8 }] }),
      });
      assert.equal(res.status, 200, await res.text());
    }
  });
  after(async function () {
    await vs?.close();
  });

  it('adds a line comment in the diff editor to a pending review and submits it as a Comment', async function () {
    const { target } = session();
    const { openPull, openPullRename, owner, name } = target.repo;
    await vs.runCommand('Gitea: Show Changed Files of Pull Request…');
    await vs.fillQuickInput(String(openPull), { submit: false });
    await vs.page.locator('.quick-input-list .monaco-list-row', { hasText: new RegExp(`(^|\\s)#${openPull} `) }).first().click();
    // Only the Changed Files pane open, so its rows have room (the tree renders the rows in view only).
    await vs.view('Changed Files').header.waitFor({ timeout: 30_000 });
    const expanded = vs.page.locator('.part.sidebar .pane-header[aria-expanded="true"]');
    for (let i = (await expanded.count()) - 1; i >= 0; i--) {
      const header = expanded.nth(i);
      if (!/^\s*Changed Files\s*$/i.test(await header.locator('h3.title').innerText())) await header.click();
    }
    const pane = vs.view('Changed Files');
    await pane.expand();
    const fileName = openPullRename.to.slice(openPullRename.to.lastIndexOf('/') + 1);
    const row = pane.items().filter({ has: vs.page.locator('.label-name', { hasText: fileName }) }).first();
    await row.waitFor({ timeout: 30_000 });

    // The modified side of the diff; lines inside the diff's hunks get the comment glyph in the gutter.
    const modified = await openChangedFileDiff(vs, row, openPullRename.addedText);
    const glyphs = modified.locator('.comment-range-glyph');
    await glyphs.first().waitFor({ timeout: 30_000 });
    // The topmost glyph: the first line of the first hunk.
    const boxes = await glyphs.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
    const first = boxes.indexOf(Math.min(...boxes));
    const glyph = glyphs.nth(first);
    await glyph.hover();
    await glyph.click();

    // The new thread's widget: VS Code puts the focus into its comment box.
    const widget = vs.page.locator('.review-widget').filter({ has: vs.page.locator('.comment-form .monaco-editor.focused') }).first();
    await widget.waitFor({ timeout: 15_000 });
    const firstTry = `${COMMENT} (first try)`;
    await vs.page.keyboard.type(firstTry);
    await widget.getByRole('button', { name: 'Add Review Comment' }).first().click();
    // The comment is pending: shown in the thread with the "Pending" label, nothing sent yet.
    const pending = vs.page.locator('.review-widget').filter({ hasText: firstTry }).first();
    await pending.locator('.review-comment', { hasText: firstTry }).waitFor({ timeout: 15_000 });
    await pending.locator('.review-comment', { hasText: 'Pending' }).first().waitFor();
    // A pending comment is edited in place: its Edit action, the text replaced, Save.
    const draft = pending.locator('.review-comment', { hasText: firstTry }).first();
    await draft.hover();
    await draft.locator('a.action-label[aria-label="Edit Pending Comment"]').click();
    const editor = pending.locator('.review-comment .edit-container .monaco-editor').first();
    await editor.waitFor({ timeout: 15_000 });
    await editor.click();
    await vs.page.keyboard.press('ControlOrMeta+A');
    await vs.page.keyboard.type(COMMENT);
    await pending.getByRole('button', { name: 'Save' }).first().click();
    await vs.page.locator('.review-widget .review-comment', { hasText: COMMENT }).filter({ hasNotText: firstTry }).first().waitFor({ timeout: 15_000 });
    await vs.page.locator('.review-widget .review-comment', { hasText: firstTry }).waitFor({ state: 'detached', timeout: 15_000 });
    await vs.screenshot('review-thread');

    await vs.runCommand('Gitea: Submit Review…');
    await vs.pickQuickItem('Comment');
    await vs.fillQuickInput(SUMMARY);
    await vs.waitForNotification(new RegExp(`Review of #${openPull} submitted`), 30_000);

    // The server has the review with its line comment.
    const headers = { authorization: `token ${target.user.token!}` };
    const reviews = (await (await fetch(`${target.url}api/v1/repos/${owner}/${name}/pulls/${openPull}/reviews`, { headers })).json()) as {
      id: number; state: string; body: string; user: { login: string };
    }[];
    const mine = reviews.find((r) => r.state === 'COMMENT' && r.body === SUMMARY && r.user.login === target.user.username);
    assert.ok(mine, `no COMMENT review "${SUMMARY}" in ${JSON.stringify(reviews.map((r) => [r.state, r.body]))}`);
    const comments = (await (await fetch(`${target.url}api/v1/repos/${owner}/${name}/pulls/${openPull}/reviews/${mine.id}/comments`, { headers })).json()) as {
      path: string; body: string; position: number;
    }[];
    assert.deepEqual(comments.map((c) => [c.path, c.body]), [[openPullRename.to, COMMENT]]);
    assert.ok(comments[0]!.position > 0, 'on a line of the new file');
  });
});
