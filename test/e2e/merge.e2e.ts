// Merging a pull request as a user does: the inline "Merge Pull Request…" action of its row in the Pull Requests
// view, then the quick input (the style, the prefilled title and message, the options) and the notification.
// The protected default branch of the test server's scenario wants an approval and a successful ci/build status:
// the spec gives both through the API first, as a reviewer and a CI would.
import * as assert from 'node:assert/strict';
import { session } from './session';
import { VscodePage } from './vscodePage';
import { onlyPane, signInWithToken as signIn } from './steps';

describe('merge a pull request', function () {
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

  it('the inline action of an open pull request merges it through the quick input', async function () {
    const { target } = session();
    const fixtures = target.fixtures;
    const repoApi = `${target.apiUrl}/repos/${target.repo.owner}/${target.repo.name}`;
    const call = async (path: string, token: string, method = 'GET', body?: unknown) => {
      const res = await fetch(`${repoApi}${path}`, {
        method,
        headers: { authorization: `token ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      assert.ok(res.ok, `${method} ${path}: ${res.status} ${await res.clone().text()}`);
      return res.status === 204 ? undefined : ((await res.json()) as Record<string, unknown>);
    };
    const token = target.user.token!;
    // The test server's seed has a pull request for this; on a real server the scenario's one open pull request is
    // the other specs', so the test opens its own: a branch, a commit on it, a pull request (the run's repository,
    // with all of it, is deleted afterwards).
    let index = target.repo.openPull;
    if (!fixtures) {
      const branch = `merge-from-editor-${Date.now()}`;
      await call('/branches', token, 'POST', { new_branch_name: branch, old_branch_name: target.repo.defaultBranch });
      await call(`/contents/docs/${branch}.md`, token, 'POST', { content: Buffer.from('Merged from the editor.\n').toString('base64'), message: 'Add a note to merge', branch });
      const opened = (await call('/pulls', token, 'POST', { head: branch, base: target.repo.defaultBranch, title: 'A note merged from the editor' })) as { number: number };
      index = opened.number;
      // Gitea checks mergeability in the background: the form reads it, so wait until it is known.
      for (let i = 0; i < 60; i++) {
        const state = (await call(`/pulls/${index}`, token)) as { mergeable?: boolean };
        if (state.mergeable === true) break;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    const pr = (await call(`/pulls/${index}`, token)) as { title: string; head: { sha: string; ref: string } };
    await call(`/statuses/${pr.head.sha}`, token, 'POST', { state: 'success', context: 'ci/build', description: 'Build passed' });
    if (fixtures) await call(`/pulls/${index}/reviews`, fixtures.users.bob.tokens.all, 'POST', { event: 'APPROVED', body: 'Looks good' });

    await vs.dismissNotifications();
    await onlyPane(vs, 'Pull Requests');
    const pane = vs.view('Pull Requests');
    if (!fixtures) {
      // The view listed the pull requests when the window signed in, before this one was opened: Refresh, as a user does.
      await pane.header.hover();
      await pane.header.locator('a.action-label[aria-label="Refresh Pull Requests"]').click();
    }
    const row = pane.item(`#${index} `);
    await row.waitFor({ timeout: 30_000 });
    await row.hover();
    await row.locator('a.action-label[aria-label="Merge Pull Request…"]').click();

    // Step 1: the allowed styles, the repository's default (merge) first.
    const step = (n: number, of: number) => vs.page.locator('.quick-input-widget .quick-input-title', { hasText: `(${n}/${of})` }).waitFor({ timeout: 30_000 });
    await step(1, 4);
    // (the rows' label texts include their details: keep the style names)
    const names = ['Create merge commit', 'Rebase then fast-forward', 'Rebase then create merge commit', 'Create squash commit', 'Fast-forward only'];
    const styles = (await vs.quickItems()).filter((l) => names.includes(l));
    // The seed allows every style; a real repository allows what its settings say, the default (merge) first.
    if (fixtures) assert.deepEqual(styles, names);
    else assert.equal(styles[0], 'Create merge commit', styles.join(', '));
    await vs.screenshot('merge-styles', { readme: false });
    await vs.pickQuickItem('Create merge commit');
    // Step 2: the title Gitea would write; step 3: the message (Reviewed-on, Reviewed-by).
    await step(2, 4);
    const title = await vs.page.locator('.quick-input-widget .quick-input-box input').inputValue();
    assert.equal(title, `Merge pull request '${pr.title}' (#${index}) from ${pr.head.ref} into ${target.repo.defaultBranch}`);
    await vs.page.keyboard.press('Enter');
    await step(3, 4);
    const message = await vs.page.locator('.quick-input-widget .quick-input-box input').inputValue();
    if (fixtures) assert.match(message, /^Reviewed-on: .*\/pulls\/\d+\\nReviewed-by: Bob Builder <bob@example\.com>$/);
    else assert.match(message, new RegExp(`^Reviewed-on: .*/pulls/${index}$`));
    await vs.page.keyboard.press('Enter');
    // Step 4: the options; Enter merges.
    await step(4, 4);
    await vs.screenshot('merge-options', { readme: false });
    await vs.page.keyboard.press('Enter');
    await vs.waitForNotification(new RegExp(`Pull request #${index} is merged \\(Create merge commit\\)`), 30_000);
    const merged = (await call(`/pulls/${index}`, target.user.token!)) as { merged: boolean; merged_by: { login: string } };
    assert.deepEqual([merged.merged, merged.merged_by.login], [true, target.user.username]);
    // The view reloads: the merged pull request leaves the open list.
    await row.waitFor({ state: 'hidden', timeout: 30_000 });
  });
});
