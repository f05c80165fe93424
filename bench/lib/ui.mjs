// Playwright helpers for the bench, with the selectors of ../shared/notes/real-vscode.md (VS Code 1.139):
// the command palette, the panes of a view container, and a recorder that timestamps what the sidebar shows.
// (The harness's page object test/e2e/vscodePage.ts did not exist when this was written; these are the few
// interactions the bench needs.)

export async function waitForWorkbench(page, timeout = 90_000) {
  await page.waitForSelector('.monaco-workbench', { timeout });
  await page.waitForSelector('.part.activitybar', { timeout });
}

/** Runs a command from the palette by its title (as shown, category included). */
export async function runCommand(page, title) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible', timeout: 15_000 });
  await input.fill(`>${title}`);
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
  await row.waitFor({ state: 'visible', timeout: 15_000 });
  await row.click();
}

export async function openContainer(page, title) {
  const item = page.locator(`.part.activitybar .action-item a[aria-label^="${title}"]`).first();
  await item.waitFor({ state: 'visible', timeout: 60_000 });
  const checked = await item.evaluate((a) => a.closest('.action-item')?.classList.contains('checked') ?? false);
  if (!checked) await item.click();
  await page.waitForSelector('.part.sidebar .pane-header', { timeout: 30_000 });
}

const exactly = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** A view's pane header, found by its title (its aria-label also carries the view's description). */
function header(page, title) {
  return page.locator('.part.sidebar .pane-header').filter({ has: page.locator('.title', { hasText: exactly(title) }) }).first();
}

/** The pane (header and body) of a view. */
function pane(page, title) {
  return page.locator('.part.sidebar .pane').filter({ has: page.locator('.pane-header .title', { hasText: exactly(title) }) }).first();
}

/** Titles of the panes now shown (a view hidden by its `when` clause has no visible header). */
export async function paneTitles(page) {
  return page.$$eval('.part.sidebar .pane-header', (hs) =>
    hs.filter((h) => h.getClientRects().length > 0).map((h) => h.querySelector('.title')?.textContent ?? ''),
  );
}

export async function setPaneExpanded(page, title, expanded) {
  const h = header(page, title);
  await h.waitFor({ state: 'visible', timeout: 30_000 });
  if (((await h.getAttribute('aria-expanded')) === 'true') !== expanded) await h.click();
}

export async function collapseAllPanes(page) {
  for (const title of await paneTitles(page)) await setPaneExpanded(page, title, false);
}

/**
 * Installs a recorder in the page: after every DOM change in the sidebar it notes, at the next animation frame
 * (when the change is on screen), each pane's rows as `{ t, title, count, labels, sig }` — only when they changed.
 */
export async function installRecorder(page) {
  await page.evaluate(() => {
    const w = window;
    if (w.__bench) return;
    const last = new Map();
    const timeline = [];
    w.__bench = { timeline };
    const snapshot = () => {
      const t = Date.now();
      for (const pane of document.querySelectorAll('.part.sidebar .pane')) {
        const title = pane.querySelector('.pane-header .title')?.textContent ?? '';
        const rows = [...pane.querySelectorAll('.pane-body [role="treeitem"]')];
        const labels = rows.map((r) => {
          const name = r.querySelector('.label-name')?.textContent ?? '';
          const desc = r.querySelector('.label-description')?.textContent ?? '';
          return desc ? `${name} — ${desc}` : name;
        });
        const sig = `${rows.length}\u0001${labels.join('\u0001')}`;
        if (last.get(title) === sig) continue;
        last.set(title, sig);
        timeline.push({ t, title, count: rows.length, labels, sig });
      }
    };
    let scheduled = false;
    new MutationObserver(() => {
      if (scheduled) return;
      scheduled = true;
      requestAnimationFrame(() => {
        scheduled = false;
        snapshot();
      });
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    snapshot();
  });
}

/** Timeline entries of one pane (optionally only those from `since` on). */
export async function paneTimeline(page, title, since = 0) {
  return page.evaluate(([title, since]) => window.__bench.timeline.filter((e) => e.title === title && e.t >= since), [title, since]);
}

export const isStateLabel = (l) => /^(?:Loading…|Load more…)/.test(l);

/** Waits until the pane shows something other than "Loading…" (or the timeout passes). */
export async function waitForPaneSettled(page, title, since, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const tl = await paneTimeline(page, title, since);
    const lastEntry = tl[tl.length - 1];
    if (lastEntry && lastEntry.count > 0 && !lastEntry.labels.some((l) => l.startsWith('Loading…'))) return lastEntry;
    if (Date.now() > deadline) return undefined;
    await page.waitForTimeout(50);
  }
}

/**
 * Scrolls a pane's tree to its end, so that the virtualized list renders its last rows: the list gets the
 * keyboard focus (without clicking a row, which would run its command) and End moves to the last row.
 */
export async function scrollPaneToEnd(page, title) {
  const list = pane(page, title).locator('.pane-body .monaco-list').first();
  if ((await list.count()) === 0) return;
  await list.evaluate((el) => el.focus());
  await page.keyboard.press('End');
  await page.waitForTimeout(150);
}

/** Clicks the pane's "Load more…" row; false when it has none. */
export async function clickLoadMore(page, title) {
  await scrollPaneToEnd(page, title);
  const row = pane(page, title)
    .locator('[role="treeitem"]', { has: page.locator('.label-name', { hasText: 'Load more…' }) })
    .first();
  try {
    await row.waitFor({ state: 'visible', timeout: 3000 });
  } catch {
    return false;
  }
  await row.click();
  return true;
}
