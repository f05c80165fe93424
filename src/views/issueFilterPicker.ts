// "Filter Issues…": one quick pick listing the filters (state, type, labels, milestones, text) with their current
// values; choosing one edits it. Labels and milestones are offered from the repository (first pages only).
import * as vscode from 'vscode';
import type { Label, Milestone } from '../api';
import type { Services } from '../core/services';
import { DEFAULT_ISSUE_FILTERS, type IssueFilters, type IssuesProvider } from './issuesView';
import { resolveScope, type ViewScope } from './scope';
import { errorMessage } from './treeNode';
import { inertOptional, inertText } from '../shared/untrustedText';

/** Labels and milestones offered in the pickers: a few pages at most, never the whole history. */
const MAX_PICK_PAGES = 5;

type Dimension = 'state' | 'type' | 'labels' | 'milestones' | 'q' | 'clear';

export async function pickIssueFilters(services: Services, provider: IssuesProvider): Promise<void> {
  const f = provider.filters;
  const none = vscode.l10n.t('any');
  const items: (vscode.QuickPickItem & { dim: Dimension })[] = [
    { dim: 'state', label: `$(issues) ${vscode.l10n.t('State')}`, description: f.state },
    { dim: 'type', label: `$(git-pull-request) ${vscode.l10n.t('Type')}`, description: f.type },
    { dim: 'labels', label: `$(tag) ${vscode.l10n.t('Labels')}`, description: inertText(f.labels.join(', ')) || none },
    { dim: 'milestones', label: `$(milestone) ${vscode.l10n.t('Milestones')}`, description: inertText(f.milestones.join(', ')) || none },
    { dim: 'q', label: `$(search) ${vscode.l10n.t('Text')}`, description: inertText(f.q) || none },
    { dim: 'clear', label: `$(clear-all) ${vscode.l10n.t('Clear All Filters')}` },
  ];
  const choice = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Filter Issues'), placeHolder: vscode.l10n.t('Choose a filter to change') });
  if (!choice) return;
  const next = await editDimension(services, f, choice.dim);
  if (next) provider.setFilters(next);
}

async function editDimension(services: Services, f: IssueFilters, dim: Dimension): Promise<IssueFilters | undefined> {
  switch (dim) {
    case 'clear':
      return DEFAULT_ISSUE_FILTERS;
    case 'state': {
      const states = ['open', 'closed', 'all'] as const;
      const pick = await vscode.window.showQuickPick(
        states.map((s) => ({ label: s, picked: s === f.state })),
        { title: vscode.l10n.t('Issue State') },
      );
      return pick ? { ...f, state: pick.label } : undefined;
    }
    case 'type': {
      const types = ['issues', 'pulls', 'all'] as const;
      const pick = await vscode.window.showQuickPick(
        types.map((t) => ({ label: t, picked: t === f.type })),
        { title: vscode.l10n.t('Issue Type') },
      );
      return pick ? { ...f, type: pick.label } : undefined;
    }
    case 'q': {
      const q = await vscode.window.showInputBox({
        title: vscode.l10n.t('Search Issues'),
        prompt: vscode.l10n.t('Text in the title or description (empty for none)'),
        value: f.q,
      });
      return q === undefined ? undefined : { ...f, q: q.trim() };
    }
    case 'labels': {
      const names = await pickNames(services, f.labels, vscode.l10n.t('Labels'), async (scope, page, signal) => {
        const res = await scope.client.issueListLabels({ ...scope.params, page }, { signal });
        return { ...res, items: res.items.map((l: Label) => ({ name: l.name, detail: l.description ?? undefined })) };
      });
      return names ? { ...f, labels: names } : undefined;
    }
    case 'milestones': {
      const names = await pickNames(services, f.milestones, vscode.l10n.t('Milestones'), async (scope, page, signal) => {
        const res = await scope.client.issueGetMilestonesList({ ...scope.params, state: 'all', page }, { signal });
        return { ...res, items: res.items.map((m: Milestone) => ({ name: m.title, detail: m.state ?? undefined })) };
      });
      return names ? { ...f, milestones: names } : undefined;
    }
  }
}

interface Named {
  readonly name: string;
  readonly detail?: string;
}

/** A multi-select of names loaded from the server (a few pages), with the current selection checked. */
async function pickNames(
  services: Services,
  selected: readonly string[],
  title: string,
  fetchPage: (scope: ViewScope, page: number, signal: AbortSignal) => Promise<{ items: Named[]; hasMore: boolean; nextPage?: number; page: number }>,
): Promise<string[] | undefined> {
  const scope = await resolveScope(services);
  if (!scope) return undefined;
  const qp = vscode.window.createQuickPick<vscode.QuickPickItem & { name: string }>();
  qp.title = title;
  qp.canSelectMany = true;
  qp.busy = true;
  qp.placeholder = vscode.l10n.t('Loading…');
  const controller = new AbortController();
  const names: Named[] = [];
  const done = new Promise<string[] | undefined>((resolve) => {
    qp.onDidAccept(() => resolve(qp.selectedItems.map((i) => i.name)));
    qp.onDidHide(() => resolve(undefined));
  });
  qp.show();
  try {
    let page = 1;
    let more = false;
    for (let i = 0; i < MAX_PICK_PAGES; i++) {
      const res = await fetchPage(scope, page, controller.signal);
      for (const item of res.items) names.push(item); // no spread: a page of any size
      more = res.hasMore;
      if (!res.hasMore) break;
      page = res.nextPage ?? res.page + 1;
    }
    if (more) services.log.info(`${title}: the first ${MAX_PICK_PAGES} pages are offered; the server lists more.`);
    for (const s of selected) if (!names.some((n) => n.name === s)) names.push({ name: s });
    // The label is for display (inert); the name is the value.
    const items = names.map((n) => ({ label: inertText(n.name), detail: inertOptional(n.detail), name: n.name }));
    qp.items = items;
    qp.selectedItems = items.filter((i) => selected.includes(i.name));
    qp.placeholder = !names.length
      ? vscode.l10n.t('This repository has none')
      : more
        ? vscode.l10n.t('Select, then press Enter (the first {0} are listed)', names.length)
        : vscode.l10n.t('Select, then press Enter');
  } catch (e) {
    qp.placeholder = errorMessage(e);
  } finally {
    qp.busy = false;
  }
  const result = await done;
  controller.abort();
  qp.dispose();
  return result;
}
