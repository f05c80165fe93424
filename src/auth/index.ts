// Wiring of the account features: Sign In / Sign Out / Add CA Certificate commands, the authentication
// provider for the Accounts menu, the `gitea.signedIn` context key and the one-shot sign-in from the environment.
// What the commands run is loaded on their first use (signInLoader.ts, dist/signIn.js).
import * as vscode from 'vscode';
import { instanceLabel } from '../shared/instanceUrl';
import type { Account, Services } from '../core/services';
import { COMMAND } from '../core/commandIds';
import { messageOf } from '../shared/errors';
import type { AccountStore } from './accountStore';
import { AUTH_PROVIDER_ID, GiteaAuthenticationProvider } from './authProvider';
import { takeAutoLoginEnvironment } from './autoLoginEnvironment';
import type { SignInResult } from './signInArgs';
import type { SignInDeps, SignInPrefill } from './signInFlow';
import { loadSignIn } from './signInLoader';
import { inertText } from '../shared/untrustedText';

/** `guessInstanceUrl` prefills the sign-in form from the workspace's git remotes (src/git). */
export function registerAuth(services: Services, accounts: AccountStore, guessInstanceUrl: () => string | undefined): void {
  const { context, log } = services;
  const deps: SignInDeps = { store: accounts, log, guessInstanceUrl };
  const form = async (prefill?: SignInPrefill): Promise<Account | undefined> => {
    const account = await loadSignIn().runSignInForm(deps, prefill);
    if (account) void vscode.window.showInformationMessage(vscode.l10n.t('Signed in to {0} as {1}.', instanceLabel(account.instanceUrl), inertText(account.username)));
    return account;
  };
  const updateContext = (): void => {
    void vscode.commands.executeCommand('setContext', 'gitea.signedIn', accounts.accounts.length > 0);
    void vscode.commands.executeCommand('setContext', 'gitea.needsSignIn', accounts.needingSignIn.length > 0);
  };
  updateContext();
  const again = (arg?: unknown): Promise<Account | undefined> => loadSignIn().signInAgain(accounts, arg, form);
  const provider = new GiteaAuthenticationProvider(accounts, again);
  context.subscriptions.push(
    provider,
    vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, 'Gitea', provider, { supportsMultipleAccounts: true }),
    accounts.onDidChangeAccounts(updateContext),
    // Arguments (`{ url, username?, token? | password?, otp?, keepPassword? }`) sign in without the form;
    // `{ url, username? }` alone opens the form prefilled. Resolves to a SignInResult.
    vscode.commands.registerCommand(COMMAND.signIn, async (args?: unknown): Promise<SignInResult> => {
      const { isSignInArgs, hasCredential, signInWithArgs } = loadSignIn();
      if (isSignInArgs(args) && hasCredential(args)) return signInWithArgs(deps, args);
      const prefill = isSignInArgs(args) ? { url: args.url, username: args.username } : undefined;
      const account = await form(prefill);
      return account ? { ok: true, account } : { ok: false, kind: 'cancelled', message: vscode.l10n.t('Sign-in cancelled.') };
    }),
    vscode.commands.registerCommand(COMMAND.signOut, (arg?: unknown) => loadSignIn().signOut(accounts, arg)),
    vscode.commands.registerCommand(COMMAND.signInAgain, (arg?: unknown) => again(arg)),
    vscode.commands.registerCommand(COMMAND.addCaCertificate, () => loadSignIn().addCaCertificate()),
  );
  // Taken now (out of the environment of every process started from here on); used after activation.
  const taken = takeAutoLoginEnvironment();
  if (taken.url && taken.token) {
    setImmediate(() => void loadSignIn().autoLogin(context, accounts, log, taken).catch((e: unknown) => log.warn(`Automatic sign-in failed: ${messageOf(e)}`)));
  }
}
