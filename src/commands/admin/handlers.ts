// The administration commands' implementations, by command id. Bundled apart (dist/admin.js) and loaded on the
// first use of one of them (see index.ts): most sessions never run one, and these forms are a fifth of the editor
// code that would otherwise be loaded with every window.
import type { Services } from '../../core/services';
import { ARCHIVE_REPOSITORY, UNARCHIVE_REPOSITORY, setArchived } from './archive';
import { MIGRATE_REPOSITORY, migrateRepository } from './migrate';
import { CREATE_ORG_LABEL, EDIT_ORG_LABEL, createOrgLabel, editOrgLabel } from './orgLabels';
import { EDIT_REPOSITORY_SETTINGS, editRepositorySettings } from './repoSettings';
import { CREATE_ORG_WEBHOOK, EDIT_USER_WEBHOOK, createOrgWebhook, editUserWebhook } from './webhooks';

export type AdminHandler = (services: Services, arg?: unknown) => Promise<unknown>;

export const ADMIN_HANDLERS: Readonly<Record<string, AdminHandler>> = {
  [EDIT_REPOSITORY_SETTINGS]: editRepositorySettings,
  [ARCHIVE_REPOSITORY]: (services, arg) => setArchived(services, true, arg),
  [UNARCHIVE_REPOSITORY]: (services, arg) => setArchived(services, false, arg),
  [CREATE_ORG_WEBHOOK]: createOrgWebhook,
  [EDIT_USER_WEBHOOK]: editUserWebhook,
  [CREATE_ORG_LABEL]: createOrgLabel,
  [EDIT_ORG_LABEL]: editOrgLabel,
  [MIGRATE_REPOSITORY]: migrateRepository,
};
