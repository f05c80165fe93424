// Sign-in steps for a password: check it (GET /user, GET /version), then offer to trade it for a scoped access
// token so that only the token is kept. A 401 may mean a wrong password or a two-factor account (real Gitea
// answers both the same way), so the user picks "retype the password" or "enter a one-time code"
// (passwordRefused.ts); an account with a security key is led to the access-token step instead.
import * as vscode from 'vscode';
import { instanceLabel } from '../shared/instanceUrl';
import { TOKEN_SCOPES, checkCredentials, mayNeedOtp, refusesPasswordForSecurityKey, tradePasswordForToken, verified, type ServerIdentity } from './credentialCheck';
import { askAfterRefusedPassword, offerTokenForSecurityKey } from './passwordRefused';
import { BACK, askPick, askVerified } from '../core/quickInput';
import { CANCEL, type FlowContext, type FlowOutcome } from './signInDraft';
import { describeSignInError, routeFailure } from './signInErrors';
import { confirmHttp } from './tokenFlow';

export async function askPassword(ctx: FlowContext, errorMessage?: string): Promise<FlowOutcome> {
  const { draft } = ctx;
  for (;;) {
    // The check either confirms the password (the server's identity) or leaves the step with an outcome.
    type Checked = { identity: ServerIdentity } | { outcome: FlowOutcome } | { refused: 'password' | 'securityKey'; message: string };
    const checked = await askVerified<Checked>(
      {
        title: ctx.title,
        step: ctx.totalSteps,
        totalSteps: ctx.totalSteps,
        prompt: vscode.l10n.t('Password of {0} on {1}', draft.username, instanceLabel(draft.instanceUrl)),
        placeholder: vscode.l10n.t('Password'),
        value: draft.password,
        password: true,
        back: true,
        errorMessage,
        validate: (v) => (v ? undefined : vscode.l10n.t('Enter the password.')),
      },
      async (value, signal) => {
        draft.password = value;
        if (!(await confirmHttp(ctx))) return { stay: vscode.l10n.t('Not sent. Use the https:// address of the instance.') };
        try {
          return { outcome: { identity: await checkCredentials(draft.instanceUrl, { kind: 'basic', username: draft.username, password: value }, ctx.log, signal) } };
        } catch (e) {
          const securityKey = refusesPasswordForSecurityKey(e);
          if (securityKey || mayNeedOtp(e)) {
            const message = describeSignInError(e, draft.instanceUrl, 'password')?.message ?? '';
            ctx.log.warn(`Sign-in to ${instanceLabel(draft.instanceUrl)} refused the password: ${message}`);
            return { outcome: { refused: securityKey ? 'securityKey' : 'password', message } };
          }
          const routed = routeFailure(e, draft.instanceUrl, 'password', 'secret', ctx.log);
          return 'stay' in routed ? routed : { outcome: routed };
        }
      },
    );
    if (checked === BACK) return { kind: 'back' };
    if (checked === undefined) return CANCEL;
    if ('outcome' in checked) return checked.outcome;
    if ('refused' in checked) {
      // Back from either choice returns here, to the password (kept, so that it can be corrected).
      errorMessage = checked.message;
      if (checked.refused === 'securityKey') {
        const offered = await offerTokenForSecurityKey(ctx);
        if (offered === BACK) continue;
        return offered ?? CANCEL;
      }
      const choice = await askAfterRefusedPassword(ctx);
      if (choice === undefined) return CANCEL;
      if (choice === 'otp') return { kind: 'goto', step: 'otp' };
      if (choice === 'username') return { kind: 'goto', step: 'username' };
      continue;
    }
    const identity = checked.identity;
    const kept = await askWhatToKeep(ctx, identity);
    if (kept === BACK) {
      errorMessage = undefined;
      continue;
    }
    return kept ?? CANCEL;
  }
}

type Keep = 'token' | 'password';

/** The offer to keep a token instead of the password; the token is created here, with a progress note. */
async function askWhatToKeep(ctx: FlowContext, identity: ServerIdentity): Promise<FlowOutcome | typeof BACK | undefined> {
  const { draft } = ctx;
  const choice = await askPick<Keep>({
    title: ctx.title,
    placeholder: vscode.l10n.t('The password is correct. What should be kept in the secret storage?'),
    back: true,
    items: [
      {
        value: 'token',
        label: `$(key) ${vscode.l10n.t('Create an access token and keep only the token')}`,
        description: vscode.l10n.t('recommended'),
        detail: vscode.l10n.t('Scopes: {0}. You can revoke it any time under Settings → Applications.', TOKEN_SCOPES.join(', ')),
      },
      {
        value: 'password',
        label: `$(lock) ${vscode.l10n.t('Keep the password')}`,
        detail: vscode.l10n.t('Works where token creation is turned off; gives the editor full access to the account.'),
      },
    ],
  });
  if (choice === BACK || choice === undefined) return choice;
  if (choice === 'password') return { kind: 'verified', result: verified(draft.instanceUrl, identity, { kind: 'basic', password: draft.password }) };
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Creating an access token on {0}…', instanceLabel(draft.instanceUrl)), cancellable: true },
    async (_progress, token): Promise<FlowOutcome> => {
      const abort = new AbortController();
      token.onCancellationRequested(() => abort.abort());
      try {
        return { kind: 'verified', result: await tradePasswordForToken(draft.instanceUrl, identity, draft.password, ctx.log, abort.signal) };
      } catch (e) {
        // The pick is closed by now: a failure of the password step re-opens it with the message.
        const routed = routeFailure(e, draft.instanceUrl, 'password', 'secret', ctx.log);
        return 'stay' in routed ? { kind: 'goto', step: 'secret', message: routed.stay } : routed.outcome;
      }
    },
  );
}
