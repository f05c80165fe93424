// CI Jobs' artifacts and failures (#22): the commands on artifact and job rows and on a job log's title, the
// CI problems (diagnostics) and the links of the job log documents.
import * as vscode from 'vscode';
import type { Services } from '../../core/services';
import { LOG_SCHEME } from '../jobLog';
import type { ViewsRegistry } from '../registry';
import { TreeNode } from '../treeNode';
import { CiProblems } from './ciProblems';
import { downloadArtifact } from './downloadArtifact';
import { showFailures } from './showFailures';

export const CI_COMMAND = {
  downloadArtifact: 'gitea.ciJobs.downloadArtifact',
  showFailures: 'gitea.ciJobs.showFailures',
  clearProblems: 'gitea.ciJobs.clearProblems',
} as const;

function asNode(arg: unknown): TreeNode | undefined {
  return arg instanceof TreeNode ? arg : undefined;
}

export function registerCiCommands(services: Services, views: ViewsRegistry): vscode.Disposable[] {
  const problems = new CiProblems(services, views.jobLogs);
  return [
    problems,
    views.ciJobs.onDidLoadRuns((loaded) => problems.onRunsLoaded(loaded)),
    vscode.languages.registerDocumentLinkProvider({ scheme: LOG_SCHEME }, problems),
    vscode.commands.registerCommand(CI_COMMAND.downloadArtifact, (arg: unknown) => downloadArtifact(services, asNode(arg))),
    vscode.commands.registerCommand(CI_COMMAND.showFailures, (arg: unknown) => showFailures(services, problems, views.jobLogs, arg)),
    vscode.commands.registerCommand(CI_COMMAND.clearProblems, () => problems.clear()),
  ];
}
