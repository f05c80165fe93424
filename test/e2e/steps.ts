// Steps several UI specs share: running a command as soon as the palette lists it, signing in with a token through
// the sign-in form, and the document inside the active webview (the Create Issue form, an issue page).
import type { FrameLocator, Locator } from 'playwright-core';
import { session } from './session';
import { VscodePage } from './vscodePage';

/** The palette lists an extension's commands only once the extension host has registered them: retry until then. */
export async function runCommandWhenListed(vs: VscodePage, title: string, attempts = 4): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      return await vs.runCommand(title);
    } catch (e) {
      if (i >= attempts) throw e;
      await vs.closeQuickInput();
    }
  }
}

/**
 * Runs a command whose quick pick takes typed text, and types it. A pick closes when something takes the focus as
 * it opens (a view that finished loading): then it is opened again.
 */
export async function runCommandAndType(vs: VscodePage, title: string, text: string, attempts = 3): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      await vs.runCommand(title);
      return await vs.fillQuickInput(text, { submit: false, timeout: 5_000 });
    } catch (e) {
      if (i >= attempts) throw e;
      await vs.closeQuickInput();
    }
  }
}

/** "Gitea: Sign In…" with a token, waiting for each step of the form (the steps reuse one input). */
export async function signInWithToken(vs: VscodePage, url: string, username: string, token: string): Promise<void> {
  const atStep = (n: number) => vs.page.locator('.quick-input-widget .quick-input-title', { hasText: `(${n}/4)` }).waitFor();
  await runCommandWhenListed(vs, 'Gitea: Sign In…');
  await atStep(1);
  await vs.fillQuickInput(url);
  await atStep(2);
  await vs.fillQuickInput(username);
  await atStep(3);
  await vs.pickQuickItem('Access token');
  await atStep(4);
  await vs.fillQuickInput(token);
  await vs.waitForNotification(/Signed in to .* as /, 30_000);
}

/** The document inside the active webview panel (its inner frame): VS Code keeps the frames of the other panels
 * in the page, hidden, so the newest frame is not always the one on screen. */
export function activeWebview(vs: VscodePage): FrameLocator {
  return vs.page.frameLocator('iframe.webview.ready:visible').last().frameLocator('#active-frame');
}

/** Collapses every pane of the open view container but `title`, so its items have room. */
export async function onlyPane(vs: VscodePage, title: string): Promise<void> {
  const headers = vs.page.locator('.part.sidebar .pane-header[aria-expanded="true"]');
  for (let i = (await headers.count()) - 1; i >= 0; i--) {
    const header = headers.nth(i);
    const text = (await header.locator('h3.title').innerText()).trim();
    if (text.toLowerCase() !== title.toLowerCase()) await header.click();
  }
  await vs.view(title).expand();
}

/**
 * Clicks a Changed Files row until a diff editor opens, and returns its modified side once it shows `text`. The view
 * redraws its rows as the pull request's review state arrives; a row redrawn between the press and the release
 * loses the click, so a click after which no diff editor opens is made again (a third miss fails, naming the open
 * tabs). A diff editor that opened is waited for, never clicked again: on a loaded machine it takes its time.
 */
export async function openChangedFileDiff(vs: VscodePage, row: Locator, text: string): Promise<Locator> {
  const modified = vs.page.locator('.monaco-diff-editor .editor.modified');
  const shown = modified.locator('.view-lines', { hasText: text });
  for (let attempt = 1; ; attempt++) {
    await row.click();
    try {
      await modified.first().waitFor({ timeout: attempt < 3 ? 15_000 : 30_000 });
      await shown.waitFor({ timeout: 30_000 });
      return modified;
    } catch (e) {
      if (attempt >= 3 || (await modified.count()) > 0) {
        const tabs = await vs.page.locator('.tabs-container .tab').allInnerTexts().catch(() => []);
        throw new Error(`${(e as Error).message}\nOpen tabs: ${tabs.map((t) => t.trim()).join(' | ') || 'none'}`, { cause: e });
      }
    }
  }
}

/**
 * Opens issue `#number` of the active repository with "Gitea: Open Issue or Pull Request…", picking its own row once
 * the recent issues are listed (the list redraws when they arrive; `#1` alone also matches `#12` and the typed
 * reference's row), and gives the page once its title shows.
 */
export async function openIssuePage(vs: VscodePage, number: number): Promise<FrameLocator> {
  await runCommandAndType(vs, 'Gitea: Open Issue or Pull Request…', `#${number}`);
  const row = vs.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: new RegExp(`(^|\\s)#${number}\\s`) }).first();
  await row.waitFor({ timeout: 30_000 });
  await row.click();
  const frame = activeWebview(vs);
  await frame.locator('h1', { hasText: `#${number}` }).waitFor({ timeout: 30_000 });
  return frame;
}

/** A window of 1400×900 signed in with the run's token, the Gitea container open: where most UI tests start. */
export async function openSignedIn(): Promise<VscodePage> {
  const vs = await VscodePage.open({ viewport: { width: 1400, height: 900 } });
  const { target } = session();
  await signInWithToken(vs, target.url, target.user.username, target.user.token!);
  await vs.openViewContainer('Gitea');
  return vs;
}
