// `gitea.signIn` with arguments, for keybindings, tests and `npm start`: the same checks as the form (GET /user
// and GET /version before anything is saved), without the form. The arguments are never logged.
import * as vscode from 'vscode';
import type { Account } from '../core/services';
import { normalizeInstanceUrl } from '../shared/instanceUrl';
import { signInWithOtp, signInWithPassword, signInWithToken, type VerifiedSignIn } from './credentialCheck';
import { describeSignInError } from './signInErrors';
import type { SignInDeps } from './signInFlow';
import { confirmPlainHttp, offerCertificateFixes } from './transportSecurity';
import { inertText } from '../shared/untrustedText';

export interface SignInArgs {
  readonly url: string;
  readonly username?: string;
  readonly token?: string;
  readonly password?: string;
  /** One-time code of a two-factor account (used once, to create the token). */
  readonly otp?: string;
  /** With a password: keep the password instead of creating a token (default false). */
  readonly keepPassword?: boolean;
}

/** What `executeCommand('gitea.signIn', args)` resolves to. */
export type SignInResult =
  | { readonly ok: true; readonly account: Account }
  | { readonly ok: false; readonly kind: string; readonly message: string };

export function isSignInArgs(value: unknown): value is SignInArgs {
  return typeof value === 'object' && value !== null && typeof (value as { url?: unknown }).url === 'string';
}

/** True when the arguments carry a credential (otherwise the form opens, prefilled with url/username). */
export function hasCredential(args: SignInArgs): boolean {
  return typeof args.token === 'string' || typeof args.password === 'string';
}

export async function signInWithArgs(deps: SignInDeps, args: SignInArgs, options: { quiet?: boolean } = {}): Promise<SignInResult> {
  const fail = (kind: string, message: string): SignInResult => {
    if (!options.quiet) void vscode.window.showErrorMessage(message);
    return { ok: false, kind, message };
  };
  const normalized = normalizeInstanceUrl(args.url);
  if (!normalized.ok) return fail('validation', vscode.l10n.t('"{0}" is not a usable instance address.', inertText(args.url)));
  const instanceUrl = normalized.url;
  const secretKind = typeof args.token === 'string' ? 'token' : 'password';
  if (!(await confirmPlainHttp(instanceUrl, secretKind))) return fail('cancelled', vscode.l10n.t('Sign-in cancelled: the instance uses http://.'));
  let result: VerifiedSignIn;
  try {
    if (typeof args.token === 'string') {
      result = await signInWithToken(instanceUrl, args.token.trim(), deps.log);
    } else {
      if (!args.username) return fail('validation', vscode.l10n.t('Signing in with a password needs a user name.'));
      result = args.otp
        ? await signInWithOtp(instanceUrl, args.username, args.password ?? '', args.otp, deps.log)
        : await signInWithPassword(instanceUrl, args.username, args.password ?? '', args.keepPassword === true, deps.log);
    }
  } catch (e) {
    const failure = describeSignInError(e, instanceUrl, args.otp ? 'otp' : secretKind);
    if (!failure) return { ok: false, kind: 'cancelled', message: vscode.l10n.t('Sign-in cancelled.') };
    deps.log.warn(`Sign-in to ${instanceUrl} failed (${failure.kind}): ${failure.message}`);
    // Certificate problems come with their own notification (fix-it buttons, or the CA file setting).
    if (failure.kind === 'tls') {
      if (failure.untrustedCertificate && !options.quiet) offerCertificateFixes(instanceUrl, failure.message);
      return { ok: false, kind: failure.kind, message: failure.message };
    }
    return fail(failure.kind, failure.message);
  }
  await deps.store.add(result.account, result.secret);
  await deps.store.setPreferred(result.account);
  return { ok: true, account: result.account };
}
