// Showing a failed request: the client's GiteaError messages are sentences a user can act on.
import * as vscode from 'vscode';
import { isGiteaError } from '../api/errorKind';
import { messageOf } from '../shared/errors';
import type { Services } from './services';
import { isRefusedCredential, offerSignInAgain } from './signInAgain';
import { inertText } from '../shared/untrustedText';

/** True when the user abandoned the request: nothing to show. */
export function isCancellation(e: unknown): boolean {
  return (isGiteaError(e) && e.kind === 'cancelled') || (e instanceof Error && e.name === 'AbortError') || e instanceof vscode.CancellationError;
}

export { messageOf } from '../shared/errors';

/** Logs and shows a failure of `what` (e.g. "Could not create the issue"); silent for cancellations. Inert as a
 * whole: `what` often names server things (a file, a branch). A refused token comes with Sign In Again…. */
export function showFailure(services: Services, what: string, e: unknown): void {
  if (isCancellation(e)) return;
  services.log.error(`${what}: ${messageOf(e)}`);
  const text = inertText(`${what}: ${messageOf(e)}`);
  if (isRefusedCredential(e)) void offerSignInAgain(text);
  else void vscode.window.showErrorMessage(text);
}

/** An AbortSignal that follows a cancellation token. */
export function signalOf(token: vscode.CancellationToken | undefined): AbortSignal | undefined {
  if (!token) return undefined;
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  else token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}
