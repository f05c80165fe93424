// The artifacts of alice/demo's runs (as upload-artifact@v4 leaves them: one zip each), and the failing lint
// job's log with ESLint's stylish output naming files of the run's commit by the runner's absolute path.
import { crc32 } from 'node:zlib';
import type { ServerState } from '../state';

/** A zip of stored (uncompressed) entries: what a v4 artifact of small files looks like to a client. */
export function storedZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text, 'utf8');
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** ESLint's stylish report as the lint job of 'Login: validate input' printed it (the runner's checkout path). */
export const DEMO_LINT_REPORT = [
  '',
  '/workspace/alice/demo/src/auth.ts',
  "  6:17  error    'c' is defined but never used         @typescript-eslint/no-unused-vars",
  '  7:3   warning  Unexpected console statement           no-console',
  '',
  '/workspace/alice/demo/src/main.ts',
  '  2:1  error  Import "./utils/strings" is not sorted  import/order',
  '',
  '✖ 3 problems (2 errors, 1 warning)',
  '',
];

export function seedDemoArtifacts(state: ServerState): void {
  const demo = state.repos.find((r) => r.name === 'demo')!;
  const runs = state.runs.filter((r) => r.repoId === demo.id);
  const release = runs.find((r) => r.title === 'Prepare 1.0 release')!;
  const login = runs.find((r) => r.title === 'Login: validate input')!;
  // The kept ones expire 90 days after the server started (as if uploaded with a long retention), the expired one
  // on its seeded date: Gitea's cleanup cron has marked it expired.
  const add = (runId: number, sha: string, name: string, zip: Buffer, created: Date, days: number, expired: boolean) =>
    state.artifacts.push({ id: state.nextId('action_artifact'), runId, repoId: demo.id, name, zip, size: zip.length, commitSha: sha, created,
      expires: new Date((expired ? created.getTime() : Date.now()) + days * 86_400_000), expired });
  const at = (run: typeof release) => new Date((run.stopped ?? run.created).getTime());
  add(release.id, release.commitSha, 'dist', storedZip({ 'main.js': 'console.log("demo 1.0");\n', 'README.md': '# demo 1.0\n' }), at(release), 90, false);
  add(release.id, release.commitSha, 'coverage', storedZip({ 'lcov.info': 'TN:\nSF:src/main.ts\nend_of_record\n' }), at(release), 1, true);
  add(login.id, login.commitSha, 'lint-report', storedZip({ 'eslint.txt': DEMO_LINT_REPORT.join('\n') }), at(login), 90, false);
  const lint = state.jobs.find((j) => j.runId === login.id && j.name === 'lint');
  if (lint) {
    lint.log = lint.log.replace(/^(\S+) (Error: lint failed: 3 problems found)$/m, (_m, time: string, error: string) =>
      [...DEMO_LINT_REPORT.map((l) => `${time} ${l}`), `${time} ${error}`].join('\n'));
  }
}
