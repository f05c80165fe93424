// Registers the administration commands: repository settings, archive, webhooks, organization labels, migration.
// Each command also accepts its data as an argument object (see each file), which tests and other commands use.
// The implementations load on the first use of any of them (handlers.ts, bundled as dist/admin.js).
import * as vscode from 'vscode';
import type { Services } from '../../services';
import type * as Handlers from './handlers';

/** The ids of handlers.ts, listed here so that registering them does not load the implementations. */
export const ADMIN_COMMAND_IDS = [
  'gitea.editRepositorySettings',
  'gitea.archiveRepository',
  'gitea.unarchiveRepository',
  'gitea.createOrgWebhook',
  'gitea.editUserWebhook',
  'gitea.createOrgLabel',
  'gitea.editOrgLabel',
  'gitea.migrateRepository',
] as const;

let handlers: typeof Handlers | undefined;

function loadHandlers(): typeof Handlers {
  // esbuild leaves this require to dist/admin.js (scripts/build.mjs).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  handlers ??= require('./handlers') as typeof Handlers;
  return handlers;
}

export function registerAdminCommands(services: Services): vscode.Disposable {
  return vscode.Disposable.from(
    ...ADMIN_COMMAND_IDS.map((id) =>
      vscode.commands.registerCommand(id, (arg?: unknown) => {
        const run = loadHandlers().ADMIN_HANDLERS[id];
        if (!run) throw new Error(`${id} has no implementation`);
        return run(services, arg);
      }),
    ),
  );
}
