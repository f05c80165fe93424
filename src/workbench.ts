// The views and commands (dist/workbench.js), loaded by src/extension.ts when a Gitea view is first shown or one of
// these commands first runs (core/deferredFeatures.ts), never at activation. The Services arrive built; each area
// registers its parts, one line each: the views' providers take over the tree views made at activation, the
// commands replace their stand-ins. The HTTP client is loaded later still, on the first request (src/apiLoader.ts).
// The language-model tools' implementations are here too, handed to their relays (lm/standIns.ts) on first call.
import type { Services } from './core/services';
import { watchCheckedOutPullRequests } from './git/checkedOutPullRequests';
import { languageModelTools } from './lm';
import type { ToolImplementation } from './lm/standIns';
import { registerViews } from './views';
import { registerCommands } from './commands';
import { registerTimeTracking } from './timeTracking/commands';

let tools: ReadonlyMap<string, ToolImplementation> = new Map();

export function activate(services: Services): void {
  const checkedOut = watchCheckedOutPullRequests(services.log);
  services.context.subscriptions.push(checkedOut);
  registerViews(services, checkedOut);
  registerCommands(services);
  services.context.subscriptions.push(registerTimeTracking(services));
  tools = languageModelTools(services);
}

/** The language-model tools by name, once activate() has run. */
export function toolImplementations(): ReadonlyMap<string, ToolImplementation> {
  return tools;
}
