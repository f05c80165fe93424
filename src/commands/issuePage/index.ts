// "Gitea: Open Issue or Pull Request…": opens the issue page of `{ repo?, number }` (a tree row's click), or asks:
// the recent issues and pull requests of the active repository, or a typed `#12`, `12` or `owner/repo#12`.
// Resolves to the page (scripted use and the in-host tests drive it through `handle`, as the webview does).
import * as vscode from 'vscode';
import type { Issue } from '../../api';
import { COMMAND } from '../../core/commandIds';
import { messageOf } from '../../core/errors';
import type { RepoRef, Services } from '../../core/services';
import { repoRefFrom, type Target } from '../../core/target';
import { targetOrSignIn } from '../../core/targetOrSignIn';
import { draftState } from '../../core/durableState';
import { CommentDrafts } from './commentDrafts';
import { ISSUE_PAGE_VIEW_TYPE, IssuePage } from './issuePagePanel';
import { parseIssueReference, type TypedReference } from './issueReference';
import { pageState, type PageStub } from './pageModel';
import { headShaHint } from './pullLoad';
import { inertText } from '../../shared/untrustedText';

interface OpenArgs {
  readonly repo?: RepoRef;
  readonly number: number;
  readonly stub?: PageStub;
}

/** `{ repo?, number, title?, state?, isPull?, headSha? }` from a tree row or a script; undefined for anything else. */
function openArgsFrom(value: unknown): OpenArgs | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.number !== 'number' || !Number.isSafeInteger(v.number) || v.number < 1) return undefined;
  const state = v.state === 'open' || v.state === 'closed' || v.state === 'merged' ? v.state : undefined;
  const isPull = v.isPull === true;
  const headSha = isPull ? headShaHint(v.headSha) : undefined;
  const stub: PageStub = { number: v.number, title: typeof v.title === 'string' ? v.title : undefined, state, isPull, ...(headSha ? { headSha } : {}) };
  return { repo: repoRefFrom(v.repo), number: v.number, stub };
}

interface IssuePick extends vscode.QuickPickItem {
  readonly issue?: Issue;
  readonly typed?: TypedReference;
}

/** Asks which issue: the recent ones of the repository, or a typed reference. */
async function pickIssue(target: Target): Promise<OpenArgs | undefined> {
  const quickPick = vscode.window.createQuickPick<IssuePick>();
  quickPick.title = vscode.l10n.t('Open Issue or Pull Request in {0}/{1}', target.repo.owner, target.repo.repo);
  quickPick.placeholder = vscode.l10n.t('Pick a recent one, or type #12 or owner/repo#12');
  quickPick.busy = true;
  quickPick.matchOnDescription = true;
  const loading = new AbortController();
  target.client
    .issueListIssues({ owner: target.repo.owner, repo: target.repo.repo, state: 'all', page: 1 }, { signal: loading.signal })
    .then(
      (page) => {
        recent = page.items.map((issue) => ({
          label: `$(${issue.pull_request ? 'git-pull-request' : 'issues'}) #${issue.number} ${inertText(issue.title)}`,
          description: pageState(issue),
          issue,
        }));
        showItems();
      },
      (e: unknown) => {
        if (!loading.signal.aborted) quickPick.placeholder = vscode.l10n.t('Could not list recent issues ({0}); type a number', messageOf(e));
      },
    )
    .finally(() => (quickPick.busy = false));
  let recent: IssuePick[] = [];
  // A typed reference shows as the first item, so Enter opens it.
  const showItems = (): void => {
    const typed = parseIssueReference(quickPick.value);
    const label = typed ? vscode.l10n.t('Open {0}#{1}', inertText(typed.owner ? `${typed.owner}/${typed.repo}` : ''), typed.number) : undefined;
    quickPick.items = label && typed ? [{ label: `$(arrow-right) ${label}`, alwaysShow: true, typed }, ...recent] : recent;
  };
  const chosen = await new Promise<OpenArgs | undefined>((resolve) => {
    quickPick.onDidAccept(() => {
      const item = quickPick.selectedItems[0] ?? quickPick.activeItems[0];
      const issue = item?.issue;
      if (issue) return resolve({ number: issue.number, stub: { number: issue.number, title: issue.title, state: pageState(issue), isPull: !!issue.pull_request } });
      const typed = item?.typed;
      if (!typed) return;
      const repo = typed.owner && typed.repo ? { ...target.repo, owner: typed.owner, repo: typed.repo, rootUri: undefined, remoteName: undefined } : undefined;
      resolve({ repo, number: typed.number });
    });
    quickPick.onDidChangeValue(showItems);
    quickPick.onDidHide(() => resolve(undefined));
    quickPick.show();
  });
  loading.abort();
  quickPick.dispose();
  return chosen;
}

async function openIssue(services: Services, drafts: CommentDrafts, arg: unknown): Promise<IssuePage | undefined> {
  let args = openArgsFrom(arg);
  const target = args?.repo ? undefined : await targetOrSignIn(services);
  if (!args) {
    if (!target) return undefined;
    args = await pickIssue(target);
    if (!args) return undefined;
  }
  const repo = args.repo ?? target?.repo;
  if (!repo) return undefined;
  const ref = { instanceUrl: repo.instanceUrl, owner: repo.owner, repo: repo.repo, number: args.number, accountId: repo.accountId ?? target?.account.id };
  // The resolved target serves only its own repository.
  const sameRepo = target && target.repo.owner === repo.owner && target.repo.repo === repo.repo;
  return IssuePage.show(services, drafts, ref, args.stub, sameRepo ? target : undefined);
}

export function registerIssuePage(services: Services): vscode.Disposable {
  const drafts = new CommentDrafts(draftState(services.context, 'issuePage', services.context.globalState));
  return vscode.Disposable.from(
    vscode.commands.registerCommand(COMMAND.openIssue, (arg?: unknown) => openIssue(services, drafts, arg)),
    vscode.window.registerWebviewPanelSerializer(ISSUE_PAGE_VIEW_TYPE, {
      deserializeWebviewPanel: (panel, state) => Promise.resolve(IssuePage.restore(services, drafts, panel, state)),
    }),
    new vscode.Disposable(() => void drafts.flushAll()),
    services.views.register('issuePages', () => {
      IssuePage.cache.clear();
      IssuePage.timesCache.clear();
      for (const page of IssuePage.openPages) void page.reload();
    }),
  );
}
