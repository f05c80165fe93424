// The views and commands of src/workbench.ts (dist/workbench.js) are loaded on their first use, not at activation.
// VS Code needs both to exist as soon as the extension is active, though: a command of package.json that is not
// registered then fails with "command not found", and a view without a registered provider says "There is no data
// provider registered". So activation registers stand-ins: each command id runs a function that loads the features
// and then the real command; each view is a tree view whose provider loads the features on its first request for
// items and hands every call on to the real provider, which adopts the view (TreeViewHost).
import * as vscode from 'vscode';
import { messageOf } from '../shared/errors';
import type { TreeViewHost } from './services';

/** A view's provider until the features are loaded, and a relay to the real one afterwards. */
class DeferredTreeDataProvider implements vscode.TreeDataProvider<unknown>, vscode.Disposable {
  private target: vscode.TreeDataProvider<unknown> | undefined;
  private relay: vscode.Disposable | undefined;
  private readonly changed = new vscode.EventEmitter<unknown>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(
    private readonly viewId: string,
    private readonly load: () => Promise<void>,
  ) {}

  adopt(target: vscode.TreeDataProvider<unknown>): void {
    this.relay?.dispose();
    this.target = target;
    this.relay = target.onDidChangeTreeData?.((e) => this.changed.fire(e));
  }

  private async provider(): Promise<vscode.TreeDataProvider<unknown>> {
    if (!this.target) await this.load();
    if (!this.target) throw new Error(`The view ${this.viewId} was not taken over by its provider.`);
    return this.target;
  }

  async getChildren(element?: unknown): Promise<unknown[] | null | undefined> {
    return (await this.provider()).getChildren(element);
  }

  async getTreeItem(element: unknown): Promise<vscode.TreeItem> {
    return (await this.provider()).getTreeItem(element);
  }

  async getParent(element: unknown): Promise<unknown> {
    return (await this.provider()).getParent?.(element);
  }

  async resolveTreeItem(item: vscode.TreeItem, element: unknown, token: vscode.CancellationToken): Promise<vscode.TreeItem | null | undefined> {
    const target = await this.provider();
    return target.resolveTreeItem ? target.resolveTreeItem(item, element, token) : item;
  }

  dispose(): void {
    this.relay?.dispose();
    this.changed.dispose();
  }
}

export class DeferredFeatures implements TreeViewHost, vscode.Disposable {
  private readonly views = new Map<string, { view: vscode.TreeView<unknown>; provider: DeferredTreeDataProvider }>();
  private readonly commandStandIns: vscode.Disposable[] = [];
  private loading: Promise<void> | undefined;

  /**
   * @param prepare what the features need before their first request (the accounts' secrets checked)
   * @param loadFeatures loads dist/workbench.js and lets it register its views and commands (synchronously)
   */
  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly prepare: () => Promise<void>,
    private readonly loadFeatures: () => void,
  ) {}

  /** Registers a stand-in for each command and a tree view for each view (the views shown without a `when`). */
  standIn(commandIds: readonly string[], viewIds: readonly string[]): void {
    for (const id of commandIds) {
      this.commandStandIns.push(
        vscode.commands.registerCommand(id, async (...args: unknown[]) => {
          await this.load();
          // The stand-in is gone and the feature's command is registered in this extension host: this call
          // reaches it directly, with the arguments as they are.
          return vscode.commands.executeCommand(id, ...args);
        }),
      );
    }
    for (const id of viewIds) {
      const provider = new DeferredTreeDataProvider(id, () => this.load());
      this.views.set(id, { view: vscode.window.createTreeView(id, { treeDataProvider: provider, showCollapseAll: true }), provider });
    }
  }

  /** Loads the features once. The command stand-ins go first, so that the features can register the real ones. */
  load(): Promise<void> {
    this.loading ??= (async () => {
      await this.prepare();
      for (const d of this.commandStandIns.splice(0)) d.dispose();
      const started = Date.now();
      try {
        this.loadFeatures();
      } catch (e) {
        this.log.error(`Could not load the views and commands: ${messageOf(e)}`);
        throw e;
      }
      this.log.info(`Views and commands loaded in ${Date.now() - started} ms.`);
    })();
    return this.loading;
  }

  /** The view made at activation for `viewId` (its badge can be set before a provider adopts it). */
  shownView(viewId: string): vscode.TreeView<unknown> | undefined {
    return this.views.get(viewId)?.view;
  }

  adopt<T>(viewId: string, provider: vscode.TreeDataProvider<T>): vscode.TreeView<T> | undefined {
    const entry = this.views.get(viewId);
    if (!entry) return undefined;
    // The view only ever holds elements its provider returned, so the element types agree.
    entry.provider.adopt(provider as vscode.TreeDataProvider<unknown>);
    return entry.view as vscode.TreeView<T>;
  }

  dispose(): void {
    for (const d of this.commandStandIns.splice(0)) d.dispose();
    for (const { view, provider } of this.views.values()) {
      view.dispose();
      provider.dispose();
    }
  }
}
