// The "Artifacts" section under a finished workflow run of CI Jobs: each artifact with its size and when it
// expires (getArtifactsOfRun). An expired artifact is shown as such and offers no download (Gitea answers 404).
// A server without the endpoint (404) gets a sentence instead of an error.
import * as vscode from 'vscode';
import type { ActionArtifact, ActionWorkflowRun } from '../../api';
import { isGiteaError } from '../../api/errorKind';
import { isActive } from '../ciRunModel';
import { appendField, escapeMarkdown, formatDate, relativeDate, tooltip } from '../format';
import type { ViewScope } from '../scope';
import { formatBytes } from '../text';
import { contextValue, leaf, messageNode, type ListSpec, type TreeNode } from '../treeNode';

/** The data of an artifact node: what "Download…" needs. */
export interface ArtifactData {
  readonly kind: 'ciArtifact';
  readonly accountId: string;
  readonly owner: string;
  readonly repo: string;
  readonly runId: number;
  readonly artifact: ActionArtifact;
}

/** The nodes a run shows before its jobs: the Artifacts section once the run has finished. */
export function runSectionNodes(scope: ViewScope, run: ActionWorkflowRun): TreeNode[] {
  if (isActive(run)) return [];
  const node = leaf(vscode.l10n.t('Artifacts'), new vscode.ThemeIcon('package'), {
    context: contextValue('ciArtifacts', 'section'),
    children: () => ({ list: artifactList(scope, run) }),
  });
  node.item.id = `${scope.key}/run/${run.id}/artifacts`;
  return [node];
}

function artifactList(scope: ViewScope, run: ActionWorkflowRun): ListSpec<ActionArtifact> {
  return {
    key: `run:${run.id}:artifacts`,
    fetch: (_page, signal) => scope.client.getArtifactsOfRun({ ...scope.params, run: run.id }, { signal }),
    render: (artifact, now) => artifactNode(scope, run, artifact, now),
    identity: (artifact) => artifact.id,
    emptyLabel: vscode.l10n.t('No artifacts'),
    explainError: (e) =>
      isGiteaError(e) && e.kind === 'notFound' ? messageNode(vscode.l10n.t('This server does not list the artifacts of a run'), 'info', 'unsupported') : undefined,
  };
}

function artifactNode(scope: ViewScope, run: ActionWorkflowRun, artifact: ActionArtifact, now: number): TreeNode {
  const data: ArtifactData = { kind: 'ciArtifact', accountId: scope.account.id, ...scope.params, runId: run.id, artifact };
  const expired = artifact.expired === true;
  const expiry = expired
    ? vscode.l10n.t('expired')
    : artifact.expires_at
      ? vscode.l10n.t('expires {0}', relativeDate(artifact.expires_at, now) || formatDate(artifact.expires_at))
      : '';
  return leaf(artifact.name || vscode.l10n.t('Artifact {0}', artifact.id), new vscode.ThemeIcon(expired ? 'circle-slash' : 'file-zip'), {
    description: [formatBytes(artifact.size_in_bytes), expiry].filter(Boolean).join(' · '),
    context: contextValue('ciArtifact', expired ? 'expired' : 'downloadable'),
    data,
    tooltip: () => {
      const md = tooltip();
      md.appendMarkdown(`$(package) **${escapeMarkdown(artifact.name ?? String(artifact.id))}**\n\n`);
      appendField(md, vscode.l10n.t('Size'), formatBytes(artifact.size_in_bytes));
      appendField(md, vscode.l10n.t('Created'), formatDate(artifact.created_at));
      appendField(md, expired ? vscode.l10n.t('Expired') : vscode.l10n.t('Expires'), formatDate(artifact.expires_at));
      if (expired) md.appendMarkdown(`\n\n${escapeMarkdown(vscode.l10n.t('The server no longer keeps this artifact: it cannot be downloaded.'))}`);
      return md;
    },
  });
}
