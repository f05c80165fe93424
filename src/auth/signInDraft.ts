// What the user typed into the sign-in form, shared by its steps, and what a step hands back to the form.
import type * as vscode from 'vscode';
import type { VerifiedSignIn } from './credentialCheck';

/** The steps of the sign-in form a failure can send the user back to. */
export type SignInStep = 'url' | 'username' | 'secret' | 'otp';

export type SignInMethod = 'token' | 'password';

export interface SignInDraft {
  /** As typed (shown again when the URL step re-opens). */
  url: string;
  /** Normalised instance root, set when the URL step is accepted. */
  instanceUrl: string;
  username: string;
  method: SignInMethod;
  /** Secrets live only in this object, for the duration of one form, to re-open a failed step with them. */
  token: string;
  password: string;
  /** The instance URL the user agreed to send credentials to over plain http://. */
  plainHttpConfirmedFor?: string;
}

export type FlowOutcome =
  | { readonly kind: 'verified'; readonly result: VerifiedSignIn }
  | { readonly kind: 'goto'; readonly step: SignInStep; readonly message?: string }
  | { readonly kind: 'back' }
  | { readonly kind: 'cancel' };

export interface FlowContext {
  readonly draft: SignInDraft;
  readonly log: vscode.LogOutputChannel;
  readonly title: string;
  readonly totalSteps: number;
}

export const CANCEL: FlowOutcome = { kind: 'cancel' };
