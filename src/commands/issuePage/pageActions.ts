// The issue page's side-bar pickers and pull request buttons. A picker shows names (labels with their
// description, users with their full name, milestones with their due date) and returns the one request that sends
// the ids Gitea expects, or undefined when the user cancelled or changed nothing. (A pull request's extras load in
// pullLoad.ts.)
import * as vscode from 'vscode';
import type { Issue } from '../../api';
import { COMMAND } from '../../core/commandIds';
import type { RepoRef, Services } from '../../core/services';
import type { Target } from '../../core/target';
import { labelOptions, loadAssigneeOptions, loadMilestoneOptions, loadOrgLabels, loadRepoLabels } from '../../shared/issueOptions';
import type { PageRef, PickField, PullAction } from './messages';
import { inertOptional, inertText } from '../../shared/untrustedText';

export interface IssueParams {
  readonly owner: string;
  readonly repo: string;
  readonly index: number;
}

/** One change to send; the page runs it (busy state, errors, reload). */
export type PageRequest = (target: Target, params: IssueParams) => Promise<unknown>;

interface Picked<T> extends vscode.QuickPickItem {
  readonly value: T;
}

function sameSet<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** Loads the issue and what the field offers, then asks; undefined when cancelled or unchanged. */
export async function pickChange(field: PickField, target: Target, params: IssueParams, log: Services['log']): Promise<PageRequest | undefined> {
  const { client } = target;
  const issue = await client.issueGetIssue(params);
  const title = `#${issue.number} ${issue.title}`;
  switch (field) {
    case 'labels': {
      const problems: string[] = [];
      const [repoLabels, orgLabels] = await Promise.all([loadRepoLabels(client, params), loadOrgLabels(client, params.owner, undefined, (p) => problems.push(p))]);
      for (const p of problems) log.warn(`Issue page: ${p}`);
      const current = issue.labels.map((l) => l.id);
      const items = labelOptions(repoLabels, orgLabels).map(
        (l): Picked<number> => ({
          label: inertText(l.name),
          description: [l.org ? vscode.l10n.t('organization') : '', l.exclusive ? vscode.l10n.t('exclusive') : ''].filter(Boolean).join(' · ') || undefined,
          detail: inertOptional(l.description || undefined),
          picked: current.includes(l.id),
          value: l.id,
        }),
      );
      const chosen = await vscode.window.showQuickPick(items, { canPickMany: true, title: vscode.l10n.t('Labels of {0}', title), placeHolder: vscode.l10n.t('Pick the labels'), matchOnDetail: true });
      if (!chosen) return undefined;
      const ids = chosen.map((c) => c.value);
      // Labels this picker does not offer (archived ones) stay on the issue.
      const kept = current.filter((id) => !items.some((i) => i.value === id));
      const labels = [...kept, ...ids];
      if (sameSet(labels, current)) return undefined;
      return (t, p) => t.client.issueReplaceLabels({ ...p, body: { labels } });
    }
    case 'assignees': {
      const users = await loadAssigneeOptions(client, params);
      const current = issue.assignees.map((a) => a.login);
      const items = users.map((u): Picked<string> => ({ label: inertText(u.login), description: inertOptional(u.fullName), picked: current.includes(u.login), value: u.login }));
      const chosen = await vscode.window.showQuickPick(items, { canPickMany: true, title: vscode.l10n.t('Assignees of {0}', title), placeHolder: vscode.l10n.t('Pick the assignees') });
      if (!chosen) return undefined;
      const assignees = chosen.map((c) => c.value);
      if (sameSet(assignees, current)) return undefined;
      return (t, p) => t.client.issueEditIssue({ ...p, body: { assignees } });
    }
    case 'milestone': {
      const milestones = await loadMilestoneOptions(client, params);
      const current = issue.milestone?.id ?? 0;
      const items: Picked<number>[] = [
        { label: `$(close) ${vscode.l10n.t('No milestone')}`, value: 0, description: current === 0 ? vscode.l10n.t('current') : undefined },
        ...milestones.map((m) => ({ label: inertText(m.title), description: m.id === current ? vscode.l10n.t('current') : undefined, detail: m.dueOn ? vscode.l10n.t('due {0}', inertText(m.dueOn.slice(0, 10))) : undefined, value: m.id })),
      ];
      const chosen = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Milestone of {0}', title), placeHolder: vscode.l10n.t('Pick the milestone') });
      if (!chosen || chosen.value === current) return undefined;
      // 0 takes the issue out of its milestone.
      return (t, p) => t.client.issueEditIssue({ ...p, body: { milestone: chosen.value } });
    }
    case 'dueDate':
      return askDueDate(issue, title);
  }
}

async function askDueDate(issue: Issue, title: string): Promise<PageRequest | undefined> {
  const current = issue.due_date ? issue.due_date.slice(0, 10) : '';
  const typed = await vscode.window.showInputBox({
    title: vscode.l10n.t('Due date of {0}', title),
    prompt: vscode.l10n.t('YYYY-MM-DD; empty removes the due date'),
    value: current,
    validateInput: (v) => (v.trim() === '' || isDate(v.trim()) ? undefined : vscode.l10n.t('A date as YYYY-MM-DD')),
  });
  if (typed === undefined || typed.trim() === current) return undefined;
  const day = typed.trim();
  if (day === '') return (t, p) => t.client.issueEditIssue({ ...p, body: { unset_due_date: true } });
  return (t, p) => t.client.issueEditIssue({ ...p, body: { due_date: `${day}T00:00:00Z` } });
}

function isDate(v: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
}

/** The command a pull request button of the page runs, with the argument every pull request command accepts. */
export function runPullAction(action: PullAction, ref: PageRef): Thenable<unknown> {
  const repo: RepoRef = { instanceUrl: ref.instanceUrl, owner: ref.owner, repo: ref.repo, accountId: ref.accountId };
  const arg = { repo, index: ref.number };
  switch (action) {
    case 'changedFiles':
      return vscode.commands.executeCommand(COMMAND.showChangedFiles, arg);
    case 'ciJobs':
      return vscode.commands.executeCommand(`${CI_JOBS_VIEW}.focus`);
    case 'checkout':
      return vscode.commands.executeCommand(COMMAND.checkoutPullRequest, arg);
    case 'review':
      return vscode.commands.executeCommand(COMMAND.openReview, arg);
    case 'merge':
      return vscode.commands.executeCommand(COMMAND.mergePullRequest, arg);
    case 'requestReview':
      return vscode.commands.executeCommand(COMMAND.requestReview, arg);
    case 'startWorking':
      return vscode.commands.executeCommand(COMMAND.startWorkingOnIssue, { repo, number: ref.number });
  }
}

/** The CI Jobs view (package.json contributes.views). */
const CI_JOBS_VIEW = 'gitea.ciJobs';
