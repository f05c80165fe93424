// Registers every command of src/commands: one line per command family (each returns its disposables).
import type { Services } from '../core/services';
import { registerAdminCommands } from './admin';
import { registerCreateIssue } from './createIssue';
import { registerDeployKeys } from './deployKeys';
import { registerIssuePage } from './issuePage';
import { registerPullRequestForLine } from './pullRequestForLine';

export function registerCommands(services: Services): void {
  const add = (d: { dispose(): unknown }): void => void services.context.subscriptions.push(d);
  add(registerCreateIssue(services));
  add(registerIssuePage(services));
  add(registerPullRequestForLine(services));
  add(registerDeployKeys(services));
  add(registerAdminCommands(services));
}
