// Changed files of a pull request: "Gitea: Show Changed Files of Pull Request" (palette and the Pull Requests
// view), the Changed Files view with its tree/list and whitespace toggles, the diff command, the `gitea-file:`
// documents and the `gitea-changes:` decorations.
import * as vscode from 'vscode';
import type { CheckedOutPulls } from '../../core/checkedOutPulls';
import type { Services } from '../../core/services';
import { COMMAND } from '../../core/commandIds';
import { showFailure } from '../../core/errors';
import { pullRequestArg } from '../../core/pullRequestArg';
import { askPullRequest } from '../../core/pullRequestPick';
import { ChangedFilesView, LAYOUT_SETTING, WHITESPACE_SETTING, currentWhitespace, type LoadResult } from './changedFilesView';
import { ChangedFileDecorations, FILE_SCHEME, FileAtRefProvider } from './fileDocuments';
import { WHITESPACE_MODES, type WhitespaceMode } from './model';
import { PullRequestShas, registerOpenChangedFile } from './openChangedFile';
import { registerReview } from './review';


const WHITESPACE_LABELS: Record<WhitespaceMode, () => string> = {
  'show-all': () => vscode.l10n.t('Show all whitespace changes'),
  'ignore-all': () => vscode.l10n.t('Ignore all whitespace'),
  'ignore-change': () => vscode.l10n.t('Ignore changes in amount of whitespace'),
  'ignore-eol': () => vscode.l10n.t('Ignore whitespace at end of line'),
};

export function registerChangedFiles(services: Services, checkedOut?: CheckedOutPulls): vscode.Disposable {
  const view = new ChangedFilesView(services);
  const shas = new PullRequestShas(services);
  const files = new FileAtRefProvider(services);
  const review = registerReview(services, {
    currentPull: () => view.current && { repo: view.current.ref, index: view.current.index },
    getPull: (pull) => shas.get(pull.repo, pull.index),
    isNote: (uri) => files.isNote(uri),
  }, checkedOut);
  const toggleLayout = (layout: 'tree' | 'list') => () =>
    vscode.workspace.getConfiguration().update(LAYOUT_SETTING, layout, vscode.ConfigurationTarget.Global);

  const reload = (): Promise<unknown> => {
    const current = view.current;
    if (current) shas.forget(current.ref, current.index);
    return view.reload().catch((e: unknown) => showFailure(services, vscode.l10n.t('Could not load the changed files'), e));
  };

  return vscode.Disposable.from(
    view,
    vscode.workspace.registerTextDocumentContentProvider(FILE_SCHEME, files),
    vscode.window.registerFileDecorationProvider(new ChangedFileDecorations()),
    review,
    registerOpenChangedFile(services, shas, review.attach),
    vscode.commands.registerCommand(COMMAND.showChangedFiles, async (arg?: unknown): Promise<LoadResult | undefined> => {
      const chosen = pullRequestArg(arg, services.repos.active) ?? (arg === undefined ? await askPullRequest(services, (owner, repo) => vscode.l10n.t('Show Changed Files of Pull Request — {0}/{1}', owner, repo), { state: 'all' }) : undefined);
      if (!chosen) {
        if (arg !== undefined) void vscode.window.showErrorMessage(vscode.l10n.t('Choose a pull request to show its changed files.'));
        return undefined;
      }
      shas.forget(chosen.repo, chosen.index);
      try {
        return await view.show(chosen.repo, chosen.index);
      } catch (e) {
        showFailure(services, vscode.l10n.t('Could not load the changed files of #{0}', chosen.index), e);
        return undefined;
      }
    }),
    vscode.commands.registerCommand('gitea.changedFiles.viewAsTree', toggleLayout('tree')),
    vscode.commands.registerCommand('gitea.changedFiles.viewAsList', toggleLayout('list')),
    vscode.commands.registerCommand('gitea.changedFiles.refresh', reload),
    services.views.register('changedFiles', () => void reload()),
    vscode.commands.registerCommand('gitea.changedFiles.close', () => view.close()),
    // Hidden: the view's data provider, for the in-host tests (like gitea.activity.provider).
    vscode.commands.registerCommand('gitea.changedFiles.provider', () => view),
    vscode.commands.registerCommand('gitea.changedFiles.setWhitespace', async (mode?: unknown) => {
      let chosen = WHITESPACE_MODES.find((m) => m === mode);
      if (!chosen) {
        const current = currentWhitespace();
        const picked = await vscode.window.showQuickPick(
          WHITESPACE_MODES.map((m) => ({ label: WHITESPACE_LABELS[m](), description: m === current ? vscode.l10n.t('current') : m, mode: m })),
          { title: vscode.l10n.t('Whitespace in Changed Files') },
        );
        chosen = picked?.mode;
      }
      if (chosen) await vscode.workspace.getConfiguration().update(WHITESPACE_SETTING, chosen, vscode.ConfigurationTarget.Global);
    }),
  );
}

