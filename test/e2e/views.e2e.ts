// The sidebar as a user sees it: after signing in through the palette, each of the six views of the Gitea
// container fills from the server (a screenshot each); then a repository with 10,000 branches (a second test
// server, seed 'big', started in this process so its requests can be counted) shows its first page after a
// single request, and "Load more…" fetches exactly the next one.
import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { startTestServer, type TestServer } from '../server/index';
import { requires, session } from './session';
import { VscodePage, type ViewPane } from './vscodePage';

type ViewTitle = 'Branches' | 'Issues' | 'Pull Requests' | 'Releases' | 'CI Jobs' | 'Deploy Keys';

describe('the sidebar views', function () {
  this.timeout(300_000);
  let vs: VscodePage;
  let big: TestServer | undefined;
  let bigStarting: Promise<TestServer> | undefined;

  before(async function () {
    // The big seed takes a while to build: start it now, while the workbench loads and the first views are checked.
    bigStarting = startTestServer({ seed: 'big' });
    bigStarting.catch(() => undefined);
    vs = await VscodePage.open({ viewport: { width: 1400, height: 1000 } });
    const { target } = session();
    await signIn(vs, target.url, target.user.username, target.user.token!);
    await vs.openViewContainer('Gitea');
  });

  after(async function () {
    await vs?.close();
    big = big ?? (await bigStarting?.catch(() => undefined));
    await big?.close();
  });

  /** Shows only this view's pane (the others collapsed), so its items have room. */
  async function only(title: ViewTitle): Promise<ViewPane> {
    const headers = vs.page.locator('.part.sidebar .pane-header[aria-expanded="true"]');
    for (let i = (await headers.count()) - 1; i >= 0; i--) {
      const header = headers.nth(i);
      const text = (await header.locator('h3.title').innerText()).trim();
      if (text.toLowerCase() !== title.toLowerCase()) await header.click();
    }
    const pane = vs.view(title);
    await pane.expand();
    return pane;
  }

  /** Waits until the pane's tree shows `label` (data arrived and rendered). */
  async function waitForItem(pane: ViewPane, label: string | RegExp, timeout = 30_000): Promise<Locator> {
    const item = pane.root.locator('[role="treeitem"] .label-name', { hasText: label }).first();
    await item.waitFor({ timeout });
    return item;
  }

  it('Branches: the default branch first, every branch listed', async function () {
    const { target } = session();
    const pane = await only('Branches');
    await waitForItem(pane, target.repo.defaultBranch);
    const labels = await pane.labels();
    assert.equal(labels[0], target.repo.defaultBranch, `labels: ${labels.join(', ')}`);
    for (const b of target.repo.branches) assert.ok(labels.includes(b), `${b} missing from ${labels.join(', ')}`);
    await vs.screenshot('views-branches');
  });

  it('Issues: My Issues, then the repository’s issues; an issue expands to Blocks', async function () {
    const { target } = session();
    const pane = await only('Issues');
    await waitForItem(pane, new RegExp(`^#${target.repo.issues.blocker} `));
    const labels = await pane.labels();
    assert.equal(labels[0], 'My Issues', labels.join(', '));
    // Expand the blocker with its twistie (a click on the row opens the page): "Blocks" lists the blocked one.
    await pane.item(`#${target.repo.issues.blocker} `).locator('.monaco-tl-twistie').click();
    await waitForItem(pane, /^Blocks$/);
    await pane.item('Blocks').click();
    await waitForItem(pane, new RegExp(`^#${target.repo.issues.blocked} `));
    await vs.screenshot('views-issues');
  });

  it('Pull Requests: the open pull request and its changed files', async function () {
    const { target } = session();
    const pane = await only('Pull Requests');
    await waitForItem(pane, new RegExp(`^#${target.repo.openPull} `));
    // A click on a pull request opens its page: expand it with its twistie.
    await pane.item(`#${target.repo.openPull} `).locator('.monaco-tl-twistie').click();
    await waitForItem(pane, /^Not merged$/);
    await vs.screenshot('views-pull-requests');
  });

  it('Releases: the published release with its assets and archives', async function () {
    const { target } = session();
    const pane = await only('Releases');
    await waitForItem(pane, target.repo.releaseTag);
    // A click on a release opens its page: expand it with its twistie.
    await pane.item(target.repo.releaseTag).locator('.monaco-tl-twistie').click();
    await waitForItem(pane, 'Source code (zip)');
    await vs.screenshot('views-releases');
  });

  it('CI Jobs: workflow runs newest first with their jobs', async function () {
    requires(this, 'actions');
    const pane = await only('CI Jobs');
    await waitForItem(pane, /\S/);
    const labels = await pane.labels();
    assert.ok(labels.length > 0 && !labels.some((l) => /does not provide|failed/i.test(l)), labels.join(', '));
    await pane.items().first().click();
    await vs.page.waitForTimeout(500);
    await vs.screenshot('views-ci-jobs');
  });

  it('Deploy Keys: the repository’s keys', async function () {
    requires(this, 'deployKeys');
    const { target } = session();
    const pane = await only('Deploy Keys');
    await waitForItem(pane, target.repo.deployKeyTitle!);
    await vs.screenshot('views-deploy-keys');
  });

  it('a repository with 10,000 branches: the first page after one request, Load more fetches the next', async function () {
    big = await bigStarting!;
    const { alice } = big.fixtures.users;
    await signIn(vs, big.url, alice.login, alice.tokens.all);
    const from = big.requests.length;
    await vs.selectOtherRepository(new URL(big.url).host, 'alice/big');
    const pane = await only('Branches');
    await waitForItem(pane, 'main');
    const more = await waitForItem(pane, 'Load more…', 3_000).catch(async () => {
      await pane.items().first().click();
      await vs.page.keyboard.press('End'); // the tree is virtualized: bring the last row into view
      return waitForItem(pane, 'Load more…');
    });
    const branchLists = () => big!.requests.slice(from).filter((r) => r.kind === 'api' && r.apiPath === '/repos/alice/big/branches');
    assert.deepEqual(
      branchLists().map((r) => r.query.page),
      ['1'],
      'exactly one request for the list',
    );
    await vs.screenshot('views-big-branches', { readme: false });
    await more.click();
    for (let i = 0; i < 60 && branchLists().length < 2; i++) await vs.page.waitForTimeout(250);
    assert.deepEqual(branchLists().map((r) => r.query.page), ['1', '2'], 'Load more fetched page 2 only');
  });
});

/** Waits until the quick input shows step `n` of a multi-step input (its title ends with "(n/total)"). */
async function atStep(vs: VscodePage, n: number): Promise<void> {
  await vs.page.locator('.quick-input-widget .quick-input-title', { hasText: new RegExp(`\\(${n}/\\d+\\)`) }).first().waitFor();
}

/** "Gitea: Sign In…" with an access token, waiting for each step before answering it. */
async function signIn(vs: VscodePage, url: string, username: string, token: string): Promise<void> {
  await vs.activityBarItem('Gitea').waitFor({ timeout: 60_000 }); // the extension's contributions are loaded
  await vs.runCommand('Gitea: Sign In…');
  await atStep(vs, 1);
  await vs.fillQuickInput(url);
  await atStep(vs, 2);
  await vs.fillQuickInput(username);
  await atStep(vs, 3);
  await vs.pickQuickItem('Access token');
  await atStep(vs, 4);
  await vs.fillQuickInput(token);
  await vs.waitForNotification(/Signed in to .* as /, 30_000);
}
