// "Remove Dependency" on an item under "Blocks" or "Depends on". The API removes a dependency from the dependent
// issue's side: DELETE …/issues/{dependent}/dependencies with the other issue in the body (always with owner and
// repo). Archived repositories answer 423; a dependency that no longer exists answers 500 (BEHAVIOR.md #7).
import * as vscode from 'vscode';
import { isGiteaError } from '../api/errorKind';
import type { Services } from '../core/services';
import type { DependencyData, IssueRef } from './issueNodes';
import type { IssuesProvider } from './issuesView';
import { resolveScope } from './scope';
import { errorMessage, type TreeNode } from './treeNode';
import { inertText } from '../shared/untrustedText';

function refText(r: IssueRef): string {
  return inertText(`${r.owner}/${r.repo}#${r.index}`);
}

/** Which issue depends on which, from the node's point of view. */
export function dependencyPair(d: DependencyData): { dependent: IssueRef; dependency: IssueRef } {
  return d.relation === 'dependsOn' ? { dependent: d.subject, dependency: d.other } : { dependent: d.other, dependency: d.subject };
}

export async function removeDependency(services: Services, provider: IssuesProvider, node: TreeNode | undefined): Promise<boolean> {
  const data = node?.data as DependencyData | undefined;
  if (data?.kind !== 'dependency') return false;
  const { dependent, dependency } = dependencyPair(data);
  const remove = vscode.l10n.t('Remove Dependency');
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('Remove the dependency: {0} depends on {1}?', refText(dependent), refText(dependency)),
    { modal: true, detail: vscode.l10n.t('{0} will no longer be blocked by {1}.', refText(dependent), refText(dependency)) },
    remove,
  );
  if (answer !== remove) return false;
  const scope = await resolveScope(services);
  if (!scope) return false;
  try {
    await vscode.window.withProgress(
      { location: { viewId: provider.viewId }, title: vscode.l10n.t('Removing dependency…') },
      () =>
        scope.client.issueRemoveIssueDependencies({
          owner: dependent.owner,
          repo: dependent.repo,
          index: dependent.index,
          body: { index: dependency.index, owner: dependency.owner, repo: dependency.repo },
        }),
    );
  } catch (e) {
    void vscode.window.showErrorMessage(removeFailure(e, dependent));
    if (isGiteaError(e) && e.kind === 'server') provider.reloadDependencies(); // maybe gone already: show the truth
    return false;
  }
  provider.reloadDependencies();
  void vscode.window.showInformationMessage(vscode.l10n.t('{0} no longer depends on {1}.', refText(dependent), refText(dependency)));
  return true;
}

function removeFailure(e: unknown, dependent: IssueRef): string {
  if (isGiteaError(e)) {
    if (e.kind === 'archived') {
      return vscode.l10n.t(
        'The repository {0}/{1} is archived, so its issue dependencies cannot be changed. Unarchive it first (Repository Settings).',
        inertText(dependent.owner),
        inertText(dependent.repo),
      );
    }
    if (e.kind === 'server') {
      return vscode.l10n.t('The server could not remove the dependency; it may have been removed already. ({0})', errorMessage(e));
    }
  }
  return vscode.l10n.t('Could not remove the dependency: {0}', errorMessage(e));
}
