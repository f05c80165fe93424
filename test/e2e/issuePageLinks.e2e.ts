// References on the issue page as a user clicks them: `#N` in a description is a link, and a click on it opens that
// issue's page in a new editor tab (not the browser), on the server in use.
import * as assert from 'node:assert/strict';
import { session } from './session';
import { VscodePage } from './vscodePage';
import { activeWebview as pageFrame, runCommandAndType, openSignedIn } from './steps';

describe('issue page: references', function () {
  this.timeout(300_000);
  let vs: VscodePage;

  before(async function () {
    vs = await openSignedIn();
  });

  after(async function () {
    await vs?.close();
  });

  it('a click on #N in a description opens that issue’s page in the editor', async function () {
    const { target } = session();
    const repoPath = `/repos/${target.repo.owner}/${target.repo.name}`;
    const referenced = target.repo.issues.blocker;
    const res = await fetch(`${target.apiUrl}${repoPath}/issues`, {
      method: 'POST',
      headers: { authorization: `token ${target.user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Refers to another issue', body: `Same cause as #${referenced}; \`#${referenced}\` in code stays text.` }),
    });
    assert.equal(res.status, 201);
    const created = (await res.json()) as { number: number };
    await runCommandAndType(vs, 'Gitea: Open Issue or Pull Request…', `#${created.number}`);
    // The issue's own row, once the recent issues are listed (`#1` alone also matches `#12` and the typed reference).
    const row = vs.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: new RegExp(`(^|\\s)#${created.number}\\s`) }).first();
    await row.waitFor({ timeout: 30_000 });
    await row.click();
    const frame = pageFrame(vs);
    await frame.locator('h1', { hasText: `#${created.number}` }).waitFor({ timeout: 30_000 });
    const link = frame.locator('.markdown a.ref', { hasText: `#${referenced}` });
    assert.equal(await link.count(), 1, 'one link: the reference in code stays text');
    await link.click();
    // The referenced issue's page is the active tab now.
    await vs.page.locator('.tabs-container .tab.active', { hasText: `#${referenced}` }).waitFor({ timeout: 30_000 });
    await pageFrame(vs).locator('h1', { hasText: `#${referenced}` }).waitFor({ timeout: 30_000 });
  });
});
