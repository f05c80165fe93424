// A suggested change applied and undone, as a user does it: a review comment with a ```suggestion block on the line
// the open pull request adds; the user checks the pull request out from the Pull Requests view and opens that file
// of the workspace: the conversation shows the suggestion as a change and offers Apply Suggestion; a click puts the
// suggested line in the editor and Ctrl+Z takes it back. The review, the change and the branch are gone afterwards.
// (Suggest a Change in the reply box is not driven here yet: the click into the box was lost now and then.)
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { session } from './session';
import { onlyPane, signInWithToken as signIn } from './steps';
import { VscodePage } from './vscodePage';

const git = async (cwd: string, ...args: string[]): Promise<string> => (await promisify(execFile)('git', args, { cwd })).stdout.trim();

describe('a suggested change in a review thread', function () {
  this.timeout(300_000);
  let vs: VscodePage;
  let reviewId: number | undefined;

  before(async function () {
    const { target } = session();
    vs = await VscodePage.open({ viewport: { width: 1400, height: 900 } });
    await signIn(vs, target.url, target.user.username, target.user.token!);
    await vs.openViewContainer('Gitea');
  });

  after(async function () {
    const { target } = session();
    // A failed run leaves the workspace as the next specs expect it: no change, on the default branch.
    if (vs && (await git(target.workspace, 'rev-parse', '--abbrev-ref', 'HEAD').catch(() => '')) !== target.repo.defaultBranch) {
      await vs.runCommand('File: Revert File').catch(() => undefined);
      await git(target.workspace, 'checkout', '--quiet', '--force', target.repo.defaultBranch).catch(() => undefined);
    }
    if (reviewId !== undefined) {
      await fetch(`${target.apiUrl}/repos/${target.repo.owner}/${target.repo.name}/pulls/${target.repo.openPull}/reviews/${reviewId}`, {
        method: 'DELETE', headers: { authorization: `token ${target.user.token}` },
      }).catch(() => undefined);
    }
    await vs?.close();
  });

  it('a suggestion applied and undone', async function () {
    const { target } = session();
    const { owner, name, openPull, openPullRename, defaultBranch } = target.repo;
    const headers = { authorization: `token ${target.user.token}` };
    const repoApi = `${target.apiUrl}/repos/${owner}/${name}`;
    const pr = (await (await fetch(`${repoApi}/pulls/${openPull}`, { headers })).json()) as { head: { sha: string; ref: string } };
    const raw = await (await fetch(`${repoApi}/raw/${openPullRename.to.split('/').map(encodeURIComponent).join('/')}?ref=${pr.head.sha}`, { headers })).text();
    const line = raw.split('\n').findIndex((l) => l.includes(openPullRename.addedText)) + 1;
    assert.ok(line > 0, 'the line the pull request adds');
    const suggested = `// said better (${Date.now().toString(36)})`;
    const res = await fetch(`${repoApi}/pulls/${openPull}/reviews`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'COMMENT', comments: [{ path: openPullRename.to, body: `Say it so:\n\`\`\`suggestion\n${suggested}\n\`\`\``, new_position: line }] }),
    });
    assert.equal(res.status, 200, await res.clone().text());
    reviewId = ((await res.json()) as { id: number }).id;

    // Check out from the Pull Requests view.
    await vs.dismissNotifications();
    await onlyPane(vs, 'Pull Requests');
    const row = vs.view('Pull Requests').item(`#${openPull} `);
    await row.waitFor({ timeout: 30_000 });
    await row.hover();
    await row.locator('a.action-label[aria-label="Check Out Pull Request…"]').click();
    await vs.waitForNotification(new RegExp(`Pull request #${openPull} is checked out as the branch ${pr.head.ref}`), 30_000);
    await vs.dismissNotifications();
    {
      // The workspace file (Quick Open), its conversation on the added line with the suggestion as a change.
      await vs.page.keyboard.press('ControlOrMeta+P');
      await vs.fillQuickInput(openPullRename.to, { submit: false });
      await vs.page.locator('.quick-input-list .monaco-list-row', { hasText: openPullRename.to.slice(openPullRename.to.lastIndexOf('/') + 1) }).first().click();
      const comment = vs.page.locator('.review-widget .review-comment', { hasText: 'Suggested change' }).first();
      await comment.waitFor({ timeout: 60_000 });
      assert.match(await comment.innerText(), new RegExp(`\\+ ${suggested.replace(/[()]/g, '\\$&')}`));
      // The editor's lines showing the suggested text (the comment box holds the line as it was, never this).
      const suggestedShown = vs.page.locator('.editor-instance .monaco-editor .view-lines', { hasText: suggested }).first();
      // The thread is drawn again as the checked-out pull request's reviews arrive: a click in that moment is lost,
      // so a click after which the line did not change is made again.
      for (let attempt = 1; ; attempt++) {
        await comment.hover();
        await comment.locator('a.action-label[aria-label="Apply Suggestion"]').click();
        try {
          await suggestedShown.waitFor({ timeout: 10_000 });
          break;
        } catch (e) {
          if (attempt >= 3) throw e;
        }
      }
      await vs.screenshot('review-suggestion-applied', { readme: false });

      // Undo in the editor takes it back.
      await vs.page.keyboard.press('ControlOrMeta+Z');
      await suggestedShown.waitFor({ state: 'hidden', timeout: 15_000 });
    }
    // Saved as it is after the Undo (a window with auto-save wrote the suggestion to disk meanwhile): no change left.
    // A modal left open makes the palette unreachable: say which (seen once in a fresh clone's run, not reproduced).
    const dialog = vs.page.locator('.monaco-dialog-box');
    if (await dialog.count()) assert.fail(`a dialog is open before File: Save: ${(await dialog.first().innerText()).replace(/\s+/g, ' ')}`);
    await vs.runCommand('File: Save');
    await vs.runCommand('Gitea: Back to Default Branch');
    await vs.waitForNotification(new RegExp(`Switched to ${defaultBranch}`), 30_000);
    assert.equal(await git(target.workspace, 'rev-parse', '--abbrev-ref', 'HEAD'), defaultBranch);
  });
});
