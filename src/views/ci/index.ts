// CI Jobs' artifacts and failures (#22): the commands on artifact and job rows and on a job log's title.
import * as vscode from 'vscode';
import type { Services } from '../../core/services';
import { TreeNode } from '../treeNode';
import { downloadArtifact } from './downloadArtifact';

export const CI_COMMAND = {
  downloadArtifact: 'gitea.ciJobs.downloadArtifact',
} as const;

function asNode(arg: unknown): TreeNode | undefined {
  return arg instanceof TreeNode ? arg : undefined;
}

export function registerCiCommands(services: Services): vscode.Disposable[] {
  return [vscode.commands.registerCommand(CI_COMMAND.downloadArtifact, (arg: unknown) => downloadArtifact(services, asNode(arg)))];
}
