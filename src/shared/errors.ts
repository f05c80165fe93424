// What a failure says, for every layer: the client's GiteaError messages are sentences a user can act on.
import { isGiteaError } from '../api/errorKind';

/** The sentence to show or log for any thrown value. */
export function messageOf(e: unknown): string {
  if (isGiteaError(e)) return e.message;
  return e instanceof Error ? e.message : String(e);
}

/** An unusable file in gitea.caCertificates (not a certificate the server sent): already shown with its setting. */
export function isCaFileProblem(e: unknown): boolean {
  return isGiteaError(e) && e.kind === 'tls' && (e.details.code ?? '').startsWith('CA_FILE');
}
