// The `createIssue` tool: a new issue in the repository of the open folder, with a title, a body and labels named as
// the repository (or its organization) names them. It asks first (writingTool.ts); the labels are looked up before
// asking, so the confirmation shows the labels that will be set, and a name the repository does not have is refused.
import * as vscode from 'vscode';
import type { Services } from '../core/services';
import { repoParams, type Target } from '../core/target';
import { labelOptions, loadOrgLabels, loadRepoLabels, type LabelOption } from '../shared/issueOptions';
import { value } from './quote';
import type { ToolImplementation } from './standIns';
import { readyTarget, ToolRefusal } from './toolSupport';
import { checkedText, writingTool, type Confirmation } from './writingTool';

export interface CreateIssueInput {
  readonly title?: string;
  readonly body?: string;
  /** Label names (case-insensitive). */
  readonly labels?: readonly string[];
}

/** Gitea's longest issue title. */
export const TITLE_MAX = 255;

export interface CreateIssuePlan {
  readonly target: Target;
  readonly title: string;
  readonly body: string;
  readonly labels: readonly LabelOption[];
}

async function plan(services: Services, input: CreateIssueInput, signal: AbortSignal): Promise<CreateIssuePlan> {
  const title = checkedText(input.title, vscode.l10n.t('The title'), TITLE_MAX).trim();
  const body = typeof input.body === 'string' ? checkedText(input.body, vscode.l10n.t('The description'), undefined, true) : '';
  const target = await readyTarget(services, services.repos.active);
  const names = Array.isArray(input.labels) ? input.labels.filter((n): n is string => typeof n === 'string' && n.trim() !== '').slice(0, 50) : [];
  if (!names.length) return { target, title, body, labels: [] };
  const problems: string[] = [];
  const known = labelOptions(await loadRepoLabels(target.client, target.repo, signal), await loadOrgLabels(target.client, target.repo.owner, signal, (p) => problems.push(p)));
  const labels: LabelOption[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const label = known.find((l) => l.name.toLowerCase() === name.trim().toLowerCase());
    if (!label) unknown.push(name);
    else if (!labels.includes(label)) labels.push(label);
  }
  if (unknown.length) {
    throw new ToolRefusal(
      vscode.l10n.t('{0}/{1} has no label {2}: nothing was sent. Its labels: {3}.', target.repo.owner, target.repo.repo, unknown.map((n) => value(n)).join(', '), known.map((l) => value(l.name)).join(', ') || 'none'),
    );
  }
  return { target, title, body, labels };
}

function confirmation(p: CreateIssuePlan): Confirmation {
  const where = `${p.target.repo.owner}/${p.target.repo.repo}`;
  return {
    title: vscode.l10n.t('Create an issue in {0}?', where),
    question: vscode.l10n.t('Create this issue as {0} in {1} ({2})?', p.target.account.username, where, p.target.account.instanceUrl),
    parts: [
      { label: vscode.l10n.t('Title:'), text: p.title },
      { label: vscode.l10n.t('Description:'), text: p.body },
      ...(p.labels.length ? [{ label: vscode.l10n.t('Labels:'), text: p.labels.map((l) => l.name).join('\n') }] : []),
    ],
    progress: vscode.l10n.t('Creating an issue in {0}', where),
  };
}

export function createIssueTool(services: Services): ToolImplementation {
  return writingTool<CreateIssuePlan>('createIssue', {
    plan: (input, signal) => plan(services, (input ?? {}) as CreateIssueInput, signal),
    confirmation,
    async send(p, signal) {
      const body = { title: p.title, ...(p.body ? { body: p.body } : {}), ...(p.labels.length ? { labels: p.labels.map((l) => l.id) } : {}) };
      const issue = await p.target.client.issueCreateIssue({ ...repoParams(p.target.repo), body }, { signal });
      return `Created issue ${p.target.repo.owner}/${p.target.repo.repo}#${issue.number} as ${value(p.target.account.username)}${issue.html_url ? `: ${value(issue.html_url)}` : '.'}`;
    },
    failureLead: () => vscode.l10n.t('The issue was not created.'),
  });
}
