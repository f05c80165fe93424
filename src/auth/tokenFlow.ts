// Sign-in step for an existing access token: the token is checked with GET /user and GET /version while the
// input stays open; a rejected token shows the reason under it, other failures re-open the step they concern.
import * as vscode from 'vscode';
import { instanceLabel } from '../shared/instanceUrl';
import { signInWithToken } from './credentialCheck';
import { BACK, askVerified } from '../core/quickInput';
import { CANCEL, type FlowContext, type FlowOutcome } from './signInDraft';
import { routeFailure } from './signInErrors';
import { confirmPlainHttp } from './transportSecurity';

export async function askToken(ctx: FlowContext, errorMessage?: string): Promise<FlowOutcome> {
  const { draft } = ctx;
  const outcome = await askVerified<FlowOutcome>(
    {
      title: ctx.title,
      step: ctx.totalSteps,
      totalSteps: ctx.totalSteps,
      prompt: vscode.l10n.t('Access token of {0} on {1} (create one under Settings → Applications: {2})', draft.username || '…', instanceLabel(draft.instanceUrl), `${draft.instanceUrl}user/settings/applications`),
      placeholder: vscode.l10n.t('Access token'),
      value: draft.token,
      password: true,
      back: true,
      errorMessage,
      validate: (v) => (v.trim() ? undefined : vscode.l10n.t('Enter the access token.')),
    },
    async (value, signal) => {
      draft.token = value.trim();
      if (!(await confirmHttp(ctx))) return { stay: vscode.l10n.t('Not sent. Use the https:// address of the instance.') };
      try {
        return { outcome: { kind: 'verified', result: await signInWithToken(draft.instanceUrl, draft.token, ctx.log, signal) } };
      } catch (e) {
        return routeFailure(e, draft.instanceUrl, 'token', 'secret', ctx.log);
      }
    },
  );
  return outcome === BACK ? { kind: 'back' } : (outcome ?? CANCEL);
}

/** Asks once per form (and instance) before credentials go over plain http:// to a non-loopback host. */
export async function confirmHttp(ctx: FlowContext): Promise<boolean> {
  const { draft } = ctx;
  if (draft.plainHttpConfirmedFor === draft.instanceUrl) return true;
  const ok = await confirmPlainHttp(draft.instanceUrl, draft.method);
  if (ok) draft.plainHttpConfirmedFor = draft.instanceUrl;
  return ok;
}
