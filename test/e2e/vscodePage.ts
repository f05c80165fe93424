// A page object for VS Code in code-server, with the selectors that work in VS Code 1.139 and in the oldest editor
// supported, 1.96 (../shared/notes/real-vscode.md). Each VscodePage is its own browser context: its own
// SecretStorage and extension state, so a spec starts signed out.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { REPO_ROOT, RESULTS_DIR } from '../harness/paths';
import { dismissToasts, readyForReadme } from './readmeShot';
import { session } from './session';

const QUICK_INPUT = '.quick-input-widget';
const QUICK_INPUT_BOX = `${QUICK_INPUT} input.input`;
const QUICK_ROW = `${QUICK_INPUT} .quick-input-list .monaco-list-row`;
const TOASTS = '.notifications-toasts .notification-list-item-message';

const open = new Set<VscodePage>();
/** Page → screenshot name still to take because a test or hook failed while it was open. */
const failureShots = new Map<VscodePage, string>();

/**
 * Called by the e2e runner when a test or hook fails: every open page gets a screenshot, taken by
 * `takeFailureScreenshots()` (after the failed test) or, after a failed hook, when the spec closes the page.
 */
export function noteFailure(name: string): void {
  for (const vs of open) if (!failureShots.has(vs)) failureShots.set(vs, name);
}

export async function takeFailureScreenshots(): Promise<void> {
  for (const vs of [...failureShots.keys()]) await vs.takeFailureScreenshot();
}

export interface OpenOptions {
  /** Folder to open (default: the run's workspace clone). */
  folder?: string;
  viewport?: { width: number; height: number };
}

export class VscodePage {
  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
  ) {}

  /** A new browser context on the run's code-server, with the workspace open and the workbench ready. */
  static async open(options: OpenOptions = {}): Promise<VscodePage> {
    const { browser, codeServer, target } = session();
    const context = await browser.newContext({ viewport: options.viewport ?? { width: 1400, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const vs = new VscodePage(context, page);
    open.add(vs);
    // The workbench loads many modules: 'load' can take long on a busy machine; waitForWorkbench says when it is ready.
    await page.goto(codeServer.folderUrl(options.folder ?? target.workspace), { waitUntil: 'domcontentloaded', timeout: 60_000 });
    await vs.waitForWorkbench();
    return vs;
  }

  async close(): Promise<void> {
    await this.takeFailureScreenshot();
    open.delete(this);
    await this.context.close();
  }

  async takeFailureScreenshot(): Promise<void> {
    const name = failureShots.get(this);
    if (name === undefined) return;
    failureShots.delete(this);
    const file = await this.screenshot(name, { readme: false }).catch(() => undefined);
    if (file) process.stdout.write(`      screenshot: ${file}\n`);
  }

  /**
   * The workbench is up and the extension host has registered the contributions of installed extensions (the
   * `Gitea` activity-bar entry; on a loaded machine that comes seconds after the workbench itself).
   */
  async waitForWorkbench(container = 'Gitea'): Promise<void> {
    await this.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await this.activityBarItem(container).waitFor({ timeout: 60_000 });
  }

  /** The activity-bar entry (the `li.action-item`, which carries `aria-selected`) of a view container. */
  activityBarItem(title: string): Locator {
    return this.page.locator(`.part.activitybar li.action-item:has(a.action-label[aria-label^="${title}"])`).first();
  }

  /** Runs a command by its palette title, e.g. `Gitea: Sign In`. */
  async runCommand(title: string): Promise<void> {
    await this.closeQuickInput();
    await this.page.keyboard.press('F1');
    const box = this.page.locator(QUICK_INPUT_BOX);
    await box.waitFor();
    await box.fill(`>${title}`);
    await this.quickRow(title).click();
  }

  /** Types into the open quick input (input box or quick pick filter) and, by default, presses Enter. */
  async fillQuickInput(text: string, options: { submit?: boolean; timeout?: number } = {}): Promise<void> {
    // Not the palette's own box while it is still closing: the text is for the input the command opens (unless it
    // is a `>command` typed into the palette itself).
    const box = this.page.locator(text.startsWith('>') ? QUICK_INPUT_BOX : `${QUICK_INPUT_BOX}:not([placeholder^="Type the name of a command"])`);
    await box.waitFor({ timeout: options.timeout });
    await box.fill(text, { timeout: options.timeout });
    if (options.submit ?? true) await box.press('Enter');
  }

  /**
   * "Gitea: Select Repository…" → "Other repository…" → the account on `host` (asked when signed in to several
   * instances) → `owner/repo`. The steps reuse one input: each is waited for before it is answered.
   */
  async selectOtherRepository(host: string, ownerRepo: string): Promise<void> {
    await this.runCommand('Gitea: Select Repository…');
    await this.pickQuickItem('Other repository…');
    const prompt = this.page.locator(`${QUICK_INPUT} .quick-input-message`, { hasText: `owner/repo on ${host}` });
    const account = this.page.locator(QUICK_ROW, { hasText: host }).first();
    await Promise.race([prompt.waitFor(), account.waitFor()]);
    if (!(await prompt.isVisible())) await account.click();
    await prompt.waitFor();
    await this.fillQuickInput(ownerRepo);
    await this.page.locator(QUICK_INPUT).waitFor({ state: 'hidden', timeout: 30_000 });
  }

  /** The prompt or validation message under the quick input. */
  async quickInputMessage(): Promise<string> {
    return (await this.page.locator(`${QUICK_INPUT} .quick-input-message`).innerText()).trim();
  }

  /** Labels of the quick pick's visible items. */
  async quickItems(): Promise<string[]> {
    await this.page.locator(QUICK_ROW).first().waitFor();
    return this.page.locator(`${QUICK_ROW} .label-name`).allInnerTexts();
  }

  /** Clicks the quick pick item with this label. */
  async pickQuickItem(label: string): Promise<void> {
    await this.quickRow(label).click();
  }

  async closeQuickInput(): Promise<void> {
    if (await this.page.locator(QUICK_INPUT).isVisible()) await this.page.keyboard.press('Escape');
  }

  private quickRow(label: string): Locator {
    const exact = new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`);
    return this.page.locator(QUICK_ROW).filter({ has: this.page.locator('.label-name', { hasText: exact }) }).first();
  }

  /** Shows a view container in the side bar (clicking its activity-bar entry only when it is not showing: a
   * second click would hide the side bar). */
  async openViewContainer(title = 'Gitea'): Promise<void> {
    const item = this.activityBarItem(title);
    await item.waitFor();
    if ((await item.getAttribute('aria-selected')) !== 'true') await item.click();
    const heading = new RegExp(`^\\s*${escapeRegExp(title)}\\s*$`, 'i');
    await this.page.locator('.part.sidebar .composite.title .title-label h2', { hasText: heading }).waitFor();
  }

  /** A view (a pane of the open container) by its title. */
  view(title: string): ViewPane {
    return new ViewPane(this.page, title);
  }

  /** Texts of the notification toasts on screen. */
  async notifications(): Promise<string[]> {
    return this.page.locator(TOASTS).allInnerTexts();
  }

  /** Waits until a toast matching `text` shows, and returns its text. */
  async waitForNotification(text: string | RegExp, timeout = 15_000): Promise<string> {
    const toast = this.page.locator(TOASTS).filter({ hasText: text }).first();
    await toast.waitFor({ timeout });
    return toast.innerText();
  }

  /** Closes the notification toasts on screen (those matching `keep` stay). */
  async dismissNotifications(keep?: RegExp): Promise<void> {
    await dismissToasts(this.page, keep);
  }

  /**
   * Saves test-results/screenshots/<name>.png; with GITEA_UPDATE_SCREENSHOTS=1 also media/screenshots/<name>.png
   * (the README's images). A README screenshot is taken in a clean state (readmeShot.ts): `notification` names the
   * one toast it is about; any other toast, a loading row or a progress bar fails the test.
   */
  async screenshot(name: string, options: { readme?: boolean; notification?: RegExp } = {}): Promise<string> {
    if (options.readme !== false) await readyForReadme(this.page, name, options.notification);
    const dir = join(RESULTS_DIR, 'screenshots');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${name}.png`);
    await this.page.screenshot({ path: file });
    if (process.env.GITEA_UPDATE_SCREENSHOTS === '1' && options.readme !== false) {
      const media = join(REPO_ROOT, 'media', 'screenshots');
      mkdirSync(media, { recursive: true });
      copyFileSync(file, join(media, `${name}.png`));
    }
    return file;
  }
}

export class ViewPane {
  constructor(
    private readonly page: Page,
    readonly title: string,
  ) {}

  /** The `.pane` whose header holds the title. */
  get root(): Locator {
    const title = new RegExp(`^\\s*${escapeRegExp(this.title)}\\s*$`, 'i');
    return this.page.locator('.part.sidebar .pane').filter({ has: this.page.locator('.pane-header h3.title', { hasText: title }) }).first();
  }

  get header(): Locator {
    return this.root.locator('.pane-header').first();
  }

  /** Expands the pane when it is collapsed. */
  async expand(): Promise<void> {
    await this.header.waitFor();
    if ((await this.header.getAttribute('aria-expanded')) === 'false') await this.header.click();
  }

  items(): Locator {
    return this.root.locator('[role="treeitem"]');
  }

  /** Labels of the visible tree items (the tree is virtualized: only rendered rows). */
  async labels(options: { wait?: boolean } = {}): Promise<string[]> {
    await this.expand();
    if (options.wait ?? true) await this.items().first().waitFor();
    return this.root.locator('[role="treeitem"] .label-name').allInnerTexts();
  }

  item(label: string): Locator {
    return this.items().filter({ has: this.page.locator('.label-name', { hasText: label }) }).first();
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
