// Real-server mode: the repository story, told through the API only (the contents API commits, branches are
// created by it): the same story as the test server's alice/demo (test/server/seed/demoHistory.ts) — a merged
// pull request with a real merge commit, an open one that renames and edits a file (and adds, deletes, changes
// others), two issues with a dependency, a published, a pre- and a draft release, a deploy key, a webhook and an
// Actions workflow whose jobs stay queued when no runner is registered.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run, sleep } from './proc';
import { CI_DISPATCH_TRIGGER } from '../server/seed/demoHistory';
import type { RealApi } from './realApi';
import type { ScenarioCi, ScenarioRepo, TargetInfo } from './targetInfo';

const README = `# demo

A small project used by the Gitea Workbench tests.
`;
const UTIL_TS = `export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
`;
const RENAMED_UTIL_TS = UTIL_TS.replace('export function capitalize', '/** Upper-cases the first letter. */\nexport function capitalize');
const MAIN_V1 = `import { slugify } from './util';

export function main(args: string[]): number {
  console.log(slugify(args.join(' ')));
  return 0;
}
`;
const MAIN_V2 = MAIN_V1.replace('export function main(args: string[]): number {\n', "export function main(args: string[]): number {\n  if (args.length === 0) return 1;\n");
const SEARCH_V1 = `export function search(items: string[], query: string): string[] {
  return items.filter((i) => i.includes(query));
}
`;
const SEARCH_V2 = SEARCH_V1.replace('{\n  return', '{\n  if (!query) return [];\n  return');
const AUTH_V1 = `export function login(username: string, password: string): boolean {
  return username.length > 0;
}
`;
const AUTH_V2 = AUTH_V1.replace('username.length > 0', 'username.length > 0 && password.length >= 8');
// The workflow runs on a host runner as on a container one: shell steps only (no checkout, which a host runner
// without the internet cannot fetch), the same workflow_dispatch inputs as the test server's ci.yml. `build`
// uploads `dist` on main (actions/upload-artifact@v4, which the instance must serve to its runner:
// DEFAULT_ACTIONS_URL = self and an `actions/upload-artifact` repository); `lint` fails on feature/open, printing
// ESLint's stylish report as a container runner's checkout path names the files (`/workspace/<owner>/<repo>/…`).
// Without a runner its jobs stay queued. Run Workflow with the note `slow` makes `build` print a line a second
// for two minutes: a running job whose log the UI suite follows (test/e2e/jobLog.e2e.ts).
export const SLOW_BUILD_NOTE = 'slow';
export const CI_YML = `name: CI
on:
  push:
${CI_DISPATCH_TRIGGER}jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - name: Build
        run: |
          mkdir -p dist
          echo 'console.log("demo \${{ github.sha }}");' > dist/main.js
          echo "built dist/main.js for \${{ github.ref_name }} (suite \${{ inputs.suite || 'unit' }})"
          if [ "\${{ inputs.note }}" = "${SLOW_BUILD_NOTE}" ]; then for i in $(seq 1 120); do echo "compiling module $i of 120"; sleep 1; done; fi
      - name: Upload dist
        if: github.ref_name == 'main'
        uses: actions/upload-artifact@v4
        with:
          name: dist
          path: dist/main.js
  lint:
    runs-on: ubuntu-latest
    steps:
      - name: Lint
        run: |
          if [ "\${{ github.ref_name }}" != "feature/open" ]; then echo "no problems"; exit 0; fi
          root="/workspace/\${{ github.repository }}"
          echo ""
          echo "$root/src/auth.ts"
          echo "  1:38  error    'c' is defined but never used         @typescript-eslint/no-unused-vars"
          echo "  2:3   warning  Unexpected console statement           no-console"
          echo ""
          echo "$root/src/main.ts"
          echo '  2:1  error  Import "./utils/strings" is not sorted  import/order'
          echo ""
          echo "✖ 3 problems (2 errors, 1 warning)"
          echo "Error: lint failed: 3 problems found"
          exit 1
`;
const packageJson = (version: string) => `{\n  "name": "demo",\n  "version": "${version}",\n  "license": "MIT"\n}\n`;

/** What the story gives the suites (the collaborator is added by the account story, if there is one). */
export type RepoStory = Omit<ScenarioRepo, 'collaborator'>;

export type FileChange =
  | { operation: 'create'; path: string; content: string }
  | { operation: 'update'; path: string; content: string }
  | { operation: 'delete'; path: string }
  | { operation: 'rename'; from: string; path: string; content: string };

/** Commits through `POST /repos/{o}/{r}/contents` (one commit per call, optionally on a new branch). */
export class ContentsApi {
  constructor(
    private readonly api: RealApi,
    private readonly repoPath: string,
  ) {}

  private async blobSha(path: string, ref: string): Promise<string> {
    const encoded = path.split('/').map(encodeURIComponent).join('/');
    return (await this.api.call<{ sha: string }>('GET', `${this.repoPath}/contents/${encoded}?ref=${encodeURIComponent(ref)}`)).data.sha;
  }

  async commit(branch: string, message: string, changes: FileChange[], newBranch?: string): Promise<void> {
    const files = [];
    for (const c of changes) {
      const sha = c.operation === 'create' ? undefined : await this.blobSha(c.operation === 'rename' ? c.from : c.path, branch);
      files.push({
        // Gitea's "rename" only moves the blob (the content is ignored): an update with from_path moves and edits.
        operation: c.operation === 'rename' ? 'update' : c.operation,
        path: c.path,
        ...('content' in c ? { content: Buffer.from(c.content).toString('base64') } : {}),
        ...(c.operation === 'rename' ? { from_path: c.from } : {}),
        ...(sha ? { sha } : {}),
      });
    }
    await this.api.call('POST', `${this.repoPath}/contents`, { branch, ...(newBranch ? { new_branch: newBranch } : {}), message, files });
  }
}

/** The story in the empty repository `owner/name`; refusals become `unsupported` entries. */
export async function tellRepoStory(
  api: RealApi,
  owner: string,
  name: string,
  unsupported: TargetInfo['unsupported'],
  runner: RunnerPresence,
): Promise<RepoStory> {
  const repoPath = `/repos/${owner}/${name}`;
  const files = new ContentsApi(api, repoPath);
  // The first commit of the repository: lines that no pull request brought in.
  await files.commit('main', 'Add the sources and the CI workflow', [
    { operation: 'create', path: 'README.md', content: README },
    { operation: 'create', path: 'package.json', content: packageJson('0.9.0') },
    { operation: 'create', path: 'src/main.ts', content: MAIN_V1 },
    { operation: 'create', path: 'src/util.ts', content: UTIL_TS },
    { operation: 'create', path: 'docs/old.md', content: '# Old notes\n\nThese notes are outdated.\n' },
    { operation: 'create', path: '.gitea/workflows/ci.yml', content: CI_YML },
  ]);
  await files.commit('main', 'Print nothing without words', [{ operation: 'update', path: 'src/main.ts', content: MAIN_V2 }]);
  await api.call('POST', `${repoPath}/branches`, { new_branch_name: 'develop', old_ref_name: 'main' });

  // Merged with a merge commit after main moved on: the pull request's head commit is not the merge commit.
  await files.commit('main', 'Add search module', [{ operation: 'create', path: 'src/search.ts', content: SEARCH_V1 }], 'feature/merged');
  await files.commit('feature/merged', 'Search: handle empty query', [{ operation: 'update', path: 'src/search.ts', content: SEARCH_V2 }]);
  await files.commit('main', 'Bump version to 0.9.1', [{ operation: 'update', path: 'package.json', content: packageJson('0.9.1') }]);
  const pull = async (head: string, title: string) =>
    (await api.call<{ number: number }>('POST', `${repoPath}/pulls`, { head, base: 'main', title, body: `${title} (test data)` })).data.number;
  const mergedPull = await pull('feature/merged', 'Add the search module');
  // 405 "Please try again later" while Gitea checks mergeability: RealApi.call retries it.
  await api.call('POST', `${repoPath}/pulls/${mergedPull}/merge`, { Do: 'merge', merge_message_field: 'Merge the search module' });
  const merged = (await api.call<{ merged: boolean; merge_commit_sha: string; head: { sha: string } }>('GET', `${repoPath}/pulls/${mergedPull}`)).data;
  if (!merged.merged || merged.merge_commit_sha === merged.head.sha) throw new Error(`pull request #${mergedPull} was not merged with a merge commit`);

  // Open: renames and edits src/util.ts, adds, deletes and changes other files.
  await files.commit(
    'main',
    'Add login page',
    [
      { operation: 'rename', from: 'src/util.ts', path: 'src/utils/strings.ts', content: RENAMED_UTIL_TS },
      { operation: 'create', path: 'src/auth.ts', content: AUTH_V1 },
      { operation: 'delete', path: 'docs/old.md' },
      { operation: 'update', path: 'src/main.ts', content: MAIN_V2.replace('./util', './utils/strings') },
      { operation: 'update', path: 'README.md', content: `${README}\n## Login\n\nSign in with your instance account.\n` },
    ],
    'feature/open',
  );
  await files.commit('feature/open', 'Login: validate input', [{ operation: 'update', path: 'src/auth.ts', content: AUTH_V2 }]);
  const openPull = await pull('feature/open', 'Add login page');

  const issue = async (title: string) =>
    (await api.call<{ number: number }>('POST', `${repoPath}/issues`, { title, body: `${title} (test data)` })).data.number;
  const blocker = await issue('The build crashes on start');
  const blocked = await issue('Dark mode');
  const dep = await api.call('POST', `${repoPath}/issues/${blocked}/dependencies`, { owner, repo: name, index: blocker }, [403, 404, 422]);
  if (dep.status >= 400) unsupported.dependencies = `the server refused issue dependencies (HTTP ${dep.status})`;

  const release = (tag_name: string, target_commitish: string, flags: { draft?: boolean; prerelease?: boolean }) =>
    api.call('POST', `${repoPath}/releases`, { tag_name, target_commitish, name: tag_name, body: 'Test data.', ...flags });
  await release('v1.0.0', 'main', {});
  await release('v1.1.0-rc1', 'develop', { prerelease: true });
  await release('v1.2.0', 'main', { draft: true });

  const webhookUrl = 'https://ci.example.com/hooks/gitea';
  await api.call('POST', `${repoPath}/hooks`, {
    type: 'gitea',
    config: { url: webhookUrl, content_type: 'json' },
    events: ['push', 'pull_request'],
    branch_filter: 'main',
    active: true,
  });

  let deployKeyTitle: string | undefined = 'Harness deploy key';
  const keyRes = await api.call('POST', `${repoPath}/keys`, { title: deployKeyTitle, key: await newSshPublicKey(name), read_only: true }, [403, 404, 422]);
  if (keyRes.status >= 400) {
    unsupported.deployKeys = `the server refused a deploy key (HTTP ${keyRes.status})`;
    deployKeyTitle = undefined;
  }
  const actions = await waitForQueuedJobs(api, repoPath);
  if (actions) unsupported.actions = actions;
  let ci: ScenarioCi | undefined;
  const noRuns = actions ?? (runner.present ? await waitForStoryRuns(api, repoPath, STORY_CI) : runner.why);
  if (noRuns) {
    unsupported.ciRuns = noRuns;
    unsupported.runner = noRuns;
  } else ci = STORY_CI;
  const projects = await probeIssueProjects(api, repoPath);
  if (projects) unsupported.issueProjects = projects;

  return {
    owner,
    name,
    defaultBranch: 'main',
    cloneUrl: `${api.url}${owner}/${name}.git`,
    branches: ['main', 'develop', 'feature/merged', 'feature/open'],
    mergedPull,
    lineFromMergedPull: { pull: mergedPull, path: 'src/search.ts', line: 2 },
    openPull,
    openPullRename: { from: 'src/util.ts', to: 'src/utils/strings.ts', keptText: 'export function slugify', addedText: 'Upper-cases the first letter' },
    issues: { blocker, blocked },
    releaseTag: 'v1.0.0',
    draftReleaseTag: 'v1.2.0',
    webhookUrl,
    deployKeyTitle,
    ...(ci ? { ci } : {}),
  };
}

/** Whether a runner takes this instance's jobs, and if not why (the reason the CI tests on real runs are skipped). */
export type RunnerPresence = { present: true; how: string } | { present: false; why: string };

/** The runs of the story the CI tests act on: pushes to main upload `dist`; feature/open's head fails its lint. */
const STORY_CI: ScenarioCi = {
  artifactRun: 'Bump version to 0.9.1',
  artifact: 'dist',
  artifactFile: 'main.js',
  failedRun: 'Login: validate input',
  failedJob: 'lint',
  runner: true,
};
const STORY_RUNS_TIMEOUT_MS = Number(process.env.GITEA_E2E_RUNNER_TIMEOUT_MS ?? 300_000);

interface RunJson {
  id: number;
  display_title: string;
  status: string;
  conclusion?: string | null;
}

/**
 * Waits until the runner has finished the story's two runs and checks what the CI tests count on: the artifact of
 * the first, the failed lint job of the second. Undefined when all holds, else why not.
 */
async function waitForStoryRuns(api: RealApi, repoPath: string, ci: ScenarioCi): Promise<undefined | string> {
  const deadline = Date.now() + STORY_RUNS_TIMEOUT_MS;
  for (;;) {
    const runs = (await api.call<{ workflow_runs: RunJson[] }>('GET', `${repoPath}/actions/runs?limit=50`)).data.workflow_runs;
    const artifactRun = runs.find((r) => r.display_title === ci.artifactRun);
    const failedRun = runs.find((r) => r.display_title === ci.failedRun);
    if (artifactRun?.status === 'completed' && failedRun?.status === 'completed') {
      const artifacts = (await api.call<{ artifacts: { name: string }[] }>('GET', `${repoPath}/actions/runs/${artifactRun.id}/artifacts`)).data.artifacts;
      if (!artifacts.some((a) => a.name === ci.artifact)) {
        return `the runner ran "${ci.artifactRun}" (${artifactRun.conclusion ?? '?'}) but it uploaded no artifact "${ci.artifact}": does the instance serve actions/upload-artifact@v4 to its runner?`;
      }
      const jobs = (await api.call<{ jobs: { name: string; conclusion?: string | null }[] }>('GET', `${repoPath}/actions/runs/${failedRun.id}/jobs`)).data.jobs;
      if (!jobs.some((j) => j.name === ci.failedJob && j.conclusion === 'failure')) {
        return `the runner ran "${ci.failedRun}", but its ${ci.failedJob} job did not fail: ${JSON.stringify(jobs.map((j) => `${j.name}: ${j.conclusion}`))}`;
      }
      return undefined;
    }
    if (Date.now() > deadline) {
      return `a runner was expected, but "${ci.artifactRun}" and "${ci.failedRun}" did not finish within ${STORY_RUNS_TIMEOUT_MS / 1000} s (` +
        `${artifactRun?.status ?? 'no run'}, ${failedRun?.status ?? 'no run'})`;
    }
    await sleep(2_000);
  }
}

/** Waits until the workflow's pushes queued jobs (the runs are created asynchronously); the reason if not. */
async function waitForQueuedJobs(api: RealApi, repoPath: string): Promise<string | undefined> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await api.call<{ total_count?: number }>('GET', `${repoPath}/actions/jobs?limit=1`, undefined, [403, 404, 405]);
    if (res.status >= 400) return `this server has no Actions jobs API (HTTP ${res.status} for actions/jobs: Actions disabled, Gitea < 1.25, or Forgejo)`;
    if ((res.data.total_count ?? 0) > 0) return undefined;
    if (Date.now() > deadline) return 'Actions answered, but the workflow pushed to the repository queued no job within 30 s';
    await sleep(1_000);
  }
}

/**
 * Whether the server takes project ids when an issue is created (Gitea 1.27 added `projects` to CreateIssueOption
 * and refuses an unknown one with 400; older servers ignore the field and create the issue): the reason if not.
 */
async function probeIssueProjects(api: RealApi, repoPath: string): Promise<string | undefined> {
  const res = await api.call<{ number: number }>('POST', `${repoPath}/issues`, { title: 'Probe: unknown project', projects: [987654] }, [400, 404, 422]);
  if (res.status >= 400) return undefined;
  await api.call('DELETE', `${repoPath}/issues/${res.data.number}`);
  return 'this server ignores project ids when an issue is created (CreateIssueOption.projects arrived in Gitea 1.27): it cannot refuse an unknown one';
}

async function newSshPublicKey(comment: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'gwb-key-'));
  try {
    await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', comment, '-f', join(dir, 'key')]);
    return readFileSync(join(dir, 'key.pub'), 'utf8').trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
