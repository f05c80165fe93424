// The one-time-code prompt for two-factor accounts (X-Gitea-OTP). Each code works once, so the code is spent
// on creating the access token and the token then passes GET /user and GET /version. A rejected code shows
// the same prompt with an error; Back returns to the password, which may have been the wrong part.
import * as vscode from 'vscode';
import { instanceLabel } from '../git/instanceUrl';
import { signInWithOtp } from './credentialCheck';
import { BACK, askVerified } from './quickInput';
import { CANCEL, type FlowContext, type FlowOutcome } from './signInDraft';
import { routeFailure } from './signInErrors';

export async function askOtp(ctx: FlowContext, errorMessage?: string): Promise<FlowOutcome> {
  const { draft } = ctx;
  const outcome = await askVerified<FlowOutcome>(
    {
      title: ctx.title,
      step: ctx.totalSteps,
      totalSteps: ctx.totalSteps,
      prompt: vscode.l10n.t(
        '{0} did not accept the password alone. If this account uses two-factor authentication, enter the one-time code from your authenticator app; otherwise go back and retype the password. The code is used once, to create an access token for this editor.',
        instanceLabel(draft.instanceUrl),
      ),
      placeholder: vscode.l10n.t('6-digit code'),
      back: true,
      errorMessage,
      validate: (v) => (/^\d{6,8}$/.test(v.replace(/\s/g, '')) ? undefined : vscode.l10n.t('The code is 6 digits.')),
    },
    async (value, signal) => {
      try {
        return { outcome: { kind: 'verified', result: await signInWithOtp(draft.instanceUrl, draft.username, draft.password, value.replace(/\s/g, ''), ctx.log, signal) } };
      } catch (e) {
        return routeFailure(e, draft.instanceUrl, 'otp', 'otp', ctx.log);
      }
    },
  );
  return outcome === BACK ? { kind: 'goto', step: 'secret' } : (outcome ?? CANCEL);
}
