// The dirty-tree rule of switching branches (Check Out Pull Request, Back to Default Branch): with uncommitted
// changes to tracked files the switch is refused, and the user may stash them first (and is told how to get them
// back) or cancel. Untracked files stay: git refuses by itself to overwrite one.
import { inertText } from '../../shared/untrustedText';
import * as vscode from 'vscode';
import { gitArgs } from '../../git/gitCommands';
import { runGit } from '../../git/gitProcess';
import { UNTRACKED_STATUSES, type GitRepository } from '../../git/gitApi';
import type { Services } from '../../core/services';

/** Paths (relative to the clone) of the tracked files with uncommitted changes, staged or not, or in conflict. */
export async function uncommittedChanges(repository: GitRepository): Promise<string[]> {
  // The git extension's status lags behind a save by a moment: ask git now.
  await repository.status();
  const { indexChanges, workingTreeChanges, mergeChanges } = repository.state;
  const root = repository.rootUri.path.replace(/\/$/, '');
  const paths = [...indexChanges, ...workingTreeChanges, ...mergeChanges]
    .filter((c) => !UNTRACKED_STATUSES.has(c.status))
    .map((c) => (c.uri.path.startsWith(`${root}/`) ? c.uri.path.slice(root.length + 1) : c.uri.path));
  return [...new Set(paths)].sort();
}

export type CleanTree = 'clean' | 'stashed' | 'cancelled';

/**
 * Makes sure nothing uncommitted is in the way of `what` (e.g. "checking out pull request #6"): asks to stash the
 * changes (modal) when there are some. `cancelled` when the user declines.
 */
export async function ensureCleanTree(services: Services, repository: GitRepository, gitPath: string, what: string): Promise<CleanTree> {
  const changed = await uncommittedChanges(repository);
  if (!changed.length) return 'clean';
  const stash = vscode.l10n.t('Stash Changes and Continue');
  const shown = changed.slice(0, 5).join('\n') + (changed.length > 5 ? `\n${vscode.l10n.t('… and {0} more', changed.length - 5)}` : '');
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('You have uncommitted changes in {0} file(s). Commit or stash them before {1}.', changed.length, inertText(what)),
    { modal: true, detail: shown },
    stash,
  );
  if (choice !== stash) {
    services.log.info(`Not ${what}: ${changed.length} file(s) with uncommitted changes.`);
    return 'cancelled';
  }
  const message = vscode.l10n.t('Gitea Workbench: before {0}', what);
  if (repository.createStash) await repository.createStash({ message });
  else {
    const result = await runGit(gitArgs.stashPush(message), { cwd: repository.rootUri.fsPath, git: gitPath });
    if (result.code !== 0) throw new Error(result.stderr.trim() || `git stash exited with ${result.code}`);
  }
  services.log.info(`Stashed ${changed.length} file(s) before ${what}.`);
  void vscode.window.showInformationMessage(
    vscode.l10n.t('Your changes are stashed as "{0}". Get them back with "Git: Pop Stash…" (git stash pop) on the branch you want them on.', inertText(message)),
  );
  return 'stashed';
}
