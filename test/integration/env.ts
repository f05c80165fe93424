// Where in-host tests talk to: the server, the account, the repository and the workspace the harness prepared.
// The harness (test/harness/run-integration.ts) passes them to code-server as the JSON variable GITEA_TEST_ENV,
// which reaches this extension host. Same shape for the test server and for a real server (GITEA_E2E_URL).
import { format } from 'node:util';
import { ITEST_OUTPUT_PREFIX, type Capability, type TargetInfo } from '../harness/targetInfo';

export type { Capability, ScenarioAccount, ScenarioRepo, TargetInfo } from '../harness/targetInfo';

let cached: TargetInfo | undefined;

/** The run's target. Throws a clear error when the suite is not run through the harness. */
export function testEnv(): TargetInfo {
  if (cached) return cached;
  const raw = process.env.GITEA_TEST_ENV;
  if (!raw) throw new Error('GITEA_TEST_ENV is not set: run the suite with `npm run test:integration`');
  cached = JSON.parse(raw) as TargetInfo;
  return cached;
}

/** Prints a line in the harness's output (plain console.log only reaches test-results/integration.log). */
export function log(...args: unknown[]): void {
  console.log(`${process.env.GITEA_ITEST_MARK === '1' ? ITEST_OUTPUT_PREFIX : ''}${format(...args)}`);
}

/**
 * Skips the current test (or suite, from a `before` hook) when the server in use cannot have `capability`,
 * printing the reason. Call it first thing: `requires(this, 'actions')`.
 */
export function requires(ctx: Mocha.Context, capability: Capability): void {
  const reason = testEnv().unsupported[capability];
  if (reason) {
    log(`      skipped (${capability}): ${reason}`);
    ctx.skip();
  }
}
