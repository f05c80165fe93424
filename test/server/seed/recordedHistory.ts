// The git repositories of the recorded seed: the instance test/fixtures/gitea-api/recordings/ was recorded on
// (2026-11-23), rebuilt from what its answers show. alice/demo: README.md ("# demo\n\ndemo repo"), then
// src/app.js ("app", the merge base of both pull requests, where 60 topic/b000… branches point);
// feature/login ("login feature": +2 −1 in 2 files) merged into main with a merge commit by "alice" after a
// "ci workflow" commit; feature/open ("open change": README edited, src/app.js renamed to src/main.js);
// lightweight tags v0.1.0 and v9.9.195 on the merge. alice/gmig28807 is a migration of alice/demo (the
// same commits); acme/tools and the archived alice/oldstuff have one commit each. File contents the
// recordings do not show are made up; commit ids therefore differ from the recorded ones.
import type { GitStore } from '../git';
import { FastImport, type Person } from './fastImport';

export type RecordedCommit = 'init' | 'app' | 'login' | 'open' | 'ci' | 'merge';

/** Unix seconds of 2026-11-23T18:mm:ssZ, the recorded instance's day. */
export const recordedAt = (minute: number, second: number) => Date.UTC(2026, 10, 23, 18, minute, second) / 1000;
export const recordedDate = (minute: number, second: number) => new Date(recordedAt(minute, second) * 1000);

/** Commits made with git carry the display name; the merge made by Gitea carries the login. */
export const RECORDED_AUTHOR: Person = { name: 'Alice', email: 'alice@example.com' };
const GITEA_MERGER: Person = { name: 'alice', email: 'alice@example.com' };

export const TOPIC_BRANCHES = Array.from({ length: 60 }, (_, i) => `topic/b${String(i).padStart(3, '0')}`);

export const MERGE_MESSAGE = "Merge pull request 'Add login' (#1) from feature/login into main\n\nMerge login\n";

const APP = "console.log('app');\n";
const APP_LOGIN = "console.log('app', login());\n";
const CI_YML = `on: [push]
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - run: echo build
  test:
    runs-on: ubuntu-latest
    steps:
      - run: echo test
`;

export function recordedDemoHistory(): { stream: Buffer; marks: Record<RecordedCommit, number> } {
  const fi = new FastImport();
  const main = 'refs/heads/main';
  const init = fi.commit({ ref: main, author: RECORDED_AUTHOR, time: recordedAt(11, 30), message: 'Initial commit\n',
    files: { 'README.md': '# demo\n\ndemo repo' } });
  const app = fi.commit({ ref: main, author: RECORDED_AUTHOR, time: recordedAt(11, 32), message: 'app\n', from: init,
    files: { 'src/app.js': APP } });
  const login = fi.commit({ ref: 'refs/heads/feature/login', author: RECORDED_AUTHOR, time: recordedAt(11, 32), message: 'login feature\n',
    from: app, files: { 'src/app.js': APP_LOGIN, 'src/login.js': 'export const login = () => true;\n' } });
  const open = fi.commit({ ref: 'refs/heads/feature/open', author: RECORDED_AUTHOR, time: recordedAt(11, 33), message: 'open change\n',
    from: app, renames: [['src/app.js', 'src/main.js']], files: { 'README.md': '# demo\n\nopen change\n' } });
  for (const branch of TOPIC_BRANCHES) fi.reset(`refs/heads/${branch}`, app);
  const ci = fi.commit({ ref: main, author: RECORDED_AUTHOR, time: recordedAt(11, 44), message: 'ci workflow\n', from: app,
    files: { '.gitea/workflows/ci.yml': CI_YML } });
  // fast-import does not merge trees: the merge commit states the merged content itself.
  const merge = fi.commit({ ref: main, author: GITEA_MERGER, time: recordedAt(11, 50), message: MERGE_MESSAGE, from: ci, merges: [login],
    files: { 'src/app.js': APP_LOGIN, 'src/login.js': 'export const login = () => true;\n' } });
  fi.reset('refs/tags/v0.1.0', merge);
  fi.reset('refs/tags/v9.9.195', merge);
  return { stream: fi.toBuffer(), marks: { init, app, login, open, ci, merge } };
}

function oneCommit(title: string, second: number): Buffer {
  const fi = new FastImport();
  fi.commit({ ref: 'refs/heads/main', author: RECORDED_AUTHOR, time: recordedAt(11, second), message: 'Initial commit\n',
    files: { 'README.md': `# ${title}\n` } });
  return fi.toBuffer();
}

/** The bare repositories of the recorded seed; returns alice/demo's commit ids. */
export async function buildRecordedRepositories(git: GitStore): Promise<Record<RecordedCommit, string>> {
  const { stream, marks } = recordedDemoHistory();
  const [demo] = await Promise.all([
    (async () => {
      await git.initBare('alice/demo.git', 'main');
      return git.fastImport('alice/demo.git', stream);
    })(),
    (async () => {
      await git.initBare('alice/gmig28807.git', 'main');
      await git.fastImport('alice/gmig28807.git', stream);
    })(),
    (async () => {
      await git.initBare('acme/tools.git', 'main');
      await git.fastImport('acme/tools.git', oneCommit('tools', 31));
    })(),
    (async () => {
      await git.initBare('alice/oldstuff.git', 'main');
      await git.fastImport('alice/oldstuff.git', oneCommit('oldstuff', 31));
    })(),
  ]);
  return Object.fromEntries(Object.entries(marks).map(([k, m]) => [k, demo.get(m)!])) as Record<RecordedCommit, string>;
}
