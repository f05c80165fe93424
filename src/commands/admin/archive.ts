// "Gitea: Archive Repository" / "Gitea: Unarchive Repository" (repoEdit with `archived`), after a confirmation.
// An archived repository is read-only: the server then answers 423 to issue, pull request and branch changes.
import * as vscode from 'vscode';
import type { Repository } from '../../api';
import type { Services } from '../../core/services';
import { argObject, fullName, repoTarget, showAdminFailure } from './adminContext';
import { COMMAND, REPOSITORY_ARCHIVED_CONTEXT } from '../../core/commandIds';

export const ARCHIVE_REPOSITORY = COMMAND.archiveRepository;
export const UNARCHIVE_REPOSITORY = COMMAND.unarchiveRepository;

const t = vscode.l10n.t;

/** Archives (`archived` true) or unarchives a repository. `{ confirmed: true }` skips the question (tests). */
export async function setArchived(services: Services, archived: boolean, arg?: unknown): Promise<Repository | undefined> {
  const args = argObject(arg);
  const programmatic = args?.confirmed === true;
  const target = await repoTarget(services, args);
  if (!target) return undefined;
  const name = fullName(target);
  if (!programmatic) {
    const action = archived ? t('Archive') : t('Unarchive');
    const detail = archived
      ? t('An archived repository is read-only: no pushes, issues, pull requests or comments until it is unarchived. Mirrors cannot be archived.')
      : t('The repository becomes writable again.');
    const choice = await vscode.window.showWarningMessage(
      archived ? t('Archive {0}?', name) : t('Unarchive {0}?', name),
      { modal: true, detail },
      action,
    );
    if (choice !== action) return undefined;
  }
  try {
    const updated = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: archived ? t('Archiving {0}…', name) : t('Unarchiving {0}…', name) },
      () => target.client.repoEdit({ owner: target.repo.owner, repo: target.repo.repo, body: { archived } }),
    );
    services.log.info(`${archived ? 'Archived' : 'Unarchived'} ${name}`);
    const active = services.repos.active;
    if (active && `${active.owner}/${active.repo}`.toLowerCase() === `${target.repo.owner}/${target.repo.repo}`.toLowerCase()) {
      void vscode.commands.executeCommand('setContext', REPOSITORY_ARCHIVED_CONTEXT, archived);
    }
    void vscode.window.showInformationMessage(archived ? t('{0} is archived.', name) : t('{0} is no longer archived.', name));
    return updated;
  } catch (e) {
    const what = archived ? t('Could not archive {0}', name) : t('Could not unarchive {0}', name);
    return showAdminFailure(services, archived ? 'archive' : 'unarchive', what, e, { target: name, bodyFields: ['archived'] }, programmatic);
  }
}
