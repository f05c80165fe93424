// Creates the seeded bare repositories once in a template directory (fast-import, fixed dates), cached on
// disk, and copies that template for every server, so starting a fresh server costs one directory copy.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitStore } from '../git';
import { FIXTURES } from '../fixtures';
import { demoHistory, PEOPLE, simpleHistory, type DemoCommit } from './demoHistory';
import { bigHistory, type BigShas } from './bigHistory';
import { buildRecordedRepositories, type RecordedCommit } from './recordedHistory';

/** `default`: the fixtures; `big`: plus alice/big; `recorded`: the instance the Gitea 1.27.0 recordings were made on. */
export type SeedName = 'default' | 'big' | 'recorded';

export interface SeedShas {
  /** The default and big seeds' alice/demo. */
  demo?: Record<DemoCommit, string>;
  big?: BigShas;
  /** The recorded seed's alice/demo (alice/gmig28807 has the same commits). */
  recorded?: Record<RecordedCommit, string>;
}

interface Template {
  dir: string;
  shas: SeedShas;
  millis: number;
}

const templates = new Map<string, Promise<Template>>();

/**
 * Templates are cached on disk across processes (test runners start one process per file), keyed by a hash
 * of the code that builds them, so only the first process after a change pays for fast-import.
 * GITEA_TEST_SERVER_NO_CACHE=1 builds a private template instead.
 */
const CACHE_ROOT = join(tmpdir(), 'gitea-workbench-test-templates');

function buildKey(seed: string): string {
  const h = createHash('sha1').update(seed);
  for (const dir of [__dirname, join(__dirname, '..')]) {
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.js')).sort()) h.update(name).update(readFileSync(join(dir, name)));
  }
  return h.digest('hex').slice(0, 16);
}

/** A pre-receive hook that refuses pushes to protected branches by users outside the push whitelist. */
function preReceiveHook(branch: string, pushers: string[]): string {
  return `#!/bin/sh
# Branch protection of the test server (Gitea enforces this in its own pre-receive hook).
while read old new ref; do
  if [ "$ref" = "refs/heads/${branch}" ]; then
    case " ${pushers.join(' ')} " in
      *" $REMOTE_USER "*) ;;
      *) echo "Gitea: Not allowed to push to protected branch ${branch}" >&2; exit 1 ;;
    esac
    if [ "$new" = "0000000000000000000000000000000000000000" ]; then
      echo "Gitea: Not allowed to delete protected branch ${branch}" >&2; exit 1
    fi
  fi
done
exit 0
`;
}

async function build(seed: SeedName, dir: string): Promise<Template> {
  const started = Date.now();
  const git = new GitStore(join(dir, 'repos'), join(dir, 'home'));
  if (seed === 'recorded') return { dir, shas: { recorded: await buildRecordedRepositories(git) }, millis: Date.now() - started };
  const R = FIXTURES.repos;
  const path = (r: { owner: string; name: string }) => `${r.owner}/${r.name}.git`;

  const demo = (async () => {
    await git.initBare(path(R.demo), 'main');
    const { stream, marks } = demoHistory();
    const shas = await git.fastImport(path(R.demo), stream);
    await mkdir(join(git.dir(path(R.demo)), 'hooks'), { recursive: true });
    const hookPath = join(git.dir(path(R.demo)), 'hooks', 'pre-receive');
    await writeFile(hookPath, preReceiveHook('main', ['alice']));
    await chmod(hookPath, 0o755);
    return Object.fromEntries(Object.entries(marks).map(([k, m]) => [k, shas.get(m)!])) as Record<DemoCommit, string>;
  })();
  const simple = async (r: { owner: string; name: string }, title: string, who: keyof typeof PEOPLE, hours: number, extra?: string) => {
    await git.initBare(path(r), 'main');
    await git.fastImport(path(r), simpleHistory(title, PEOPLE[who], hours, extra));
  };
  const big = seed === 'big' ? (async () => {
    await git.initBare(path(R.big), 'main');
    return bigHistory(git, path(R.big));
  })() : Promise.resolve(undefined);

  const [demoShas, , , , , , , bigShas] = await Promise.all([
    demo,
    simple(R.archived, 'archived', 'alice', 20),
    simple(R.privateRepo, 'private-repo', 'alice', 30, 'Internal notes'),
    git.initBare(path(R.empty), 'main'),
    simple(R.notes, 'notes', 'carol', 40),
    simple(R.mirror, 'mirror', 'alice', 50),
    simple(R.site, 'site', 'alice', 60),
    big,
  ]);
  return { dir, shas: { demo: demoShas, big: bigShas }, millis: Date.now() - started };
}

async function cachedBuild(seed: SeedName): Promise<Template> {
  const started = Date.now();
  if (process.env.GITEA_TEST_SERVER_NO_CACHE) {
    const dir = await mkdtemp(join(tmpdir(), `gitea-test-template-${seed}-`));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return build(seed, dir);
  }
  const finalDir = join(CACHE_ROOT, `${seed}-${buildKey(seed)}`);
  const shasFile = join(finalDir, 'shas.json');
  try {
    return { dir: finalDir, shas: JSON.parse(await readFile(shasFile, 'utf8')) as SeedShas, millis: Date.now() - started };
  } catch {
    // not cached yet
  }
  await mkdir(CACHE_ROOT, { recursive: true });
  const tmp = await mkdtemp(join(CACHE_ROOT, `building-${seed}-`));
  try {
    const built = await build(seed, tmp);
    await writeFile(join(tmp, 'shas.json'), JSON.stringify(built.shas));
    try {
      await rename(tmp, finalDir);
    } catch {
      // Another process finished first; its template is identical.
      await rm(tmp, { recursive: true, force: true });
    }
    return { ...built, dir: finalDir };
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
}

export function repositoryTemplate(seed: SeedName): Promise<Template> {
  let t = templates.get(seed);
  if (!t) {
    t = cachedBuild(seed);
    templates.set(seed, t);
    t.catch(() => templates.delete(seed));
  }
  return t;
}

/** `cp -a` (much faster than fs.cp for many small files), asynchronously. */
function copyTree(from: string, to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('cp', ['-a', from, to], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`cp -a failed: ${err}`))));
  });
}

/** Copies the seeded repositories into `root` (a fresh GIT_PROJECT_ROOT) and returns their SHAs. */
export async function materializeRepositories(seed: SeedName, root: string): Promise<SeedShas & { templateMillis: number }> {
  const t = await repositoryTemplate(seed);
  await rm(root, { recursive: true, force: true });
  await copyTree(join(t.dir, 'repos'), root);
  return { ...t.shas, templateMillis: t.millis };
}
