// The element type of every Gitea tree view, and the state items (loading, empty, error, load more) that the
// paged-tree base puts into lists. A node owns its vscode.TreeItem and stays the same object until the list it
// belongs to is reloaded, so `onDidChangeTreeData.fire(node)` can refresh just the node's children.
import * as vscode from 'vscode';
import { COMMAND } from '../core/commandIds';
import { signInAgainLabel } from '../core/signInAgain';
import { inertText } from '../shared/untrustedText';

/** One page of a list, structurally compatible with the client's `Page<T>`. */
export interface PageResult<T> {
  readonly items: readonly T[];
  readonly page: number;
  readonly hasMore: boolean;
  readonly nextPage?: number;
}

/** A server-side list shown page by page under a node (or at the top level of a view). */
export interface ListSpec<T> {
  /** Identifies the list's data within the view and repository: the cache key. Include server-side filters. */
  readonly key: string;
  /** Fetches one page; `page` starts at 1. Send no `limit`: the server's own page size applies. */
  fetch(page: number, signal: AbortSignal): Promise<PageResult<T>>;
  /**
   * Builds the node of one item; called once per item object while the list is cached. `now` (epoch ms) is the
   * clock of the render: relative dates ("9 min ago") count from it, and the base hands the same clock to the
   * lists under the node, so a parent and its children never disagree about the time.
   */
  render(item: T, now: number): TreeNode;
  /** Shown when the list has no items at all. */
  readonly emptyLabel: string;
  /** Items to show before the list (e.g. the default branch), fetched in parallel with the first page; `firstPage`
   * is that page's own request (its items, or none when it failed), so a lead item on it needs no request. */
  readonly lead?: (signal: AbortSignal, firstPage: Promise<readonly T[]>) => Promise<readonly T[]>;
  /** Identity for removing duplicates (lead items, and items that shift between pages). */
  readonly identity?: (item: T) => string | number;
  /** A filter applied on this side, over loaded items (for servers that cannot filter). */
  readonly filter?: (item: T) => boolean;
  /** Replaces the error item for failures that are an answer, not a fault (e.g. an endpoint the server lacks). */
  readonly explainError?: (error: unknown) => TreeNode | undefined;
}

/** What a node shows when expanded: fixed nodes first, then an optional paged list. */
export interface NodeChildren {
  readonly fixed?: readonly TreeNode[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- lists of different item types side by side; each ListSpec is typed where it is built
  readonly list?: ListSpec<any>;
}

export interface NodeOptions {
  /** Makes the node expandable; called once, when first expanded (memoised until the list is reloaded). */
  readonly children?: () => NodeChildren;
  /** The item's web page (`html_url`): adds `hasUrl` to the context value for "Open in Browser". */
  readonly url?: string;
  /** Built on hover only (resolveTreeItem), so rendering a page stays cheap. */
  readonly tooltip?: () => vscode.MarkdownString | string;
  /** What Retry / Load more / a click on a state item does. */
  readonly action?: () => void;
  /** The model object shown, for context-menu commands. */
  readonly data?: unknown;
}

export class TreeNode {
  private memoChildren: NodeChildren | undefined;
  /** The instance the view rendered the node for: its `url` opens without a question only when on it. */
  instanceUrl: string | undefined;

  constructor(
    readonly item: vscode.TreeItem,
    readonly options: NodeOptions = {},
  ) {
    if (options.url !== undefined && !isWebUrl(options.url)) {
      // Server text is untrusted: only http(s) pages may be opened.
      this.options = { ...options, url: undefined };
    }
    if (this.options.url) item.contextValue = contextValue(item.contextValue, 'hasUrl');
    if (options.children && item.collapsibleState === undefined) {
      item.collapsibleState = vscode.TreeItemCollapsibleState.Collapsed;
    }
  }

  get url(): string | undefined {
    return this.options.url;
  }

  get data(): unknown {
    return this.options.data;
  }

  children(): NodeChildren | undefined {
    if (!this.options.children) return undefined;
    this.memoChildren ??= this.options.children();
    return this.memoChildren;
  }
}

export function isWebUrl(url: string): boolean {
  return /^https?:\/\/\S+$/i.test(url);
}

/** Joins context-value tokens; `when` clauses match them with `viewItem =~ /\btoken\b/`. */
export function contextValue(...tokens: (string | false | undefined)[]): string {
  return tokens.filter((t): t is string => !!t).join(' ');
}

/** A leaf node with a label, description and icon: the common case. */
export function leaf(
  label: string,
  icon: vscode.ThemeIcon | undefined,
  opts: { description?: string; context?: string; tooltip?: () => vscode.MarkdownString | string } & Omit<NodeOptions, 'tooltip'> = {},
): TreeNode {
  const item = new vscode.TreeItem(label, opts.children ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
  item.iconPath = icon;
  if (opts.description) item.description = opts.description;
  if (opts.context) item.contextValue = opts.context;
  return new TreeNode(item, opts);
}

export function loadingNode(): TreeNode {
  return leaf(vscode.l10n.t('Loading…'), new vscode.ThemeIcon('loading~spin'), { context: 'loading' });
}

export function messageNode(label: string, icon = 'info', context = 'message'): TreeNode {
  return leaf(label, new vscode.ThemeIcon(icon), { context });
}

export function emptyNode(label: string): TreeNode {
  return messageNode(label, 'circle-slash', 'empty');
}

export function errorNode(error: unknown, retry: () => void): TreeNode {
  const message = errorMessage(error);
  const item = new vscode.TreeItem(message.split('\n')[0]!, vscode.TreeItemCollapsibleState.None);
  item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
  item.description = vscode.l10n.t('Retry');
  item.contextValue = 'error';
  item.tooltip = message;
  const node = new TreeNode(item, { action: retry });
  item.command = { command: COMMAND.viewsRetry, title: vscode.l10n.t('Retry'), arguments: [node] };
  return node;
}

/**
 * In place of a view's lists while the server refuses the account's token: a click signs in again (the views
 * reload when it succeeded). `accountId`: the account, when known (else the one waiting for it).
 */
export function signInAgainNode(message: string, accountId?: string): TreeNode {
  // The action first: a narrow sidebar cuts the end of a row, and the reason is in the description and tooltip.
  const item = new vscode.TreeItem(signInAgainLabel(), vscode.TreeItemCollapsibleState.None);
  item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
  item.description = message;
  item.contextValue = 'signInAgain';
  item.tooltip = message;
  item.command = { command: COMMAND.signInAgain, title: signInAgainLabel(), arguments: accountId ? [{ accountId }] : [] };
  return new TreeNode(item, {});
}

export function loadMoreNode(loadMore: () => void, loadedCount: number): TreeNode {
  const item = new vscode.TreeItem(vscode.l10n.t('Load more…'), vscode.TreeItemCollapsibleState.None);
  item.iconPath = new vscode.ThemeIcon('ellipsis');
  item.description = vscode.l10n.t('{0} loaded', loadedCount);
  item.contextValue = 'loadMore';
  const node = new TreeNode(item, { action: loadMore });
  item.command = { command: COMMAND.viewsLoadMore, title: vscode.l10n.t('Load more…'), arguments: [node] };
  return node;
}

/** The user-facing sentence of a failure: the client's GiteaError message, or the error's own text (inert: it quotes
 * the server). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return inertText(error.message);
  return typeof error === 'string' && error ? inertText(error) : vscode.l10n.t('The request failed.');
}
