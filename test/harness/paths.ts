// Where things live. Compiled to out/test/harness, so the repository root is three levels up.
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '..', '..', '..');
/** Reference data from a real Gitea kept in the repository (test/fixtures/README.md says where each came from):
 * tests read nothing outside the clone (test/unit/architecture/selfContained.test.ts). */
export const GITEA_FIXTURES_DIR = join(REPO_ROOT, 'test', 'fixtures', 'gitea-api');
/** The request/answer exchanges recorded from a real Gitea 1.27.0. */
export const RECORDINGS_FILE = join(GITEA_FIXTURES_DIR, 'recordings', 'gitea-1.27.0.jsonl');
/** Gitea 1.27.0's own OpenAPI file. */
export const SWAGGER_FILE = join(GITEA_FIXTURES_DIR, 'swagger.v1.json');
export const OUT_DIR = join(REPO_ROOT, 'out');
/** Ignored folder for the tools the harness installs (Node 24, code-server). */
export const CACHE_DIR = join(REPO_ROOT, '.cache');
/** Ignored folder for screenshots and logs of test runs. */
export const RESULTS_DIR = join(REPO_ROOT, 'test-results');
export const VSIX_PATH = join(REPO_ROOT, 'dist', 'gitea-workbench.vsix');
export const EXTENSION_ID = 'gitea-workbench.gitea-workbench';
