// Whether git's error for a push says that the server refused to let the user write. Pure.

/** git's error is read this far (its stderr holds every line of the remote). */
const MAX_ERROR_CHARS = 64 * 1024;

/**
 * What git says when Gitea refuses a write: the pre-receive hook's message (Gitea with a git that has proc-receive,
 * over HTTP and ssh), an HTTP 403, and the 404 "Repository not found" of older setups, which check write access over
 * HTTP first. The caller asks the server before it offers anything: a repository the user may push to is not forked.
 */
const REFUSED_WRITE = [/User permission denied for writing/, /The requested URL returned error: 403/, /remote: Repository not found/];

export function isRefusedWrite(gitError: string): boolean {
  const text = gitError.slice(0, MAX_ERROR_CHARS);
  return REFUSED_WRITE.some((pattern) => pattern.test(text));
}
