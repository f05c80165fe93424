// Where things live. Compiled to out/test/harness, so the repository root is three levels up.
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '..', '..', '..');
/** The workplace's shared reference material beside the clone (the swagger, BEHAVIOR.md, the recordings). */
export const SHARED_DIR = resolve(REPO_ROOT, '..', 'shared');
/** The request/answer exchanges recorded from a real Gitea 1.27.0. */
export const RECORDINGS_FILE = join(SHARED_DIR, 'gitea-api', 'recordings', 'gitea-1.27.0.jsonl');
export const OUT_DIR = join(REPO_ROOT, 'out');
/** Ignored folder for the tools the harness installs (Node 24, code-server). */
export const CACHE_DIR = join(REPO_ROOT, '.cache');
/** Ignored folder for screenshots and logs of test runs. */
export const RESULTS_DIR = join(REPO_ROOT, 'test-results');
export const VSIX_PATH = join(REPO_ROOT, 'dist', 'gitea-workbench.vsix');
export const EXTENSION_ID = 'gitea-workbench.gitea-workbench';
