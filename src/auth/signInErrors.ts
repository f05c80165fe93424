// Which step of the sign-in form a failure belongs to, and the sentence shown there. Every message is built
// from the instance URL and the client's own secret-free message; the typed secret never appears in one.
import * as vscode from 'vscode';
import { isGiteaError, type GiteaErrorKind } from '../api/errorKind';
import { instanceLabel } from '../shared/instanceUrl';
import { isCaFileProblem } from '../shared/errors';
import { refusesPasswordForSecurityKey } from './credentialCheck';
import type { FlowOutcome, SignInStep } from './signInDraft';
import { offerCertificateFixes } from './transportSecurity';
import { messageOf } from '../shared/errors';
import { inertText } from '../shared/untrustedText';

export type { SignInStep } from './signInDraft';

export interface SignInFailure {
  readonly kind: GiteaErrorKind | 'unknown';
  /** A certificate the server sent was not trusted: offer the fixes (transportSecurity.ts). */
  readonly untrustedCertificate?: boolean;
  /** The password was right but the account has a security key (WebAuthn): only a token can sign in. */
  readonly securityKey?: boolean;
  /** The step to re-open, with `message` under the value the user typed. */
  readonly step: SignInStep;
  readonly message: string;
}

/** `what`: the credential that was being checked when the error happened. */
export function describeSignInError(e: unknown, instanceUrl: string, what: 'token' | 'password' | 'otp'): SignInFailure | undefined {
  const host = instanceLabel(instanceUrl);
  if (!isGiteaError(e)) {
    const detail = messageOf(e);
    return { kind: 'unknown', step: 'url', message: vscode.l10n.t('Signing in to {0} failed: {1}', host, detail) };
  }
  const secretStep: SignInStep = what === 'otp' ? 'otp' : 'secret';
  if (what !== 'token' && refusesPasswordForSecurityKey(e)) {
    return { kind: e.kind, step: 'secret', securityKey: true, message: securityKeyMessage(host) };
  }
  switch (e.kind) {
    case 'cancelled':
      return undefined;
    case 'unauthorized':
    case 'otpRequired':
      if (what === 'token') return { kind: e.kind, step: 'secret', message: vscode.l10n.t('{0} did not accept this token: it may be mistyped, expired or deleted.', host) };
      if (what === 'otp')
        return { kind: e.kind, step: 'otp', message: vscode.l10n.t('The one-time code or the password was not accepted. Each code works once: wait for the next one, or go back to retype the password.') };
      return {
        kind: e.kind,
        step: 'secret',
        message: vscode.l10n.t('{0} did not accept the user name and password: the password may be mistyped, or the account uses two-factor authentication and also needs a one-time code.', host),
      };
    case 'forbidden':
    case 'scope':
      return { kind: e.kind, step: secretStep, message: vscode.l10n.t('{0} refused: {1}', host, messageOf(e)) };
    case 'notFound':
      return { kind: e.kind, step: 'url', message: vscode.l10n.t('No Gitea or Forgejo API answers at {0}. Check the address, including its sub-path.', inertText(`${instanceUrl}api/v1`)) };
    // The client's messages for these already name the host and say what to check.
    case 'network':
    case 'timeout':
    case 'malformed':
      return { kind: e.kind, step: 'url', message: messageOf(e) };
    case 'tls':
      return { kind: e.kind, step: 'url', untrustedCertificate: !isCaFileProblem(e), message: messageOf(e) };
    case 'validation':
    case 'badRequest':
    case 'conflict':
      return { kind: e.kind, step: secretStep, message: vscode.l10n.t('{0} could not create an access token: {1}', host, messageOf(e)) };
    default:
      return { kind: e.kind, step: what === 'token' ? 'secret' : 'url', message: messageOf(e) };
  }
}

/** Why a password cannot sign in to an account with a security key, and what to do instead. */
export function securityKeyMessage(host: string): string {
  return vscode.l10n.t(
    '{0} does not accept passwords from other apps for accounts with a security key (WebAuthn). Create an access token in the browser under Settings → Applications and sign in with the token.',
    host,
  );
}

/**
 * For a step's `accept` hook: either a message to show under the value (the failure belongs to this step) or
 * the outcome that re-opens another step. Untrusted certificates also get the fix-it buttons.
 */
export function routeFailure(e: unknown, instanceUrl: string, what: 'token' | 'password' | 'otp', here: SignInStep, log: vscode.LogOutputChannel): { stay: string } | { outcome: FlowOutcome } {
  const failure = describeSignInError(e, instanceUrl, what);
  if (!failure) return { outcome: { kind: 'cancel' } };
  log.warn(`Sign-in to ${instanceLabel(instanceUrl)} failed (${failure.kind}): ${failure.message}`);
  if (failure.untrustedCertificate) offerCertificateFixes(instanceUrl, failure.message);
  if (failure.step === here) return { stay: failure.message };
  return { outcome: { kind: 'goto', step: failure.step, message: failure.message } };
}
