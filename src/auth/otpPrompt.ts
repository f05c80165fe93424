// The one-time-code prompt for two-factor accounts (X-Gitea-OTP), opened when the user chose "Enter a one-time
// code" after the password was refused. Each code works once, so the code is spent on creating the access token
// and the token then passes GET /user and GET /version. A rejected code shows the same prompt with an error;
// Back returns to the password, which may have been the wrong part.
import * as vscode from 'vscode';
import { instanceLabel } from '../shared/instanceUrl';
import { refusesPasswordForSecurityKey, signInWithOtp } from './credentialCheck';
import { offerTokenForSecurityKey } from './passwordRefused';
import { BACK, askVerified } from '../core/quickInput';
import { CANCEL, type FlowContext, type FlowOutcome } from './signInDraft';
import { routeFailure } from './signInErrors';

const SECURITY_KEY = Symbol('securityKey');

export async function askOtp(ctx: FlowContext, errorMessage?: string): Promise<FlowOutcome> {
  const { draft } = ctx;
  const outcome = await askVerified<FlowOutcome | typeof SECURITY_KEY>(
    {
      title: ctx.title,
      step: ctx.totalSteps,
      totalSteps: ctx.totalSteps,
      prompt: vscode.l10n.t(
        'One-time code of {0} on {1}, from your authenticator app. It is used once, to create an access token for this editor.',
        draft.username,
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
        // The security key is checked before the code: only a token can sign in (offered after the prompt closes).
        if (refusesPasswordForSecurityKey(e)) return { outcome: SECURITY_KEY };
        return routeFailure(e, draft.instanceUrl, 'otp', 'otp', ctx.log);
      }
    },
  );
  if (outcome === SECURITY_KEY) {
    const offered = await offerTokenForSecurityKey(ctx);
    return offered === BACK ? { kind: 'goto', step: 'secret' } : (offered ?? CANCEL);
  }
  return outcome === BACK ? { kind: 'goto', step: 'secret' } : (outcome ?? CANCEL);
}
