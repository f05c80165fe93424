// A push refused because the user may not write to a Gitea repository leads somewhere: a push error handler of the git
// extension that, for a remote of a signed-in instance and git's words for a refused write, runs "Gitea: Push Branch
// to Your Fork…" (commands/pushToFork, loaded with the workbench), which offers to fork, push there and open Create
// Pull Request. Registered when the repository context obtains the git extension (no work at activation); editors
// without registerPushErrorHandler get git's error as before.
import * as vscode from 'vscode';
import { COMMAND } from '../core/commandIds';
import type { Services } from '../core/services';
import { messageOf } from '../shared/errors';
import type { GitPushErrorHandler } from './gitApi';
import type { GitRepositoryContext } from './repositoryContext';

/** git's error is read this far (its stderr holds every line of the remote). */
const MAX_ERROR_CHARS = 64 * 1024;

/**
 * What git says when Gitea refuses a write: the pre-receive hook's message (Gitea with a git that has proc-receive,
 * over HTTP and ssh), an HTTP 403, and the 404 "Repository not found" of older setups, which check write access over
 * HTTP first. The command asks the server before it offers anything: a repository the user may push to is not forked.
 */
const REFUSED_WRITE = [/User permission denied for writing/, /The requested URL returned error: 403/, /remote: Repository not found/];

export function isRefusedWrite(gitError: string): boolean {
  const text = gitError.slice(0, MAX_ERROR_CHARS);
  return REFUSED_WRITE.some((pattern) => pattern.test(text));
}

function handler(services: Services, repos: GitRepositoryContext): GitPushErrorHandler {
  const busy = new Set<string>();
  return {
    async handlePushError(repository, remote, refspec, error) {
      const root = repository.rootUri.toString();
      // The fork's own push failing comes here too: it is the command's to report.
      if (busy.has(root) || !isRefusedWrite(`${error.stderr ?? ''}\n${error.message ?? ''}`)) return false;
      const ref = repos.allRemotes.find((r) => r.rootUri?.toString() === root && r.remoteName === remote.name);
      if (!ref) return false;
      busy.add(root);
      try {
        const branch = refspec.split(':')[0];
        const done = await vscode.commands.executeCommand<unknown>(COMMAND.pushToFork, {
          rootUri: root,
          instanceUrl: ref.instanceUrl,
          owner: ref.owner,
          repo: ref.repo,
          remote: remote.name,
          branch,
          refused: true,
        });
        return done !== undefined;
      } catch (e) {
        services.log.warn(`Push to a fork after a refused push: ${messageOf(e)}`);
        return false;
      } finally {
        busy.delete(root);
      }
    },
  };
}

export function registerPushErrorHandler(services: Services, repos: GitRepositoryContext): vscode.Disposable {
  let registration: vscode.Disposable | undefined;
  let disposed = false;
  repos.gitApi
    .then((api) => {
      if (!api || disposed) return;
      if (typeof api.registerPushErrorHandler !== 'function') {
        services.log.info('This editor\'s git has no push error handlers: a refused push shows git\'s error only.');
        return;
      }
      registration = api.registerPushErrorHandler(handler(services, repos));
    })
    .catch((e: unknown) => services.log.warn(`The offer to fork after a refused push is off: ${messageOf(e)}`));
  return {
    dispose: () => {
      disposed = true;
      registration?.dispose();
    },
  };
}
