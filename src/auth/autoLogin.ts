// One-shot sign-in from the environment, for `npm start` (scripts/start.mjs) and similar launchers:
//   GITEA_WORKBENCH_AUTOLOGIN_URL       instance URL
//   GITEA_WORKBENCH_AUTOLOGIN_USERNAME  user name (informational; the token decides the account)
//   GITEA_WORKBENCH_AUTOLOGIN_TOKEN     access token
// Read once at activation and removed from this process's environment at once (autoLoginEnvironment.ts: git and
// other child processes never inherit the token). The token is checked like any sign-in (GET /user + GET /version) and
// stored in SecretStorage only when no account exists on that instance yet. Each URL|user pair is used once per
// profile: after the user signs out, a later start does not sign them in again.
import type * as vscode from 'vscode';
import { normalizeInstanceUrl } from '../shared/instanceUrl';
import type { AccountStore } from './accountStore';
import { AUTO_LOGIN_ENV, type AutoLoginEnvironment } from './autoLoginEnvironment';
import { signInWithArgs } from './signInArgs';

const DONE_KEY = 'gitea.autoLoginDone';

/** `taken`: what takeAutoLoginEnvironment() took at activation (autoLoginEnvironment.ts). */
export async function autoLogin(context: vscode.ExtensionContext, store: AccountStore, log: vscode.LogOutputChannel, taken: AutoLoginEnvironment): Promise<void> {
  const { url, username, token } = taken;
  if (!url || !token) return;
  const normalized = normalizeInstanceUrl(url);
  if (!normalized.ok) {
    log.warn(`${AUTO_LOGIN_ENV.url} is not a usable instance address; automatic sign-in skipped.`);
    return;
  }
  const marker = `${normalized.url}|${username ?? ''}`;
  const done = context.globalState.get<string[]>(DONE_KEY, []);
  await store.verifySecrets();
  if (done.includes(marker) || store.accounts.some((a) => a.instanceUrl === normalized.url)) return;
  const result = await signInWithArgs({ store, log }, { url: normalized.url, username, token }, { quiet: true });
  if (result.ok) {
    await context.globalState.update(DONE_KEY, [...done, marker]);
    log.info(`Signed in from the environment as ${result.account.username}.`);
  } else {
    log.warn(`Automatic sign-in from the environment failed (${result.kind}): ${result.message}`);
  }
}
