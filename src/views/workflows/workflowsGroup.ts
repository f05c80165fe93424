// The "Workflows" group at the top of the CI Jobs view: the workflow files of the default branch
// (ActionsListRepositoryWorkflows, one whole list), each with its state and its last run among the newest runs
// (one page of getWorkflowRuns beside it: a run's `path` names its file). Rows offer Run Workflow… (active ones)
// and Enable or Disable, only the side that applies.
import * as vscode from 'vscode';
import type { ActionWorkflow, ActionWorkflowRun } from '../../api';
import { isGiteaError } from '../../api/errorKind';
import { parseRunPath, stateOf } from '../ciRunModel';
import { appendField, escapeMarkdown, formatDate, relativeDate, tooltip } from '../format';
import type { ViewScope } from '../scope';
import { contextValue, leaf, messageNode, type ListSpec, type TreeNode } from '../treeNode';

/** What a workflow row carries for its commands. */
export interface WorkflowData {
  readonly kind: 'workflow';
  readonly workflow: ActionWorkflow;
  readonly lastRun: ActionWorkflowRun | undefined;
}

export const WORKFLOWS_LIST_KEY = 'workflows';

export function isDisabled(w: Pick<ActionWorkflow, 'state'>): boolean {
  return (w.state ?? 'active') !== 'active';
}

/** The newest run of each workflow file among `runs` (newest first, as the server lists them). */
export function lastRuns(runs: readonly ActionWorkflowRun[]): Map<string, ActionWorkflowRun> {
  const out = new Map<string, ActionWorkflowRun>();
  for (const run of runs) {
    const file = parseRunPath(run.path).workflow;
    if (file && !out.has(file)) out.set(file, run);
  }
  return out;
}

/** `unavailable`: called when the server answers that it has no workflows API (404) or refuses it (403: the
 * repository's Actions are off): the view then drops the group. */
export function workflowsGroupNode(scope: ViewScope, icon: (state: string) => vscode.ThemeIcon, unavailable: () => void): TreeNode {
  const spec: ListSpec<WorkflowData> = {
    key: WORKFLOWS_LIST_KEY,
    fetch: async (_page, signal) => {
      const [workflows, runs] = await Promise.all([
        scope.client.ActionsListRepositoryWorkflows({ ...scope.params }, { signal }),
        scope.client.getWorkflowRuns({ ...scope.params }, { signal }),
      ]);
      const last = lastRuns(runs.items);
      const items = workflows.items.map((workflow): WorkflowData => ({ kind: 'workflow', workflow, lastRun: last.get(workflow.id) }));
      return { items, page: 1, hasMore: false };
    },
    render: (data, now) => workflowNode(scope, data, now, icon),
    identity: (data) => data.workflow.id,
    emptyLabel: vscode.l10n.t('No workflow files on the default branch'),
    explainError: (e) => {
      if (!isGiteaError(e) || (e.kind !== 'notFound' && e.kind !== 'forbidden')) return undefined;
      unavailable();
      return messageNode(vscode.l10n.t('No workflows: Actions is off for this repository, or the server does not list workflows'), 'info', 'unsupported');
    },
  };
  const node = leaf(vscode.l10n.t('Workflows'), new vscode.ThemeIcon('github-action'), {
    context: 'ciWorkflows',
    children: () => ({ list: spec }),
    tooltip: () => vscode.l10n.t('The workflow files of the default branch'),
  });
  node.item.id = `${scope.key}/workflows`;
  return node;
}

function workflowNode(scope: ViewScope, data: WorkflowData, now: number, icon: (state: string) => vscode.ThemeIcon): TreeNode {
  const { workflow, lastRun } = data;
  const disabled = isDisabled(workflow);
  const last = lastRun ? stateOf(lastRun) : '';
  const when = lastRun ? relativeDate(lastRun.started_at, now) || relativeDate(lastRun.completed_at, now) : '';
  const node = leaf(workflow.name || workflow.id, disabled ? new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground')) : icon(last), {
    description: [disabled ? vscode.l10n.t('disabled') : '', workflow.id, last && `${vscode.l10n.t('last run')} ${last}`, when].filter(Boolean).join(' · '),
    context: contextValue('ciWorkflow', disabled ? 'disabled' : 'active'),
    url: workflow.html_url ?? undefined,
    data,
    tooltip: () => workflowTooltip(data),
  });
  node.item.id = `${scope.key}/workflow/${workflow.id}`;
  return node;
}

function workflowTooltip({ workflow, lastRun }: WorkflowData): vscode.MarkdownString {
  const md = tooltip();
  md.appendMarkdown(`$(github-action) **${escapeMarkdown(workflow.name || workflow.id)}**\n\n`);
  appendField(md, vscode.l10n.t('File'), workflow.path);
  appendField(md, vscode.l10n.t('State'), isDisabled(workflow) ? vscode.l10n.t('disabled') : vscode.l10n.t('active'));
  if (lastRun) {
    appendField(md, vscode.l10n.t('Last run'), `#${lastRun.run_number ?? lastRun.id} ${stateOf(lastRun)}`);
    appendField(md, vscode.l10n.t('Started'), formatDate(lastRun.started_at));
  }
  return md;
}
