// What the suites are told about the server they run against. The harness passes it to code-server as the JSON
// environment variable GITEA_TEST_ENV (it reaches the extension host); test/integration/env.ts reads it there and
// the e2e specs get it from test/e2e/session.ts. The same shape for the test server and for a real server, so a
// suite is written once and skips only what the server in use cannot have (see `unsupported`).
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
  user: { username: string; password?: string; token?: string; isAdmin: boolean };
  /** The repository cloned into the workspace, and what is known to be in it. */
  repo: ScenarioRepo;
  /** What the account has beyond `repo`. */
  account: ScenarioAccount;
  /** Absolute path of the workspace folder (a clone of `repo`). */
  workspace: string;
  /** The test server's FIXTURES; absent on a real server (use `repo` and `account`, which both kinds have). */
  fixtures?: Fixtures;
  /** Capability → why the server in use cannot have it. Suites skip with that reason. */
  unsupported: Partial<Record<Capability, string>>;
}

export type Capability =
  | 'actions' // CI runs and jobs (Gitea Actions enabled)
  | 'dependencies' // issue dependencies
  | 'deployKeys'
  | 'issueProjects' // issues created with project ids (Gitea 1.27+): an unknown project is refused (400); checked against the Create Issue form's version rule
  | 'twoFactor' // an account with TOTP enrolled, and its secret (real server: GITEA_E2E_OTP_*)
  | 'organization' // `account.org`: an organisation the user owns, with a team and labels
  | 'collaborator' // `repo.collaborator`: a second user (a real server needs a site administrator to create one)
  | 'runner' // a real runner takes the repository's new jobs (real server only: the test server's runs are seeded)
  | 'ciRuns'; // `repo.ci`: finished runs, one with an artifact and one with a failed lint job (the test server's seed; a real server's runner)

/** Capabilities whose absence is tested in a fallback form rather than skipped (e.g. the Create Issue form's disabled
 * Projects field on a server that drops project ids). */
export const FALLBACK_CAPABILITIES: readonly Capability[] = ['issueProjects'];

/** The repository the suites work on; the same story on both kinds of server. */
export interface ScenarioRepo {
  owner: string;
  name: string;
  defaultBranch: string;
  /** `<url><owner>/<name>.git` (the workspace's origin). */
  cloneUrl: string;
  /** Branches known to exist, default branch included. */
  branches: string[];
  /** A pull request merged into the default branch with a merge commit (its head commit is not that commit). */
  mergedPull: number;
  /** A line (1-based) of the default branch that came in with merged pull request `pull`. */
  lineFromMergedPull: { pull: number; path: string; line: number };
  /** An open pull request. */
  openPull: number;
  /** What `openPull` renames and edits: `keptText` is on both sides of the diff, `addedText` only in `to`. */
  openPullRename: { from: string; to: string; keptText: string; addedText: string };
  /** Two issues: `blocked` depends on `blocker`. */
  issues: { blocker: number; blocked: number };
  /** Tag of a published release. */
  releaseTag: string;
  /** Tag of a draft release. */
  draftReleaseTag: string;
  /** Target URL of an active `gitea` webhook of the repository. */
  webhookUrl: string;
  /** Title of a deploy key on the repository. */
  deployKeyTitle?: string;
  /** Another user with write access whose actions are in the user's activity feed. */
  collaborator?: string;
  /** Finished workflow runs the CI tests act on (capability `ciRuns`). */
  ci?: ScenarioCi;
}

/** Runs of the repository's ci.yml, found by their titles (a push's run is titled with its head commit's subject). */
export interface ScenarioCi {
  /** A run whose `build` job passed and uploaded the artifact `artifact` (a zip holding `artifactFile`). */
  artifactRun: string;
  artifact: string;
  artifactFile: string;
  /** A run whose `failedJob` failed, printing ESLint's stylish report: `src/main.ts` 2:1 import/order (an error), and
   * two problems in `src/auth.ts`, a file that only the run's branch has. */
  failedRun: string;
  failedJob: string;
  /** Whether a runner takes new jobs (a real one): a dispatched or re-run job then runs and ends; else it waits. */
  runner: boolean;
}

/** The account's world beyond `repo`. */
export interface ScenarioAccount {
  /** Full names of repositories the user has starred. */
  starred: string[];
  /** A repository of the user that is archived (writes answer 423). */
  archivedRepo: { owner: string; name: string };
  /** A webhook of the user with a branch filter. */
  userHook: { id: number; branchFilter: string; events: string[] };
  /** An organisation the user owns, a team of it the user is in, and organisation labels (one archived). */
  org?: {
    name: string;
    team: { id: number; name: string; members: string[] };
    labels: { plain: ScenarioLabel; archived: ScenarioLabel };
  };
  /** An account with two-factor authentication (TOTP) enrolled. */
  twoFactor?: { username: string; password: string; totpSecret: string };
}

export interface ScenarioLabel {
  id: number;
  name: string;
  /** `rrggbb`, lower case, as Gitea answers it. */
  color: string;
}
