// Activation as VS Code measures it, for one extension in one fresh window: its row in "Developer: Show Running
// Extensions" (VS Code's Activation column: code loading + the synchronous part of activate()) and its row in
// "Developer: Startup Performance" (Load Code | Call Activate | Finish Activate, the last being the time until the
// promise activate() returned has resolved). The bench adds the three up: that total is what the extension host
// spent on the extension before it was ready, wherever activate() put the work.
import { openContainer, runCommand, waitForWorkbench } from './ui.mjs';

const ROWS = '.runtime-extensions-editor .monaco-list-row';

/** The rows of the Running Extensions list now rendered (it is virtualized: 70 px rows in a modal editor). */
function renderedRows(page) {
  return page.$$eval(ROWS, (els) =>
    els.map((el) => ({
      name: el.querySelector('.extension .desc .name')?.textContent?.trim() ?? '',
      text: el.querySelector('.extension .time .activation-time')?.textContent?.trim() ?? '',
    })),
  );
}

/** Reads `{ name: { ms, text } }` from the Running Extensions editor once every wanted row has a time. */
async function readRunningExtensions(page, names, timeout = 60_000) {
  await runCommand(page, 'Developer: Show Running Extensions');
  await page.waitForSelector(ROWS, { timeout: 30_000 });
  const deadline = Date.now() + timeout;
  const seen = new Map();
  for (let round = 0; ; round++) {
    // Slowest first: the fast ones (a hello-world) sit at the end; scroll through the list, top to bottom.
    for (let step = 0; step < 6; step++) {
      for (const r of await renderedRows(page)) seen.set(r.name, r);
      await page.evaluate((step) => {
        const el = document.querySelector('.runtime-extensions-editor .monaco-list .monaco-scrollable-element');
        el?.dispatchEvent(new WheelEvent('wheel', { deltaY: step === 5 ? -1_000_000 : 600, bubbles: true, cancelable: true }));
      }, step);
      await page.waitForTimeout(50);
    }
    const found = {};
    for (const name of names) {
      const row = seen.get(name);
      const m = row && /(?<!\d)(\d+(?:\.\d+)?)\s*ms/.exec(row.text);
      if (m && !/Activating/i.test(row.text)) found[name] = { ms: Number(m[1]), text: row.text };
    }
    if (names.every((n) => found[n])) return found;
    if (Date.now() > deadline) {
      throw new Error(`Running Extensions did not list ${names.filter((n) => !found[n]).join(', ')} (rows: ${[...seen.values()].map((r) => `${r.name}: ${r.text}`).join('; ')})`);
    }
    seen.clear();
    await page.waitForTimeout(250);
  }
}

/**
 * "Developer: Startup Performance" → the Extension Activation Stats rows of the given extension ids:
 * `{ id: { loadCode, callActivate, finishActivate, event } }` (ms). Read through the clipboard, as the editor
 * is virtualized.
 */
async function readActivationStats(page, ids) {
  await runCommand(page, 'Developer: Startup Performance');
  const editor = page.locator('.monaco-editor .view-lines').first();
  await editor.waitFor({ state: 'visible', timeout: 30_000 });
  const deadline = Date.now() + 20_000;
  let text = '';
  while (Date.now() < deadline) {
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+C');
    text = await page.evaluate(() => navigator.clipboard.readText()).catch(() => '');
    if (ids.every((id) => text.includes(`| ${id} `))) break;
    await page.waitForTimeout(500);
  }
  const stats = {};
  for (const id of ids) {
    const row = text.split('\n').find((l) => l.startsWith(`| ${id} `));
    const cells = row?.split('|').map((c) => c.trim()) ?? [];
    // | Extension | Eager | Load Code | Call Activate | Finish Activate | Event | By |
    if (cells.length >= 7) stats[id] = { loadCode: Number(cells[3]), callActivate: Number(cells[4]), finishActivate: Number(cells[5]), event: cells[6] };
  }
  return stats;
}

/**
 * One fresh window (so a fresh extension host) on `url`; reads the extension's two rows.
 * @param {{ browser: import('playwright-core').Browser, url: string, origin: string, name: string, id: string,
 *   openView?: string }} o  `openView`: the view container to open to trigger activation (onView); without it,
 *   activation is at startup.
 * @returns {Promise<{ running: { ms: number, text: string }, stats: { loadCode: number, callActivate: number,
 *   finishActivate: number, event: string } | undefined }>}
 */
export async function measureActivationOnce({ browser, url, origin, name, id, openView }) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 2000 } });
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const page = await context.newPage();
    await page.goto(url);
    await waitForWorkbench(page);
    // Let startup finish (the git extension, the startup activations) before triggering or reading.
    await page.waitForTimeout(3000);
    if (openView) {
      await openContainer(page, openView);
      await page.waitForTimeout(2000);
    }
    const running = (await readRunningExtensions(page, [name]))[name];
    await page.keyboard.press('Escape');
    const stats = (await readActivationStats(page, [id]).catch(() => ({})))[id];
    return { running, stats };
  } finally {
    await context.close();
    // The closed page's extension host lives on for code-server's reconnection grace time (5 s): let it go, so
    // the next window does not share the two cores with it.
    await new Promise((r) => setTimeout(r, 6000));
  }
}

/** Load Code + Call Activate + Finish Activate of one window, or null when the table row was not read. */
export function activationTotal(stats) {
  if (!stats) return null;
  const parts = [stats.loadCode, stats.callActivate, stats.finishActivate];
  return parts.every((p) => Number.isFinite(p)) ? parts.reduce((a, b) => a + b, 0) : null;
}
