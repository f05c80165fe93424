// Helpers of the in-host view tests: a test server started in this process (so its recorded requests can be
// read), signing in and selecting a repository through the extension's own commands, reading a view's items the
// way the editor does (getChildren until nothing is loading), and replacing a vscode.window prompt for a test.
import * as assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { PagedTreeBase } from '../../src/views/pagedTree';
import type { AccountScope } from '../../src/views/scope';
import type { ViewsRegistry } from '../../src/views/registry';
import type { TreeNode } from '../../src/views/treeNode';
import { FIXTURES, startTestServer, type TestServer } from '../server/index';

export const EXTENSION_ID = 'gitea-workbench.gitea-workbench';
export const SETTLE_MS = 30_000;
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function label(n: TreeNode): string {
  const l = n.item.label;
  return typeof l === 'string' ? l : (l?.label ?? '');
}
export const contextOf = (n: TreeNode) => n.item.contextValue ?? '';
export const hasContext = (n: TreeNode, token: string) => new RegExp(`\\b${token}\\b`).test(contextOf(n));
export const isLoading = (n: TreeNode) => contextOf(n) === 'loading';
export const isError = (n: TreeNode) => contextOf(n) === 'error';
export const isLoadMore = (n: TreeNode) => contextOf(n) === 'loadMore';
/** The items of a list: no state items, and no sections (the Workflows group at the top of CI Jobs, a run's Artifacts). */
export const dataNodes = (nodes: readonly TreeNode[]) =>
  nodes.filter((n) => !['loading', 'error', 'empty', 'loadMore', 'message', 'unsupported', 'ciWorkflows'].includes(contextOf(n)) && !hasContext(n, 'section'));
export const describeNodes = (nodes: readonly TreeNode[]) => nodes.map((n) => `[${contextOf(n)}] ${label(n)}`).join(' | ');

/** The children of `node` once nothing is loading. */
export async function settled(p: PagedTreeBase<AccountScope>, node?: TreeNode, timeoutMs = SETTLE_MS): Promise<TreeNode[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const children = await p.getChildren(node);
    if (!children.some(isLoading)) {
      // A list's lead items (the default branch) arrive on their own after its first page: wait for the view's
      // requests to end (bounded: a view that polls is never idle for long) and read the children again.
      await Promise.race([p.whenIdle(), sleep(Math.min(5000, Math.max(0, deadline - Date.now())))]);
      return p.getChildren(node);
    }
    assert.ok(Date.now() < deadline, `still loading after ${timeoutMs} ms: ${describeNodes(children)}`);
    await Promise.race([p.whenIdle(), sleep(500)]);
  }
}

export function find(nodes: readonly TreeNode[], prefix: string): TreeNode {
  const n = nodes.find((x) => label(x).startsWith(prefix));
  assert.ok(n, `no item "${prefix}…" in ${describeNodes(nodes)}`);
  return n;
}

export async function registry(): Promise<ViewsRegistry> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not installed in this host`);
  await ext.activate();
  const r = await vscode.commands.executeCommand<ViewsRegistry>('gitea.views.registry');
  assert.ok(r?.byId?.size, 'gitea.views.registry returned no views');
  return r;
}

/** Signs in as alice with her token and makes `owner/repo` of that instance the active repository. */
export async function signInAndSelect(url: string, owner = 'alice', repo = 'demo'): Promise<string> {
  const result = await vscode.commands.executeCommand<{ ok: boolean; account?: { id: string }; message?: string }>('gitea.signIn', {
    url,
    username: 'alice',
    token: FIXTURES.users.alice.tokens.all,
  });
  assert.ok(result?.ok, `sign-in to ${url} failed: ${result?.message}`);
  await selectRepo(url, owner, repo);
  return result.account!.id;
}

/** A test server behind a proxy of the suite's kind, signed in to as alice with alice/demo selected. */
export interface ProxiedSession<P extends { url: string; close(): Promise<void> }> {
  readonly server: TestServer;
  readonly proxy: P;
  readonly views: ViewsRegistry;
  readonly accountId: string;
  /** Signs out, then closes the proxy and the server. */
  close(): Promise<void>;
}

/** Starts a test server and `startProxy`'s proxy in front of it, and signs in through the proxy (a suite's `before`). */
export async function proxiedSession<P extends { url: string; close(): Promise<void> }>(
  startProxy: (server: TestServer) => Promise<P>,
): Promise<ProxiedSession<P>> {
  const server = await startTestServer();
  const proxy = await startProxy(server);
  const views = await registry();
  const accountId = await signInAndSelect(proxy.url);
  return {
    server,
    proxy,
    views,
    accountId,
    async close() {
      await signOut(accountId);
      await proxy.close();
      await server.close();
    },
  };
}

export async function selectRepo(url: string, owner: string, repo: string): Promise<void> {
  await vscode.commands.executeCommand('gitea.selectRepository', { owner, repo, instanceUrl: url });
}

export async function signOut(accountId: string | undefined): Promise<void> {
  if (accountId) await vscode.commands.executeCommand('gitea.signOut', { accountId });
}

/** API requests from index `from` on whose path is exactly `apiPath` (e.g. `/repos/alice/demo/branches`). */
export function requestsTo(server: TestServer, apiPath: string, from = 0) {
  return server.requests.slice(from).filter((r) => r.kind === 'api' && r.apiPath === apiPath);
}

/** An API call as alice, straight to the server (to prepare data or read the truth to compare with). */
export async function api<T = unknown>(server: TestServer, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.apiUrl}${path}`, {
    method,
    headers: { authorization: `token ${FIXTURES.users.alice.tokens.all}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

type WindowFn = 'showWarningMessage' | 'showInformationMessage' | 'showErrorMessage';

/** Replaces a vscode.window message function until `restore()`; records the messages it was shown. */
export function replaceMessage(fn: WindowFn, answer: (message: string, items: unknown[]) => unknown) {
  const win = vscode.window as unknown as Record<WindowFn, (...a: unknown[]) => unknown>;
  const original = win[fn];
  const shown: string[] = [];
  win[fn] = (message: unknown, ...rest: unknown[]) => {
    shown.push(String(message));
    const items = rest.filter((r) => typeof r === 'string' || (typeof r === 'object' && r !== null && 'title' in r));
    return Promise.resolve(answer(String(message), items));
  };
  return { shown, restore: () => (win[fn] = original) };
}

/** A canned answer a SwitchableProxy gives instead of forwarding. */
export interface CannedAnswer {
  readonly status: number;
  readonly body: string;
  readonly contentType?: string;
}

/** A reverse proxy to `target` whose answers a test can replace: `failing` makes every request a 502 (a
 * failing server), `intercept` answers chosen requests itself. */
export interface SwitchableProxy {
  readonly url: string;
  failing: boolean;
  intercept: ((method: string, url: string) => CannedAnswer | undefined) | undefined;
  close(): Promise<void>;
}

const BAD_GATEWAY: CannedAnswer = { status: 502, body: '<html><body><h1>502 Bad Gateway</h1></body></html>', contentType: 'text/html' };

export async function startSwitchableProxy(target: TestServer): Promise<SwitchableProxy> {
  const upstream = new URL(target.url);
  const proxy: Omit<SwitchableProxy, 'url' | 'close'> = { failing: false, intercept: undefined };
  const server: Server = createServer((req, res) => {
    const canned = proxy.failing ? BAD_GATEWAY : proxy.intercept?.(req.method ?? 'GET', req.url ?? '/');
    if (canned) {
      req.resume();
      res.writeHead(canned.status, { 'content-type': canned.contentType ?? 'application/json' });
      res.end(canned.body);
      return;
    }
    const out = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
