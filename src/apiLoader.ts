// The client (undici + zod) is ~600 KB of code. Loading it only when the first request is made keeps
// activation close to a hello-world extension. esbuild rewrites this require to dist/api.js (scripts/build.mjs).
import type * as Api from './api';

let api: typeof Api | undefined;

export function loadApi(): typeof Api {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (another bundle or a module that may not be built)
  api ??= require('./api') as typeof Api;
  return api;
}
