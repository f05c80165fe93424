// The extension's entry point, a few hundred bytes on purpose. VS Code counts loading this file and the
// synchronous part of activate() as the extension's activation time, during which the extension host runs
// nothing else: no other extension activates, no other event is handled. So the workbench (dist/workbench.js:
// views, commands, sign-in) is loaded in the next turn of the event loop instead. VS Code waits for the promise
// returned here before it runs one of our commands or fills one of our views, so nobody meets a half-activated
// extension; `npm run bench` reports the deferred part too ("after activate() returned").
import type * as vscode from 'vscode';
import type * as Workbench from './workbench';

export type { WorkbenchApi } from './workbench';

export function activate(context: vscode.ExtensionContext): Promise<Workbench.WorkbenchApi> {
  return new Promise((resolve, reject) => {
    setImmediate(() => {
      try {
        // esbuild leaves this require to dist/workbench.js (scripts/build.mjs).
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (another bundle or a module that may not be built)
        const workbench = require('./workbench') as typeof Workbench;
        resolve(workbench.activate(context));
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  });
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
