// The language-model tools at activation: where the editor has the tools API (`vscode.lm.registerTool`; an editor
// without it gets nothing and the extension works as before), each tool of package.json is registered with a relay
// that loads the views and commands (dist/workbench.js, which holds the tools' code) on its first use and hands the
// call on. So a window where no agent calls a tool never loads them, and dist/extension.js holds only this file.
// VS Code activates the extension for a contributed tool by itself (`onLanguageModelTool:<name>`).
import * as vscode from 'vscode';
import { messageOf } from '../shared/errors';

/** A tool's implementation, as dist/workbench.js hands it over (the API's LanguageModelTool). */
export interface ToolImplementation {
  prepareInvocation?(options: { readonly input: unknown }, token: vscode.CancellationToken): Promise<PreparedInvocation | undefined>;
  invoke(options: { readonly input: unknown }, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult>;
}

/** What prepareInvocation answers (the API's PreparedToolInvocation). */
export interface PreparedInvocation {
  readonly invocationMessage?: string;
  readonly confirmationMessages?: { readonly title: string; readonly message: string | vscode.MarkdownString };
}

/** The part of `vscode.lm` used here, absent on an editor without the tools API. */
interface ToolsApi {
  registerTool?(name: string, tool: ToolImplementation): vscode.Disposable;
}

export function toolsApi(): ToolsApi | undefined {
  const lm = (vscode as { lm?: ToolsApi }).lm;
  return typeof lm?.registerTool === 'function' ? lm : undefined;
}

/** A result holding one text: how every tool answers, failures and refusals included. */
export function textResult(text: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}

/**
 * Registers `names` where the API exists; `load` loads the implementations (once) and returns them by name.
 * Returns undefined when the editor has no tools API.
 */
export function registerToolStandIns(
  names: readonly string[],
  load: () => Promise<ReadonlyMap<string, ToolImplementation>>,
  log: vscode.LogOutputChannel,
): vscode.Disposable | undefined {
  const api = toolsApi();
  if (!api?.registerTool || names.length === 0) return undefined;
  const implementation = async (name: string): Promise<ToolImplementation | string> => {
    try {
      return (await load()).get(name) ?? vscode.l10n.t('The tool {0} is not available in this version of Gitea Workbench.', name);
    } catch (e) {
      log.error(`Could not load the language-model tools: ${messageOf(e)}`);
      return vscode.l10n.t('Gitea Workbench could not load its tools; see the "Gitea Workbench" output.');
    }
  };
  const registrations = names.map((name) =>
    api.registerTool!(name, {
      async prepareInvocation(options, token) {
        const tool = await implementation(name);
        return typeof tool === 'string' ? undefined : tool.prepareInvocation?.(options, token);
      },
      async invoke(options, token) {
        const tool = await implementation(name);
        return typeof tool === 'string' ? textResult(tool) : tool.invoke(options, token);
      },
    }),
  );
  return vscode.Disposable.from(...registrations);
}
