// The administration features as a user sees them in a real VS Code (code-server): the Webhooks, Activity and
// Starred views filled from the server in use (test server or real), and an organization label created through
// the quick-pick form.
import * as assert from 'node:assert/strict';
import { requires, session } from './session';
import { VscodePage, type ViewPane } from './vscodePage';

const ADMIN_VIEWS = ['Webhooks', 'Activity', 'Starred'];

describe('administration views and forms', function () {
  this.timeout(180_000);
  let vs: VscodePage;

  /** Runs a palette command; the first palette of a fresh window may not list extension commands yet: retry once. */
  async function runCommand(title: string): Promise<void> {
    try {
      await vs.runCommand(title);
    } catch {
      await vs.closeQuickInput();
      await vs.page.waitForTimeout(2_000);
      await vs.runCommand(title);
    }
  }

  before(async function () {
    vs = await VscodePage.open({ viewport: { width: 1400, height: 1000 } });
    const { target } = session();
    try {
      await runCommand('Gitea: Sign In…');
      await vs.fillQuickInput(target.url);
      // The next step reuses the same input element: wait until it is the user-name step before typing.
      await vs.page.locator('.quick-input-widget input.input[placeholder="User name"]').waitFor();
      await vs.fillQuickInput(target.user.username);
      await vs.pickQuickItem('Access token');
      await vs.page.locator('.quick-input-widget input.input[placeholder="Access token"]').waitFor();
      await vs.fillQuickInput(target.user.token!);
      await vs.waitForNotification(/Signed in to .* as /);
      await vs.openViewContainer('Gitea');
    } catch (e) {
      await vs.screenshot('failed-admin-sign-in', { readme: false });
      throw e;
    }
  });

  after(async function () {
    await vs?.close();
  });

  /** Waits until the quick input shows the step with this title (its input element is reused between steps). */
  async function step(title: string): Promise<void> {
    await vs.page.locator('.quick-input-widget .quick-input-title', { hasText: title }).waitFor();
  }

  /** Collapses every expanded pane of the container except `title`, expands that one, and waits for items. */
  async function showOnly(title: string): Promise<ViewPane> {
    const headers = vs.page.locator('.part.sidebar .pane .pane-header');
    for (let i = 0; i < (await headers.count()); i++) {
      const header = headers.nth(i);
      const name = (await header.locator('h3.title').innerText()).trim();
      const expanded = (await header.getAttribute('aria-expanded')) === 'true';
      if (expanded && name.toLowerCase() !== title.toLowerCase()) await header.click();
    }
    const pane = vs.view(title);
    await pane.expand();
    return pane;
  }

  /** Waits until the view shows no loading item, then returns its labels. */
  async function loadedLabels(pane: ViewPane): Promise<string[]> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const labels = await pane.labels();
      if (!labels.some((l) => l.startsWith('Loading'))) return labels;
      assert.ok(Date.now() < deadline, `${pane.title} is still loading`);
      await vs.page.waitForTimeout(250);
    }
  }

  it('the Gitea container has the Webhooks, Activity and Starred views', async function () {
    const titles = (await vs.page.locator('.part.sidebar .pane-header h3.title').allInnerTexts()).map((t) => t.trim());
    for (const v of ADMIN_VIEWS) assert.ok(titles.some((t) => t.toLowerCase() === v.toLowerCase()), `views: ${titles.join(', ')}`);
  });

  it('Webhooks lists the repository hooks with type and state', async function () {
    const { webhookUrl } = session().target.repo;
    const pane = await showOnly('Webhooks');
    const labels = await loadedLabels(pane);
    assert.ok(labels.includes(webhookUrl), `webhooks: ${labels.join(' | ')}`);
    const description = await pane.item(webhookUrl).locator('.label-description').innerText();
    assert.match(description, /^gitea · active/);
    await vs.screenshot('admin-webhooks-view');
  });

  it('Activity lists the feed as sentences', async function () {
    const { user, repo } = session().target;
    const pane = await showOnly('Activity');
    const labels = await loadedLabels(pane);
    assert.ok(labels.length >= 5, `activity: ${labels.join(' | ')}`);
    // The user's own entries may be below the rows on screen (the seed's many pushes of the collaborator come
    // first): the filter below shows them.
    assert.ok(!labels.some((l) => /did "/.test(l)), 'every kind has its own sentence');
    // The collaborator acted last (the test server's seed: bob's pushes; a real server: the second user's push and
    // comment): the filter below has something to leave out.
    if (repo.collaborator) assert.ok(labels.some((l) => l.startsWith(`${repo.collaborator} `)), `activity: ${labels.join(' | ')}`);
    // The title action narrows the feed to what the user did themselves.
    await pane.header.hover();
    await pane.header.locator('.action-label[aria-label="Show Only My Actions"]').click();
    // The unfiltered feed already holds the user's own entries, so wait until the refreshed list holds only theirs.
    const deadline = Date.now() + 30_000;
    let mine = await loadedLabels(pane);
    const own = (l: string) => l.startsWith(`${user.username} `);
    while (!(mine.length > 0 && mine.every(own)) && Date.now() < deadline) {
      await vs.page.waitForTimeout(250);
      mine = await loadedLabels(pane);
    }
    assert.ok(mine.length > 0 && mine.every(own), `only mine: ${mine.join(' | ')}`);
    assert.ok(new Set(mine.map((l) => l.split(' ')[1])).size >= 3, `several kinds of activity: ${mine.join(' | ')}`);
    await vs.screenshot('admin-activity-view');
  });

  it('Starred lists the starred repositories', async function () {
    const { target } = session();
    const pane = await showOnly('Starred');
    const labels = await loadedLabels(pane);
    for (const name of target.account.starred) assert.ok(labels.includes(name), `starred: ${labels.join(' | ')}`);
    await vs.screenshot('admin-starred-view');
  });

  it('creates an organization label through the form (colour checked as it is typed)', async function () {
    requires(this, 'organization');
    const org = session().target.account.org!.name;
    await runCommand('Gitea: Create Organization Label…');
    await vs.pickQuickItem(org);
    await vs.pickQuickItem('Name');
    await step(`New label of ${org} — Name`);
    await vs.fillQuickInput('area/docs');
    await vs.pickQuickItem('Colour');
    await step(`New label of ${org} — Colour`);
    await vs.fillQuickInput('green', { submit: false });
    assert.match(await vs.quickInputMessage(), /#RRGGBB/);
    await vs.fillQuickInput('#1D76DB');
    await vs.pickQuickItem('Exclusive');
    await vs.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'Create label' }).first().waitFor();
    await vs.screenshot('admin-org-label-form');
    await vs.pickQuickItem('Create label');
    const toast = await vs.waitForNotification(/Created the label area\/docs/);
    assert.match(toast, /#1d76db/);
  });
});
