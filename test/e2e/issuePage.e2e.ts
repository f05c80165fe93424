// The issue page's pickers and the pull request page as a user sees them: a label added with the Labels picker (a
// real QuickPick opened from the page's Change… button) shows on the page; a pull request's page shows its branches,
// mergeability, commits and changed files, reviews and CI state (README screenshot), on the server in use. A page of
// megabytes (its bodies' HTML kept on the Markdown worker and read from there as the page's message is written, #41)
// shows every body whole and formatted.
import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { requires, session } from './session';
import { VscodePage } from './vscodePage';
import { activeWebview as pageFrame, runCommandAndType, openIssuePage, openSignedIn } from './steps';

interface ApiLabel {
  readonly id: number;
  readonly name: string;
  readonly exclusive?: boolean;
  readonly is_archived?: boolean;
}

describe('issue page: pickers and pull requests', function () {
  this.timeout(300_000);
  let vs: VscodePage;

  const get = async <T>(path: string): Promise<T> => {
    const { target } = session();
    const res = await fetch(`${target.apiUrl}${path}`, { headers: { authorization: `token ${target.user.token}` } });
    assert.ok(res.ok, `GET ${path}: ${res.status}`);
    return (await res.json()) as T;
  };

  const openPage = (number: number): Promise<FrameLocator> => openIssuePage(vs, number);

  before(async function () {
    vs = await openSignedIn();
  });

  after(async function () {
    await vs?.close();
  });

  // First, so the README picture shows no tab or title left by the tests that change things.
  it('a pull request page shows base ← head, mergeability, commits and files, reviews and CI', async function () {
    const { target } = session();
    const number = target.repo.openPull;
    const repoPath = `/repos/${target.repo.owner}/${target.repo.name}`;
    const pull = await get<{ base: { ref: string }; head: { ref: string; sha: string } }>(`${repoPath}/pulls/${number}`);
    // A CI status on the head, so the page has one to show.
    const posted = await fetch(`${target.apiUrl}${repoPath}/statuses/${pull.head.sha}`, {
      method: 'POST',
      headers: { authorization: `token ${target.user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'success', context: 'e2e/build', description: 'Build passed' }),
    });
    assert.equal(posted.status, 201);
    const frame = await openPage(number);
    await frame.locator('.pull .pull-facts').waitFor({ timeout: 30_000 });
    await frame.locator('.timeline .markdown').first().waitFor({ timeout: 30_000 });
    assert.match(await frame.locator('header .branches').innerText(), new RegExp(`${pull.base.ref} ← .*${pull.head.ref}`));
    assert.match(await frame.locator('.pull .pull-facts').innerText(), /changed file/);
    // The combined state the server reports (on a real server the scenario's Actions workflow may still be queued
    // on this head: pending, whatever the status posted above says).
    const stateNow = async () => (await get<{ state: string }>(`${repoPath}/commits/${pull.head.sha}/status`)).state || 'pending';
    const before = await stateNow();
    const ci = frame.locator('.pull .ci').first();
    await ci.waitFor({ timeout: 30_000 });
    const shown = (await ci.getAttribute('class')) ?? '';
    const after = await stateNow();
    assert.ok(shown.split(/\s+/).some((c) => c === before || c === after), `the page shows "${shown}", the server ${before} / ${after}`);
    await vs.screenshot('workflows-pull-request-page');
    // Changed Files fills the Changed Files view with the pull request's files.
    const files = await get<{ filename: string }[]>(`${repoPath}/pulls/${number}/files`);
    await frame.locator('.pull button', { hasText: 'Changed Files' }).click();
    const pane = vs.view('Changed Files');
    await pane.expand();
    // A file at the top level, or the folder of one (the view may group by folder).
    const names = new Set(files.flatMap((f) => [f.filename, f.filename.split('/')[0]!, f.filename.split('/').pop()!]));
    await pane.items().filter({ hasText: new RegExp([...names].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')) }).first().waitFor({ timeout: 30_000 });
  });

  it('a label picked in the Labels picker shows on the page', async function () {
    const { target } = session();
    const repoPath = `/repos/${target.repo.owner}/${target.repo.name}`;
    const number = target.repo.issues.blocked;
    const [labels, issue] = await Promise.all([get<ApiLabel[]>(`${repoPath}/labels?limit=50`), get<{ labels: ApiLabel[] | null }>(`${repoPath}/issues/${number}`)]);
    const carried = new Set((issue.labels ?? []).map((l) => l.id));
    let wanted = labels.find((l) => !carried.has(l.id) && !l.exclusive && !l.is_archived);
    if (!wanted) {
      // A real server's scenario may have no spare label: make one (the run's repository is deleted afterwards).
      const res = await fetch(`${target.apiUrl}${repoPath}/labels`, {
        method: 'POST',
        headers: { authorization: `token ${target.user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'picked-in-editor', color: '#0e8a16', description: 'Test data.' }),
      });
      assert.equal(res.status, 201, `POST ${repoPath}/labels: ${res.status}`);
      wanted = (await res.json()) as ApiLabel;
    }
    const label = wanted;
    const frame = await openPage(number);
    await vs.dismissNotifications();
    await frame.locator('button[data-field="labels"]').click();
    await vs.page.locator('.quick-input-widget .quick-input-title', { hasText: 'Labels of' }).waitFor({ timeout: 30_000 });
    // Typing filters the list to the label; a click on its row checks it; OK accepts.
    await vs.fillQuickInput(label.name, { submit: false });
    const row = vs.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: label.name }).first();
    await row.click();
    await vs.page.locator('.quick-input-widget .quick-input-list .monaco-list-row[aria-checked="true"]', { hasText: label.name }).first().waitFor({ timeout: 5_000 });
    await vs.page.locator('.quick-input-widget .monaco-button', { hasText: /^OK$/ }).click();
    await frame.locator('[data-section="labels"] .chip', { hasText: label.name }).waitFor({ timeout: 30_000 });
    const after = await get<{ labels: ApiLabel[] | null }>(`${repoPath}/issues/${number}`);
    assert.ok((after.labels ?? []).some((l) => l.id === label.id), 'the server has the label');
    assert.ok([...carried].every((id) => (after.labels ?? []).some((l) => l.id === id)), 'the labels it had are kept');
    await vs.screenshot('workflows-issue-page-labels', { readme: false });
  });

  it('an exclusive scope/name label shows as two parts, scope then name, in its colour', async function () {
    const { target } = session();
    // The user's organisation (acme on the test server, the provisioned one on a real server) has the repository site
    // and the exclusive label priority/high (#e11d21).
    requires(this, 'organization');
    const org = target.account.org!.name;
    const res = await fetch(`${target.apiUrl}/repos/${org}/site/issues`, {
      method: 'POST',
      headers: { authorization: `token ${target.user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Scoped labels on the page' }),
    });
    assert.equal(res.status, 201);
    const { number } = (await res.json()) as { number: number };
    await runCommandAndType(vs, 'Gitea: Open Issue or Pull Request…', `${org}/site#${number}`);
    await vs.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: `${org}/site#${number}` }).first().click();
    const frame = pageFrame(vs);
    await frame.locator('h1', { hasText: `#${number}` }).waitFor({ timeout: 30_000 });
    await frame.locator('button[data-field="labels"]').waitFor({ timeout: 30_000 });
    await vs.dismissNotifications();
    await frame.locator('button[data-field="labels"]').click();
    await vs.page.locator('.quick-input-widget .quick-input-title', { hasText: 'Labels of' }).waitFor({ timeout: 30_000 });
    await vs.fillQuickInput('priority/high', { submit: false });
    await vs.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'priority/high' }).first().click();
    await vs.page.locator('.quick-input-widget .monaco-button', { hasText: /^OK$/ }).click();
    const chip = frame.locator('[data-section="labels"] .chip.scoped');
    await chip.waitFor({ timeout: 30_000 });
    assert.equal(await chip.locator('.chip-scope').innerText(), 'priority');
    assert.equal(await chip.locator('.chip-name').innerText(), 'high');
    assert.equal(await chip.locator('.chip-scope').evaluate((e) => (e as unknown as { style: { backgroundColor: string } }).style.backgroundColor), 'rgb(225, 29, 33)');
    await vs.screenshot('workflows-issue-page-scoped-label', { readme: false });
  });

  it('the page of an issue that blocks another shows Blocks beside Depends on, as the server lists them', async function () {
    requires(this, 'dependencies');
    const { target } = session();
    const number = target.repo.issues.blocker;
    const issuePath = `/repos/${target.repo.owner}/${target.repo.name}/issues/${number}`;
    const [blocks, dependsOn] = await Promise.all([get<{ number: number }[]>(`${issuePath}/blocks`), get<{ number: number }[]>(`${issuePath}/dependencies`)]);
    const frame = await openPage(number);
    const section = (title: string) => frame.locator('.side-section', { has: frame.locator('h2', { hasText: title }) });
    const shown = async (title: string): Promise<string> => {
      await section(title).waitFor({ timeout: 30_000 });
      return section(title).innerText();
    };
    for (const [title, issues] of [['Blocks', blocks], ['Depends on', dependsOn]] as const) {
      // The issues arrive with the page's data; until then the side shows the stub's None.
      if (issues.length) await section(title).locator('div', { hasText: `#${issues[0]!.number} ` }).first().waitFor({ timeout: 30_000 });
      const text = await shown(title);
      if (!issues.length) assert.match(text, /None/, `${title}: ${text}`);
      for (const i of issues) assert.match(text, new RegExp(`#${i.number} `), `${title}: ${text}`);
    }
    await vs.screenshot('issue-page-blocks', { readme: false });
  });

  it('the title and the description are edited on the page; the server has them', async function () {
    const { target } = session();
    const number = target.repo.issues.blocker;
    const issuePath = `/repos/${target.repo.owner}/${target.repo.name}/issues/${number}`;
    const before = await get<{ title: string; body: string }>(issuePath);
    const frame = await openPage(number);
    const title = `${before.title} (edited ${Date.now()})`;
    await frame.locator('h1 button', { hasText: 'Edit' }).click();
    const input = frame.locator('input.title-input');
    await input.fill(title);
    await input.press('Enter');
    await frame.locator('h1', { hasText: title }).waitFor({ timeout: 30_000 });
    const body = `Steps written in the editor (${Date.now()})`;
    await frame.locator('article.description .comment-tools button', { hasText: 'Edit' }).click();
    await frame.locator('article.description textarea').fill(body);
    await frame.locator('article.description button', { hasText: 'Save' }).click();
    await frame.locator('article.description .markdown', { hasText: body }).waitFor({ timeout: 30_000 });
    assert.equal(await frame.locator('article.description textarea').count(), 0, 'the editor closed once saved');
    const after = await get<{ title: string; body: string }>(issuePath);
    assert.deepEqual({ title: after.title, body: after.body }, { title, body });
    // Put the issue back as it was for the suites after this one.
    const restored = await fetch(`${target.apiUrl}${issuePath}`, {
      method: 'PATCH',
      headers: { authorization: `token ${target.user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: before.title, body: before.body }),
    });
    assert.equal(restored.status, 201);
  });

  it('a page of megabytes (five bodies of 900 KB, their HTML kept on the Markdown worker) shows every body whole and formatted', async function () {
    const { target } = session();
    const repoPath = `/repos/${target.repo.owner}/${target.repo.name}`;
    const post = async <T>(path: string, body: unknown): Promise<T> => {
      const res = await fetch(`${target.apiUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `token ${target.user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.equal(res.status, 201, `POST ${path}`);
      return (await res.json()) as T;
    };
    // About 900 KB each, 4.5 MB in all: over the 4 MiB from which a page keeps its long bodies on the worker.
    const part = (n: number) => `**Bold start ${n}**\n\n${'A line of text with `code` and _emphasis_ in it.\n'.repeat(18_000)}\nThe end of part ${n}.`;
    const issue = await post<{ number: number }>(`${repoPath}/issues`, { title: `A page of megabytes ${Date.now()}`, body: part(0) });
    for (let n = 1; n < 5; n++) await post(`${repoPath}/issues/${issue.number}/comments`, { body: part(n) });
    const frame = await openPage(issue.number);
    for (let n = 0; n < 5; n++) {
      await frame.locator('.timeline .markdown p', { hasText: `The end of part ${n}.` }).waitFor({ timeout: 90_000 });
      assert.equal(await frame.locator('.timeline .markdown strong', { hasText: `Bold start ${n}` }).count(), 1, `body ${n} is formatted`);
    }
    assert.equal(await frame.locator('.timeline .markdown-plain').count(), 0, 'no body is shown as plain text');
    await vs.runCommand('View: Close All Editors');
  });
});
