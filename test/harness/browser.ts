// The browser toolPlan.ts chose (an installed Chrome, Chromium or Edge, or Debian's Chromium) driven by playwright-core
// (never `npx playwright install`: no download host is reachable from the project's machines).
import { chromium, type Browser } from 'playwright-core';
import { ensureTools } from './install';
import { onCleanup } from './proc';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(options: { headless?: boolean } = {}): Promise<Browser> {
  const { browser: executablePath } = await ensureTools();
  const browser = await chromium.launch({
    executablePath,
    args: CHROMIUM_ARGS,
    headless: options.headless ?? process.env.GITEA_E2E_HEADED !== '1',
    // Our own handlers (proc.ts) close the browser; Playwright's would exit the process before they run.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const unregister = onCleanup(() => browser.close());
  browser.once('disconnected', unregister);
  return browser;
}
