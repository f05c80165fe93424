// The CI actions of the CI Jobs view: Re-run (a run, its failed jobs, a job), Run Workflow…, Enable and Disable
// Workflow. Registered with the views (their rows carry what the commands act on); menus in package.json.
import * as vscode from 'vscode';
import { isGiteaError } from '../../api/errorKind';
import { isCancellation, showFailure } from '../../core/errors';
import type { Services } from '../../core/services';
import { inertText } from '../../shared/untrustedText';
import type { CiJobsProvider } from '../ciJobsView';
import { TreeNode } from '../treeNode';
import { rerun } from './runActions';
import { runWorkflow } from './runWorkflow';
import type { WorkflowData } from './workflowsGroup';

export const CI_ACTION_COMMANDS = {
  rerunRun: 'gitea.ciJobs.rerunRun',
  rerunFailedJobs: 'gitea.ciJobs.rerunFailedJobs',
  rerunJob: 'gitea.ciJobs.rerunJob',
  runWorkflow: 'gitea.ciJobs.runWorkflow',
  enableWorkflow: 'gitea.ciJobs.enableWorkflow',
  disableWorkflow: 'gitea.ciJobs.disableWorkflow',
} as const;

async function setEnabled(services: Services, provider: CiJobsProvider, node: unknown, enable: boolean): Promise<boolean> {
  const scope = provider.currentScope;
  const data = node instanceof TreeNode ? (node.data as WorkflowData | undefined) : undefined;
  if (!scope || data?.kind !== 'workflow') return false;
  const name = inertText(data.workflow.name || data.workflow.id);
  const params = { ...scope.params, workflow_id: data.workflow.id };
  if (!enable) {
    const disable = vscode.l10n.t('Disable');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('Disable {0}? No event starts it until it is enabled again.', name), { modal: true }, disable);
    if (answer !== disable) return false;
  }
  try {
    await vscode.window.withProgress({ location: { viewId: provider.viewId } }, () =>
      enable ? scope.client.ActionsEnableWorkflow(params) : scope.client.ActionsDisableWorkflow(params),
    );
  } catch (e) {
    if (isCancellation(e)) return false;
    if (isGiteaError(e) && (e.kind === 'forbidden' || e.kind === 'notFound')) {
      void vscode.window.showWarningMessage(
        e.kind === 'forbidden'
          ? vscode.l10n.t('Cannot change {0}: enabling and disabling workflows needs write access to the repository\'s Actions.', name)
          : vscode.l10n.t('Cannot change {0}: the default branch has no such workflow file any more.', name),
      );
      provider.refresh();
      return false;
    }
    showFailure(services, enable ? vscode.l10n.t('Could not enable {0}', name) : vscode.l10n.t('Could not disable {0}', name), e);
    return false;
  }
  services.log.info(`${enable ? 'Enabled' : 'Disabled'} the workflow ${data.workflow.id}.`);
  provider.refresh();
  return true;
}

export function registerCiActions(services: Services, provider: CiJobsProvider): vscode.Disposable[] {
  const reg = (id: string, fn: (arg: unknown) => Promise<boolean>) => vscode.commands.registerCommand(id, fn);
  return [
    reg(CI_ACTION_COMMANDS.rerunRun, (node) => rerun(services, provider, node, 'run')),
    reg(CI_ACTION_COMMANDS.rerunFailedJobs, (node) => rerun(services, provider, node, 'failed')),
    reg(CI_ACTION_COMMANDS.rerunJob, (node) => rerun(services, provider, node, 'job')),
    reg(CI_ACTION_COMMANDS.runWorkflow, (node) => runWorkflow(services, provider, node)),
    reg(CI_ACTION_COMMANDS.enableWorkflow, (node) => setEnabled(services, provider, node, true)),
    reg(CI_ACTION_COMMANDS.disableWorkflow, (node) => setEnabled(services, provider, node, false)),
  ];
}
