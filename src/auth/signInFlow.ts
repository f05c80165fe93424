// "Gitea: Sign In" as a multi-step form: instance URL → user name → token or password → (if the password was
// refused: retype it, or a one-time code; see passwordRefused.ts).
// Nothing is saved until the server accepted the credentials (GET /user + GET /version). A failure re-opens
// the step it concerns with what was typed and the reason; after such a detour the form goes straight back to
// the credential step instead of walking through every step again.
import * as vscode from 'vscode';
import type { Account } from '../core/services';
import { instanceLabel, normalizeInstanceUrl, type InstanceUrlProblem } from '../shared/instanceUrl';
import type { AccountStore } from './accountStore';
import { askOtp } from './otpPrompt';
import { askPassword } from './passwordFlow';
import { BACK, askPick, askText } from '../core/quickInput';
import type { FlowContext, FlowOutcome, SignInDraft, SignInMethod } from './signInDraft';
import type { SignInStep } from './signInErrors';
import { askToken } from './tokenFlow';

type FormStep = 'url' | 'username' | 'method' | SignInStep;

/** What the user typed last time (never a secret), so that a cancelled or failed form can be picked up again. */
let lastTyped: Pick<SignInDraft, 'url' | 'username' | 'method'> | undefined;

export interface SignInDeps {
  readonly store: AccountStore;
  readonly log: vscode.LogOutputChannel;
  /** An instance URL guessed from the workspace's remotes, offered when nothing was typed before. */
  readonly guessInstanceUrl?: () => string | undefined;
}

export interface SignInPrefill {
  readonly url?: string;
  readonly username?: string;
  /** Sign In Again (signInAgain.ts): the form opens at the credential step, the instance and user name filled in. */
  readonly again?: { readonly method: SignInMethod };
}

export async function runSignInForm(deps: SignInDeps, prefill: SignInPrefill = {}): Promise<Account | undefined> {
  const draft: SignInDraft = {
    url: prefill.url ?? lastTyped?.url ?? deps.guessInstanceUrl?.() ?? '',
    instanceUrl: '',
    username: prefill.username ?? lastTyped?.username ?? '',
    method: prefill.again?.method ?? lastTyped?.method ?? 'token',
    token: '',
    password: '',
  };
  const again = prefill.again && normalizeInstanceUrl(draft.url);
  if (again?.ok) draft.instanceUrl = again.url;
  const title = again?.ok ? vscode.l10n.t('Sign In Again to {0}', instanceLabel(draft.instanceUrl)) : vscode.l10n.t('Sign In to Gitea or Forgejo');
  const ctx: FlowContext = { draft, log: deps.log, title, totalSteps: 4 };
  // Signing in again starts at the token (or password); Back still reaches every step, and a detour comes back here.
  let step: FormStep = again?.ok && draft.username ? 'secret' : 'url';
  let message: string | undefined;
  let detour = step === 'secret';
  for (;;) {
    lastTyped = { url: draft.url, username: draft.username, method: draft.method };
    let outcome: FlowOutcome | undefined;
    switch (step) {
      case 'url': {
        const url = await askText({
          title: ctx.title,
          step: 1,
          totalSteps: ctx.totalSteps,
          prompt: vscode.l10n.t('Address of the instance, e.g. https://git.example.com or https://example.com/gitea (a port and a sub-path are fine)'),
          placeholder: 'https://git.example.com',
          value: draft.url,
          errorMessage: message,
          validate: (v) => urlProblem(v),
        });
        if (url === undefined || url === BACK) return undefined;
        draft.url = url.trim();
        draft.instanceUrl = (normalizeInstanceUrl(url) as { url: string }).url;
        step = detour && draft.username ? 'secret' : 'username';
        break;
      }
      case 'username': {
        const username = await askText({
          title: ctx.title,
          step: 2,
          totalSteps: ctx.totalSteps,
          prompt: vscode.l10n.t('Your user name on {0}', draft.instanceUrl),
          placeholder: vscode.l10n.t('User name'),
          value: draft.username,
          errorMessage: message,
          back: true,
          validate: (v) => (v.trim() ? undefined : vscode.l10n.t('Enter your user name.')),
        });
        if (username === undefined) return undefined;
        if (username === BACK) step = 'url';
        else {
          draft.username = username.trim();
          step = detour ? 'secret' : 'method';
        }
        break;
      }
      case 'method': {
        const method = await askPick<SignInMethod>({
          title: ctx.title,
          step: 3,
          totalSteps: ctx.totalSteps,
          placeholder: vscode.l10n.t('How do you want to sign in?'),
          back: true,
          active: draft.method,
          items: [
            { value: 'token', label: `$(key) ${vscode.l10n.t('Access token')}`, detail: vscode.l10n.t('A token you created under Settings → Applications.') },
            { value: 'password', label: `$(lock) ${vscode.l10n.t('Password')}`, detail: vscode.l10n.t('The editor can create a scoped access token from it and keep only the token.') },
          ],
        });
        if (method === undefined) return undefined;
        if (method === BACK) step = 'username';
        else {
          draft.method = method;
          step = 'secret';
        }
        break;
      }
      case 'secret':
        outcome = draft.method === 'token' ? await askToken(ctx, message) : await askPassword(ctx, message);
        break;
      case 'otp':
        outcome = await askOtp(ctx, message);
        break;
    }
    message = undefined;
    if (!outcome) continue;
    switch (outcome.kind) {
      case 'cancel':
        return undefined;
      case 'back':
        step = step === 'otp' ? 'secret' : 'method';
        break;
      case 'goto':
        detour = outcome.step !== 'otp';
        step = outcome.step;
        message = outcome.message;
        break;
      case 'verified': {
        const { account, secret } = outcome.result;
        await deps.store.add(account, secret);
        await deps.store.setPreferred(account);
        lastTyped = { url: draft.url, username: account.username, method: draft.method };
        return account;
      }
    }
  }
}

export function urlProblem(value: string): string | undefined {
  const n = normalizeInstanceUrl(value);
  return n.ok ? undefined : URL_PROBLEMS[n.problem]();
}

const URL_PROBLEMS: Record<InstanceUrlProblem, () => string> = {
  empty: () => vscode.l10n.t('Enter the address of your Gitea or Forgejo instance.'),
  scheme: () => vscode.l10n.t('Use an http:// or https:// address.'),
  invalid: () => vscode.l10n.t('This is not a valid web address.'),
  credentials: () => vscode.l10n.t('Leave the user name and password out of the address; they are asked next.'),
};
