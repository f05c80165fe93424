// Wiring only: build the Services, then let each area register its parts, one line each. src/extension.ts
// loads this file right after VS Code's activate() call has returned; the HTTP client is loaded later still,
// on the first request (src/apiLoader.ts).
import type * as vscode from 'vscode';
import type { Services } from './services';
import { createServices } from './core/services';
import { registerAuth } from './auth';
import { registerRepositories } from './git';
import { registerStatusBar } from './statusBar';
import { registerViews } from './views';
import { registerCommands } from './commands';

/** What activate() returns: the in-host tests reach the services through it. */
export interface WorkbenchApi {
  readonly services: Services;
}

export function activate(context: vscode.ExtensionContext): WorkbenchApi {
  const services = createServices(context);
  registerAuth(services);
  registerRepositories(services);
  registerStatusBar(services);
  registerViews(services);
  registerCommands(services);
  return { services };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
