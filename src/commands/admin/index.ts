// Registers the administration commands: repository settings, archive, webhooks, organization labels, migration.
// Each command also accepts its data as an argument object (see each file), which tests and other commands use.
import * as vscode from 'vscode';
import type { Services } from '../../services';
import { ARCHIVE_REPOSITORY, UNARCHIVE_REPOSITORY, setArchived } from './archive';
import { MIGRATE_REPOSITORY, migrateRepository } from './migrate';
import { CREATE_ORG_LABEL, EDIT_ORG_LABEL, createOrgLabel, editOrgLabel } from './orgLabels';
import { EDIT_REPOSITORY_SETTINGS, editRepositorySettings } from './repoSettings';
import { CREATE_ORG_WEBHOOK, EDIT_USER_WEBHOOK, createOrgWebhook, editUserWebhook } from './webhooks';

export function registerAdminCommands(services: Services): vscode.Disposable {
  const register = (id: string, run: (arg?: unknown) => Promise<unknown>): vscode.Disposable => vscode.commands.registerCommand(id, run);
  return vscode.Disposable.from(
    register(EDIT_REPOSITORY_SETTINGS, (arg) => editRepositorySettings(services, arg)),
    register(ARCHIVE_REPOSITORY, (arg) => setArchived(services, true, arg)),
    register(UNARCHIVE_REPOSITORY, (arg) => setArchived(services, false, arg)),
    register(CREATE_ORG_WEBHOOK, (arg) => createOrgWebhook(services, arg)),
    register(EDIT_USER_WEBHOOK, (arg) => editUserWebhook(services, arg)),
    register(CREATE_ORG_LABEL, (arg) => createOrgLabel(services, arg)),
    register(EDIT_ORG_LABEL, (arg) => editOrgLabel(services, arg)),
    register(MIGRATE_REPOSITORY, (arg) => migrateRepository(services, arg)),
  );
}
