// What the suites are told about the server they run against. The harness passes it to code-server as the JSON
// environment variable GITEA_TEST_ENV (it reaches the extension host); test/integration/env.ts reads it there and
// the e2e specs get it from test/e2e/session.ts. The same shape for the test server and for a real server, so a
// suite is written once and skips only what the server in use cannot do (see `unsupported`).
import type { Fixtures } from '../server/fixtures';

export const TARGET_ENV_VAR = 'GITEA_TEST_ENV';
/** test/integration/index.ts ends its output with this prefix + JSON counts; the harness reads it. */
export const ITEST_RESULT_PREFIX = '##gitea-itest-result ';
/** Lines of the in-host mocha reporter (and of `log()` in test/integration/env.ts) start with this; the harness
 * prints those and keeps the rest of the workbench's log in test-results/integration.log. */
export const ITEST_OUTPUT_PREFIX = '##gitea-itest ';

export interface ItestResult {
  passes: number;
  failures: number;
  pending: number;
  tests: number;
}

export interface TargetInfo {
  mode: 'testServer' | 'real';
  /** Instance root with trailing slash. */
  url: string;
  /** `<url>api/v1` */
  apiUrl: string;
  flavor: 'gitea' | 'forgejo';
  version: string;
  /** The account the suites act as (alice on the test server). */
  user: { username: string; password?: string; token?: string };
  /** The repository cloned into the workspace, and what is known to be in it. */
  repo: ScenarioRepo;
  /** Absolute path of the workspace folder (a clone of `repo`). */
  workspace: string;
  /** The test server's FIXTURES (other users, TOTP secret, other repositories); absent on a real server. */
  fixtures?: Fixtures;
  /** Capability → why the server in use cannot do it. Suites skip with that reason. */
  unsupported: Partial<Record<Capability, string>>;
}

export type Capability =
  | 'fixtures' // seeded users, organisations and repositories beyond `repo` (test server only)
  | 'actions' // CI runs and jobs (Gitea Actions enabled)
  | 'dependencies' // issue dependencies
  | 'deployKeys';

/** The repository the suites work on; the same story on both kinds of server. */
export interface ScenarioRepo {
  owner: string;
  name: string;
  defaultBranch: string;
  /** `<url><owner>/<name>.git` (the workspace's origin). */
  cloneUrl: string;
  /** Branches known to exist, default branch included. */
  branches: string[];
  /** A pull request merged into the default branch. */
  mergedPull: number;
  /** An open pull request. */
  openPull: number;
  /** Two issues: `blocked` depends on `blocker`. */
  issues: { blocker: number; blocked: number };
  /** Tag of a published release. */
  releaseTag: string;
  /** Title of a deploy key on the repository. */
  deployKeyTitle?: string;
}
