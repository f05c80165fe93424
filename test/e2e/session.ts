// The shared state of one e2e run, set by test/harness/run-e2e.ts before mocha loads the specs (same process):
// the server and repository (TargetInfo), the code-server instance with the packaged extension, the browser.
import type { Browser } from 'playwright-core';
import type { CodeServer } from '../harness/codeServer';
import type { Capability, TargetInfo } from '../harness/targetInfo';

export interface E2eSession {
  target: TargetInfo;
  codeServer: CodeServer;
  browser: Browser;
}

let current: E2eSession | undefined;

export function setSession(session: E2eSession | undefined): void {
  current = session;
}

export function session(): E2eSession {
  if (!current) throw new Error('no e2e session: run the specs with `npm run test:e2e`');
  return current;
}

/** Skips the current test or suite when the server in use cannot do `capability`, printing why. */
export function requires(ctx: Mocha.Context, capability: Capability): void {
  const reason = session().target.unsupported[capability];
  if (reason) {
    process.stdout.write(`      skipped (${capability}): ${reason}\n`);
    ctx.skip();
  }
}
