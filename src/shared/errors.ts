// What a failure says, for every layer: the client's GiteaError messages are sentences a user can act on.
import { isGiteaError } from '../api/errorKind';
import { inertText } from './untrustedText';

/** The sentence to show or log for any thrown value. Inert: a GiteaError's message quotes what the server said, and
 * VS Code would make a `[label](command:…)` in it a link that runs the command. */
export function messageOf(e: unknown): string {
  if (isGiteaError(e)) return inertText(e.message);
  return inertText(e instanceof Error ? e.message : String(e));
}

/** An unusable file in gitea.caCertificates (not a certificate the server sent): already shown with its setting. */
export function isCaFileProblem(e: unknown): boolean {
  return isGiteaError(e) && e.kind === 'tls' && (e.details.code ?? '').startsWith('CA_FILE');
}
