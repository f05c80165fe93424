// What the sign-in form asks after the server refused a password. Gitea answers a mistyped password and a
// missing one-time code with the same 401, so the user says which it was (retyping comes first: most accounts
// have no two-factor authentication). An account with a security key (WebAuthn) cannot use its password from
// other apps at all: the form explains that and leads to the access-token step.
import * as vscode from 'vscode';
import { BACK, askPick, type StepResult } from '../core/quickInput';
import { instanceLabel } from '../shared/instanceUrl';
import type { FlowContext, FlowOutcome } from './signInDraft';
import { securityKeyMessage } from './signInErrors';
import { inertText } from '../shared/untrustedText';
import { openServerUrl } from '../core/openExternal';

export type RefusedPasswordChoice = 'retype' | 'otp' | 'username';

/** The choice after a 401 on a password; BACK returns to the password step, undefined closes the form. */
export function askAfterRefusedPassword(ctx: FlowContext): Promise<StepResult<RefusedPasswordChoice>> {
  const { draft } = ctx;
  const host = instanceLabel(draft.instanceUrl);
  return askPick<RefusedPasswordChoice>({
    title: ctx.title,
    step: ctx.totalSteps,
    totalSteps: ctx.totalSteps,
    // Short enough to show whole in the input; the items' details say the rest.
    placeholder: vscode.l10n.t('Not accepted: a mistyped password, or a missing one-time code?'),
    back: true,
    active: 'retype',
    items: [
      {
        value: 'retype',
        label: `$(lock) ${vscode.l10n.t('Retype the password')}`,
        detail: vscode.l10n.t('If the password was mistyped. {0} answers a wrong password and a missing one-time code alike.', host),
      },
      {
        value: 'otp',
        label: `$(shield) ${vscode.l10n.t('Enter a one-time code')}`,
        detail: vscode.l10n.t('If the account uses two-factor authentication: the code from your authenticator app.'),
      },
      {
        value: 'username',
        label: `$(person) ${vscode.l10n.t('Correct the user name')}`,
        description: inertText(draft.username),
        detail: vscode.l10n.t('If this is not your user name on {0}.', host),
      },
    ],
  });
}

type TokenChoice = 'token' | 'browser';

/**
 * After a security-key refusal: sign in with an access token instead (optionally opening the page that creates
 * one). Resolves to the outcome that opens the token step, BACK (to the password step) or undefined (closed).
 */
export async function offerTokenForSecurityKey(ctx: FlowContext): Promise<FlowOutcome | typeof BACK | undefined> {
  const { draft } = ctx;
  const host = instanceLabel(draft.instanceUrl);
  const settingsUrl = `${draft.instanceUrl}user/settings/applications`;
  const choice = await askPick<TokenChoice>({
    title: ctx.title,
    step: ctx.totalSteps,
    totalSteps: ctx.totalSteps,
    placeholder: vscode.l10n.t('{0} has a security key (WebAuthn): sign in with an access token instead of the password.', draft.username),
    back: true,
    active: 'browser',
    items: [
      {
        value: 'browser',
        label: `$(link-external) ${vscode.l10n.t('Create an access token in the browser')}`,
        detail: vscode.l10n.t('Opens Settings → Applications on {0}; paste the new token in the next step.', host),
      },
      {
        value: 'token',
        label: `$(key) ${vscode.l10n.t('Sign in with an access token')}`,
        detail: vscode.l10n.t('If you already have a token of this account.'),
      },
    ],
  });
  if (choice === BACK || choice === undefined) return choice;
  if (choice === 'browser') void openServerUrl(settingsUrl, draft.instanceUrl);
  draft.method = 'token';
  return { kind: 'goto', step: 'secret', message: securityKeyMessage(host) };
}
