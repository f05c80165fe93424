// Cancelling a progress notification the way a user does, for the in-host tests: withProgress is replaced so that
// a cancellable progress is cancelled as soon as the request it waits for is in flight, and that request is held
// (never answered) until then — by a proxy in front of a test server of this process (the request is seen to be
// aborted on the wire), or in the client the extension uses when the server is the harness's (the workspace clone).
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { Services } from '../../src/core/services';
import type { TestServer } from '../server/index';
import { wrapClients } from './clientWrap';

export interface HeldRequest {
  /** `GET /api/v1/…` or the client method's name. */
  readonly what: string;
  /** The client gave up on it: the connection closed, or the signal given to the client method aborted. */
  aborted: boolean;
}

/** Holds the requests `hold` picks; says when one is held. */
export interface Holder {
  hold: (what: string) => boolean;
  readonly held: HeldRequest[];
  /** Called with each request as it is held. */
  onHeld: ((request: HeldRequest) => void) | undefined;
}

export interface HoldingProxy extends Holder {
  readonly url: string;
  close(): Promise<void>;
}

/** A reverse proxy to `target` that answers every request but the ones `hold` picks (by `METHOD /path`). */
export async function startHoldingProxy(target: TestServer): Promise<HoldingProxy> {
  const upstream = new URL(target.url);
  const holder: Holder = { hold: () => false, held: [], onHeld: undefined };
  const server: Server = createServer((req, res) => {
    const what = `${req.method ?? 'GET'} ${(req.url ?? '/').split('?')[0]}`;
    if (holder.hold(what)) {
      const request: HeldRequest = { what, aborted: false };
      holder.held.push(request);
      res.on('close', () => (request.aborted = !res.writableEnded));
      holder.onHeld?.(request);
      return;
    }
    const out = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(holder, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/**
 * Until restore(): the clients the extension gets hold the calls of the methods `hold` picks (by name) until the
 * signal they were given aborts, then make the call, which the client refuses as cancelled without sending it.
 */
export function holdClientCalls(services: Services): Holder & { restore(): void } {
  const holder: Holder = { hold: () => false, held: [], onHeld: undefined };
  const restore = wrapClients(services, (method, call) => {
    if (!holder.hold(method)) return undefined;
    return async (params: unknown, options?: unknown) => {
      const request: HeldRequest = { what: method, aborted: false };
      holder.held.push(request);
      const signal = (options as { signal?: AbortSignal } | undefined)?.signal;
      const aborted = new Promise<void>((resolve) => (!signal || signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
      holder.onHeld?.(request);
      await aborted;
      request.aborted = signal?.aborted === true;
      return call(params, options);
    };
  });
  return Object.assign(holder, { restore });
}

/**
 * Until restore(): a cancellable withProgress is cancelled (as by its Cancel button) once `holder` holds a request;
 * the others run as usual. `titles`: the cancellable progresses shown.
 */
export function cancelProgressWhenHeld(holder: Holder) {
  const win = vscode.window as { withProgress: typeof vscode.window.withProgress };
  const original = win.withProgress;
  const titles: string[] = [];
  win.withProgress = <R>(options: vscode.ProgressOptions, task: Parameters<typeof original<R>>[1]): Thenable<R> => {
    if (!options.cancellable) return original(options, task);
    titles.push(options.title ?? '');
    const source = new vscode.CancellationTokenSource();
    holder.onHeld = () => source.cancel();
    return Promise.resolve(task({ report: () => undefined }, source.token)).finally(() => {
      holder.onHeld = undefined;
      source.dispose();
    });
  };
  return { titles, restore: () => (win.withProgress = original) };
}

type MessageFn = 'showInformationMessage' | 'showWarningMessage' | 'showErrorMessage';

/** Until restore(): every message is recorded (and dismissed). */
export function recordMessages() {
  const win = vscode.window as unknown as Record<MessageFn, (...args: unknown[]) => unknown>;
  const fns: MessageFn[] = ['showInformationMessage', 'showWarningMessage', 'showErrorMessage'];
  const originals = fns.map((fn) => win[fn]);
  const shown: string[] = [];
  for (const fn of fns) {
    win[fn] = (message: unknown) => {
      shown.push(`${fn}: ${String(message)}`);
      return Promise.resolve(undefined);
    };
  }
  return { shown, restore: () => fns.forEach((fn, i) => (win[fn] = originals[i]!)) };
}
