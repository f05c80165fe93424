// The branch status item (branchStatusItem.ts: the pull request or issue of the active clone's branch), registered at
// activation as a wait for its first use: the first time the active repository is a clone, its code is loaded
// (dist/branchStatus.js, with the pull request facts and the tooltip) and takes over. A window with no Gitea clone
// never loads it. esbuild leaves the require to dist/branchStatus.js (scripts/build.mjs).
import type * as vscode from 'vscode';
import type { Services } from '../core/services';
import { messageOf } from '../shared/errors';
import type * as Item from './branchStatusItem';

export type { BranchActionsArg } from './branchStatusDetails';

/** `onPullRequestBranch`: called when a clone is found on a pull request's branch (the features that need it load). */
export function registerPullRequestStatus(services: Services, onPullRequestBranch?: () => void): void {
  let waiting: vscode.Disposable | undefined;
  const loadWhenCloned = (): void => {
    if (!waiting || !services.repos.active?.rootUri) return;
    waiting.dispose();
    waiting = undefined;
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy bundle, loaded when first needed
      (require('./branchStatusItem') as typeof Item).registerBranchStatusItem(services, onPullRequestBranch);
    } catch (e) {
      services.log.error(`Could not load the branch status item: ${messageOf(e)}`);
    }
  };
  waiting = services.repos.onDidChangeActive(loadWhenCloned);
  services.context.subscriptions.push({ dispose: (): void => void waiting?.dispose() });
  loadWhenCloned();
}
