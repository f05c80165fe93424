// Registers the administration commands: repository settings, archive, webhooks, organization labels, migration.
// Each command also accepts its data as an argument object (see each file), which tests and other commands use.
// The implementations load on the first use of any of them (handlers.ts, bundled as dist/admin.js).
import * as vscode from 'vscode';
import { COMMAND } from '../../core/commandIds';
import type { Services } from '../../core/services';
import type * as Handlers from './handlers';

/** The ids of handlers.ts, listed here so that registering them does not load the implementations. */
export const ADMIN_COMMAND_IDS = [
  COMMAND.editRepositorySettings,
  COMMAND.archiveRepository,
  COMMAND.unarchiveRepository,
  COMMAND.createOrgWebhook,
  COMMAND.editUserWebhook,
  COMMAND.createOrgLabel,
  COMMAND.editOrgLabel,
  COMMAND.migrateRepository,
] as const;

let handlers: typeof Handlers | undefined;

function loadHandlers(): typeof Handlers {
  // esbuild leaves this require to dist/admin.js (scripts/build.mjs).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (another bundle or a module that may not be built)
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
