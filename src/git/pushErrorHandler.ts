// A push refused because the user may not write to a Gitea repository leads somewhere: a push error handler of the git
// extension that, for a remote of a signed-in instance and git's words for a refused write, runs "Gitea: Push Branch
// to Your Fork…" (commands/pushToFork, loaded with the workbench), which offers to fork, push there and open Create
// Pull Request. Registered when the repository context obtains the git extension (no work at activation); editors
// without registerPushErrorHandler get git's error as before.
import * as vscode from 'vscode';
import { COMMAND } from '../core/commandIds';
import type { Services } from '../core/services';
import { messageOf } from '../shared/errors';
import { isRefusedWrite } from '../shared/refusedPush';
import type { GitPushErrorHandler } from './gitApi';
import type { GitRepositoryContext } from './repositoryContext';

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
