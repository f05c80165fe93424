// The one UI function for a command's target: the target, or a message that says why there is none with a button
// that signs in, signs in again (the server refused the account's token) or selects a repository.
import * as vscode from 'vscode';
import { isCaFileProblem, messageOf } from '../shared/errors';
import { instanceLabel } from '../shared/instanceUrl';
import { COMMAND } from './commandIds';
import type { RepoRef, Services } from './services';
import { offerSignInAgain } from './signInAgain';
import { resolveTarget, type Target, type TargetResolution } from './target';
import { inertText } from '../shared/untrustedText';

/**
 * The target of `repo` (the active repository when none is given) for a command, or undefined after telling the
 * user why, with a button that signs in or selects a repository.
 */
export async function targetOrSignIn(services: Services, repo?: RepoRef): Promise<Target | undefined> {
  let resolution: TargetResolution;
  try {
    resolution = await resolveTarget(services, repo);
  } catch (e) {
    // An unusable CA file was already shown with an Open Settings button.
    if (!isCaFileProblem(e)) void vscode.window.showErrorMessage(messageOf(e));
    services.log.warn(`Resolving the repository's account failed: ${messageOf(e)}`);
    return undefined;
  }
  // The message is not awaited: the command ends now, the button acts whenever it is clicked.
  const offer = (message: string, button: string, command: string, ...args: unknown[]): void =>
    void vscode.window.showInformationMessage(message, button).then((choice) => (choice === button ? vscode.commands.executeCommand(command, ...args) : undefined));
  const signIn = vscode.l10n.t('Sign In');
  switch (resolution.kind) {
    case 'ready': {
      // A refused token would only be refused again: the way out is to sign in again (its id names the account).
      const { account } = resolution.target;
      if (!services.accounts.needsSignIn(account.id)) return resolution.target;
      void offerSignInAgain(vscode.l10n.t('The server refused the access token of {0} on {1}. Sign in again to go on.', inertText(account.username), instanceLabel(account.instanceUrl)), account);
      return undefined;
    }
    case 'signedOut':
      offer(vscode.l10n.t('Sign in to a Gitea or Forgejo instance first.'), signIn, COMMAND.signIn);
      return undefined;
    case 'noRepository':
      offer(vscode.l10n.t('No Gitea repository is selected.'), vscode.l10n.t('Select Repository'), COMMAND.selectRepository);
      return undefined;
    case 'notSignedInThere': {
      const r = resolution.repo;
      offer(vscode.l10n.t('You are not signed in to {0}, where {1} is.', instanceLabel(r.instanceUrl), inertText(`${r.owner}/${r.repo}`)), signIn, COMMAND.signIn, { url: r.instanceUrl });
      return undefined;
    }
  }
}
