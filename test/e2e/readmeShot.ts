// What a README screenshot may show: the state a user sees when nothing is left over from earlier steps. Toasts of
// earlier steps are dismissed (a screenshot names the one it is about, if any), nothing is still loading, and the
// side bar is wide enough for the rows to be read whole. A screenshot that cannot get there fails its test.
import type { Page } from 'playwright-core';

const TOAST = '.notifications-toasts .notification-toast';
/** A toast's message: what `keep` patterns are matched against. */
const MESSAGE = '.notification-list-item-message';
const LOADING_ROW = '.part.sidebar [role="treeitem"] .label-name';
const PROGRESS = '.part.sidebar .monaco-progress-container.active, .part.sidebar .monaco-progress-container.infinite';
/** A spinning icon in the status bar (a language server analysing, a sync in progress). */
const STATUS_SPINNER = '.part.statusbar .codicon-modifier-spin, .part.statusbar .codicon-loading';
const PROBLEMS_ITEM = '.part.statusbar [id="status.problems"]';
/** The branch item; its icon is git-branch, or git-branch-changes etc. once the tree has changes. */
const BRANCH_ITEM = '.part.statusbar .statusbar-item:has([class*="codicon-git-branch"])';
/** Wide enough for a view's rows with their descriptions (VS Code's default side bar is 300 px). */
const README_SIDEBAR_WIDTH = 440;

async function toastTexts(page: Page): Promise<string[]> {
  return (await page.locator(`${TOAST} ${MESSAGE}`).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
}

/** Closes every toast whose text does not match `keep`, with its own close button, one at a time (the toasts below
 * move up when one closes). */
export async function dismissToasts(page: Page, keep?: RegExp): Promise<void> {
  for (let closed = 0; closed < 20; closed++) {
    const texts = await toastTexts(page);
    const index = texts.findIndex((t) => !keep?.test(t));
    if (index < 0) {
      // The toasts that stay slide into place (VS Code animates it for a few hundred milliseconds).
      if (closed > 0) await page.waitForTimeout(600);
      return;
    }
    // Focus the toast and clear it with VS Code's own key (Delete, `notification.clear` while a toast has focus).
    // A toast still sliding in, or replaced by a newer one, is not clickable yet: look again (the count bounds it).
    const focused = await page
      .locator(TOAST)
      .nth(index)
      .locator(MESSAGE)
      .click({ position: { x: 2, y: 2 }, timeout: 3_000 })
      .then(() => true, () => false);
    if (!focused) {
      await page.waitForTimeout(300);
      continue;
    }
    await page.keyboard.press('Delete');
    const before = texts.length;
    for (let i = 0; i < 25 && (await page.locator(TOAST).count()) >= before; i++) await page.waitForTimeout(100);
  }
}

async function widenSidebar(page: Page): Promise<void> {
  const box = await page.locator('.part.sidebar').boundingBox();
  if (!box || box.width >= README_SIDEBAR_WIDTH) return;
  // The sash between the side bar and the editor sits on the side bar's right edge.
  const x = box.x + box.width;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + (README_SIDEBAR_WIDTH - box.width), y, { steps: 5 });
  await page.mouse.up();
}

/**
 * Brings the window into a README's clean state, or throws saying what would be on the picture. A quick input that is
 * part of the picture stays open: toasts are then not clicked away (that would close it) but must already be gone.
 */
export async function readyForReadme(page: Page, name: string, notification?: RegExp): Promise<void> {
  const quickInputOpen = await page.locator('.quick-input-widget').isVisible();
  if (!quickInputOpen) {
    await dismissToasts(page, notification);
    await widenSidebar(page);
  }
  const settled = async (): Promise<string | undefined> => {
    const loading = (await page.locator(LOADING_ROW).allInnerTexts()).filter((t) => /^\s*Loading/.test(t));
    if (loading.length) return `${loading.length} "Loading…" row(s)`;
    if (await page.locator(PROGRESS).first().isVisible()) return 'a progress bar in the side bar';
    const unexpected = (await toastTexts(page)).filter((t) => !notification?.test(t));
    if (unexpected.length) return `the notification(s) ${unexpected.map((t) => `"${t}"`).join(', ')}`;
    // The rest is checked when the picture is written to the README: a test run does not fail on it.
    if (process.env.GITEA_UPDATE_SCREENSHOTS === '1') {
      if (await page.locator(STATUS_SPINNER).first().isVisible()) return 'a spinner in the status bar';
      const problems = (await page.locator(PROBLEMS_ITEM).allInnerTexts()).join(' ');
      if (/[1-9]/.test(problems)) return `problems in the status bar ("${problems.replace(/\s+/g, ' ').trim()}")`;
      const branch = (await page.locator(BRANCH_ITEM).allInnerTexts()).join(' ').trim();
      if (branch.includes('*')) return `a working tree with changes ("${branch}")`;
    }
    return undefined;
  };
  const deadline = Date.now() + (process.env.GITEA_UPDATE_SCREENSHOTS === '1' ? 30_000 : 15_000);
  let problem = await settled();
  while (problem && Date.now() < deadline) {
    await page.waitForTimeout(200);
    problem = await settled();
  }
  if (problem) throw new Error(`The README screenshot ${name} would show ${problem}.`);
  // A toast that is part of the picture may still be sliding in (VS Code fades it in over a few hundred ms).
  if (notification) await page.waitForTimeout(800);
}
