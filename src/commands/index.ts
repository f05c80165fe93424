// Registers every command of src/commands: one line per command family (each returns its disposables).
import type { Services } from '../core/services';
import { registerAdminCommands } from './admin';
import { registerBranchActions } from './branchActions';
import { registerCheckout } from './checkout';
import { registerCreateIssue } from './createIssue';
import { registerCreatePullRequest } from './createPullRequest';
import { registerDeployKeys } from './deployKeys';
import { registerIssuePage } from './issuePage';
import { registerMerge } from './merge';
import { registerPullRequestForLine } from './pullRequestForLine';
import { registerRequestReview } from './requestReview';
import { registerPushToFork } from './pushToFork';
import { registerShare } from './share';
import { registerStartWorkingOnIssue } from './startWorkingOnIssue';

export function registerCommands(services: Services): void {
  const add = (d: { dispose(): unknown }): void => void services.context.subscriptions.push(d);
  add(registerCreateIssue(services));
  add(registerCreatePullRequest(services));
  add(registerStartWorkingOnIssue(services));
  add(registerBranchActions(services));
  add(registerIssuePage(services));
  add(registerPullRequestForLine(services));
  add(registerCheckout(services));
  add(registerMerge(services));
  add(registerRequestReview(services));
  add(registerDeployKeys(services));
  add(registerAdminCommands(services));
  add(registerShare(services));
  add(registerPushToFork(services));
}
