// undici's index module also loads fetch, WebSocket, EventSource, mocks and caches: ~535 KB in the bundle.
// The client needs only the Agent / proxy dispatchers and the `request` API, ~320 KB, so it loads those modules
// directly. `request` is undici's index.js `request` minus its URL juggling: dispatcher.request({origin, path}).
import type * as Undici from 'undici';

/* eslint-disable @typescript-eslint/no-require-imports -- undici's internals by path, so that only these modules are bundled */
const DispatcherBase = require('undici/lib/dispatcher/dispatcher') as { prototype: object };
// What undici's index.js does so that every dispatcher has .request(), .stream(), …
Object.assign(DispatcherBase.prototype, require('undici/lib/api') as object);

export const Agent = require('undici/lib/dispatcher/agent') as typeof Undici.Agent;
export const EnvHttpProxyAgent = require('undici/lib/dispatcher/env-http-proxy-agent') as typeof Undici.EnvHttpProxyAgent;
export type Dispatcher = Undici.Dispatcher;

let defaultAgent: Undici.Dispatcher | undefined;

/** `undici.request(url, options)` on the given dispatcher (a shared default Agent when none is given). */
export function request(
  url: URL,
  options: Omit<Undici.Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher?: Undici.Dispatcher },
): Promise<Undici.Dispatcher.ResponseData> {
  const { dispatcher, ...rest } = options;
  const target = dispatcher ?? (defaultAgent ??= new Agent());
  return target.request({ ...rest, origin: url.origin, path: `${url.pathname}${url.search}` });
}
