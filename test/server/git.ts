// Real git repositories on disk, driven by the git CLI (async spawn only). Repositories are created with
// `git fast-import` (fixed dates → deterministic SHAs) and read with plumbing commands. Branch lists are
// cached per repository and invalidated whenever refs change (pushes, releases, big-seed writes).
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseUnifiedDiff, type DiffFile } from './gitDiff';

export interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

/** An environment that ignores the machine's git configuration, so results never depend on it. */
export function isolatedGitEnv(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    LANG: 'C',
    LC_ALL: 'C',
    TZ: 'UTC',
    ...extra,
  };
}

export function runGit(
  args: string[],
  opts: { cwd?: string; input?: Buffer | string; env: NodeJS.ProcessEnv },
): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd: opts.cwd, env: opts.env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code: code ?? -1, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') }),
    );
    child.stdin.on('error', () => undefined); // git may exit before reading all input
    child.stdin.end(opts.input ?? '');
  });
}

export interface Signature {
  name: string;
  email: string;
  /** Unix seconds. */
  when: number;
}
export interface CommitInfo {
  sha: string;
  tree: string;
  parents: string[];
  author: Signature;
  committer: Signature;
  /** The full message as stored, trailing newline included (as Gitea answers it). */
  message: string;
}
export interface BranchInfo {
  name: string;
  commit: CommitInfo;
}
export interface TagInfo {
  name: string;
  /** The commit the tag points at (peeled). */
  commitSha: string;
}
/** A tag as Gitea's GetTagInfos reads it (`git for-each-ref refs/tags`). */
export interface TagDetails {
  name: string;
  /** `tag` (annotated) or `commit` (lightweight). */
  type: string;
  /** The tag object's SHA for an annotated tag, else the commit's. */
  id: string;
  /** What the tag points at: the commit for a lightweight tag, the tagged object for an annotated one. */
  object: string;
  /** The tagger of an annotated tag, the committer of a lightweight tag's commit. */
  tagger: Signature;
  /** The tagger's (or committer's) UTC offset as git stores it, e.g. `+0200`. */
  offset: string;
  /** The tag's (or commit's) message, without a signature. */
  message: string;
}
export interface TreeEntry {
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
  size: number;
  path: string;
  name: string;
}

export class GitStore {
  private readonly branchCache = new Map<string, Promise<BranchInfo[]>>();
  private readonly diffCache = new Map<string, Promise<{ files: DiffFile[]; text: string }>>();
  readonly env: NodeJS.ProcessEnv;

  constructor(
    /** GIT_PROJECT_ROOT: repositories live at `<root>/<owner>/<name>.git`. */
    readonly root: string,
    readonly home: string,
  ) {
    this.env = isolatedGitEnv(home);
  }

  dir(gitPath: string): string {
    return join(this.root, gitPath);
  }

  async run(gitPath: string, args: string[], input?: Buffer | string): Promise<GitResult> {
    return runGit(args, { cwd: this.dir(gitPath), env: this.env, input });
  }

  async must(gitPath: string, args: string[], input?: Buffer | string): Promise<Buffer> {
    const r = await this.run(gitPath, args, input);
    if (r.code !== 0) throw new Error(`git ${args.join(' ')} failed in ${gitPath}: ${r.stderr.trim()}`);
    return r.stdout;
  }

  async initBare(gitPath: string, defaultBranch: string): Promise<void> {
    const dir = this.dir(gitPath);
    await mkdir(dir, { recursive: true });
    // An empty --template keeps the repository small (no sample hooks), which makes copying it cheap.
    await this.must(gitPath, ['init', '--quiet', '--bare', '--template=', `--initial-branch=${defaultBranch}`, '.']);
  }

  /** Feeds a fast-import stream; returns mark → SHA. */
  async fastImport(gitPath: string, stream: Buffer | string): Promise<Map<number, string>> {
    const marksFile = join(this.dir(gitPath), 'fast-import.marks');
    await this.must(gitPath, ['fast-import', '--quiet', '--force', `--export-marks=${marksFile}`], stream);
    const marks = new Map<number, string>();
    for (const line of (await readFile(marksFile, 'utf8')).split('\n')) {
      const m = /^:(\d+) ([0-9a-f]{40})$/.exec(line);
      if (m) marks.set(Number(m[1]), m[2]);
    }
    await rm(marksFile, { force: true });
    return marks;
  }

  invalidate(gitPath: string): void {
    this.branchCache.delete(gitPath);
  }

  /** Branches, read from refs/heads on every cache miss, so pushed branches show up. */
  branches(gitPath: string): Promise<BranchInfo[]> {
    let cached = this.branchCache.get(gitPath);
    if (!cached) {
      cached = this.readBranches(gitPath);
      this.branchCache.set(gitPath, cached);
      cached.catch(() => this.branchCache.delete(gitPath));
    }
    return cached;
  }

  private async readBranches(gitPath: string): Promise<BranchInfo[]> {
    const fields = [
      '%(refname:strip=2)',
      '%(objectname)',
      '%(tree)',
      '%(parent)',
      '%(authorname)',
      '%(authoremail:trim)',
      '%(authordate:unix)',
      '%(committername)',
      '%(committeremail:trim)',
      '%(committerdate:unix)',
      '%(contents)',
    ];
    const out = await this.must(gitPath, ['for-each-ref', `--format=${fields.join('%00')}%00`, 'refs/heads']);
    const parts = out.toString('utf8').split('\0');
    const branches: BranchInfo[] = [];
    for (let i = 0; i + fields.length <= parts.length; i += fields.length) {
      const f = parts.slice(i, i + fields.length);
      const name = f[0].replace(/^\n/, '');
      if (!name) continue;
      branches.push({
        name,
        commit: {
          sha: f[1],
          tree: f[2],
          parents: f[3] ? f[3].split(' ') : [],
          author: { name: f[4], email: f[5], when: Number(f[6]) },
          committer: { name: f[7], email: f[8], when: Number(f[9]) },
          message: f[10],
        },
      });
    }
    return branches;
  }

  async tags(gitPath: string): Promise<TagInfo[]> {
    const out = await this.must(gitPath, [
      'for-each-ref',
      '--format=%(refname:strip=2)%00%(objectname)%00%(*objectname)',
      'refs/tags',
    ]);
    return out
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [name, sha, peeled] = line.split('\0');
        return { name, commitSha: peeled || sha };
      });
  }

  /** Every tag with what GET /repos/{o}/{r}/tags answers, in for-each-ref order (the route sorts). */
  async tagDetails(gitPath: string): Promise<TagDetails[]> {
    const fields = [
      '%(objecttype)',
      '%(refname:strip=2)',
      '%(objectname)',
      '%(object)',
      '%(creator)',
      '%(contents)',
      '%(contents:signature)',
    ];
    const out = await this.must(gitPath, ['for-each-ref', `--format=${fields.join('%00')}%00`, 'refs/tags']);
    const parts = out.toString('utf8').split('\0');
    const tags: TagDetails[] = [];
    for (let i = 0; i + fields.length <= parts.length; i += fields.length) {
      const [type, name, id, object, creator, contents, signature] = parts.slice(i, i + fields.length);
      const kind = type.replace(/^\n/, '');
      if (!kind || !name) continue;
      // `Name <email> 1704888060 +0000`, as Gitea's ParseSignatureFromCommitLine reads it.
      const m = /^(.*) <(.*)> (\d+) ([+-]\d{4})$/.exec(creator);
      const message = signature && contents.endsWith(signature) ? contents.slice(0, -signature.length) : contents;
      tags.push({
        name,
        type: kind,
        id,
        object: kind === 'commit' ? id : object,
        tagger: m ? { name: m[1], email: m[2], when: Number(m[3]) } : { name: '', email: '', when: 0 },
        offset: m ? m[4] : '+0000',
        message,
      });
    }
    return tags;
  }

  async hasBranches(gitPath: string): Promise<boolean> {
    return (await this.branches(gitPath)).length > 0;
  }

  /** The commit a branch, tag or (full or abbreviated) SHA names; undefined if none. */
  async resolveCommit(gitPath: string, ref: string): Promise<string | undefined> {
    if (!ref || ref.startsWith('-')) return undefined;
    const r = await this.run(gitPath, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
    return r.code === 0 ? r.stdout.toString('utf8').trim() : undefined;
  }

  async commit(gitPath: string, sha: string): Promise<CommitInfo | undefined> {
    const r = await this.run(gitPath, ['cat-file', 'commit', sha]);
    if (r.code !== 0) return undefined;
    return parseCommitObject(sha, r.stdout.toString('utf8'));
  }

  async mergeBase(gitPath: string, a: string, b: string): Promise<string | undefined> {
    const r = await this.run(gitPath, ['merge-base', a, b]);
    return r.code === 0 ? r.stdout.toString('utf8').trim() : undefined;
  }

  /** The patch and its files between two commits, as Gitea computes a pull request's diff (`-M`). */
  diff(gitPath: string, base: string, head: string, whitespace: string[] = []): Promise<{ files: DiffFile[]; text: string }> {
    const key = `${gitPath}|${base}|${head}|${whitespace.join(' ')}`;
    let cached = this.diffCache.get(key);
    if (!cached) {
      cached = this.must(gitPath, [
        '-c', 'core.quotePath=false', 'diff', '--no-color', '--no-ext-diff', '-M', ...whitespace, base, head,
      ]).then((buf) => {
        const text = buf.toString('utf8');
        return { files: parseUnifiedDiff(text), text };
      });
      this.diffCache.set(key, cached);
      cached.catch(() => this.diffCache.delete(key));
    }
    return cached;
  }

  async binaryDiff(gitPath: string, base: string, head: string): Promise<Buffer> {
    return this.must(gitPath, ['diff', '--no-color', '--no-ext-diff', '-M', '--binary', base, head]);
  }

  async formatPatch(gitPath: string, base: string, head: string): Promise<Buffer> {
    return this.must(gitPath, ['format-patch', '--no-color', '--stdout', `${base}..${head}`]);
  }

  /** The tree entry at `path` in `commit` (path '' = the root tree). */
  async entry(gitPath: string, commit: string, path: string): Promise<TreeEntry | undefined> {
    if (path === '') {
      const tree = (await this.must(gitPath, ['rev-parse', `${commit}^{tree}`])).toString('utf8').trim();
      return { mode: '040000', type: 'tree', sha: tree, size: 0, path: '', name: '' };
    }
    const r = await this.run(gitPath, ['ls-tree', '-l', '-z', '--full-tree', commit, '--', path]);
    if (r.code !== 0) return undefined;
    const entries = parseLsTree(r.stdout);
    return entries.find((e) => e.path === path);
  }

  async listDir(gitPath: string, commit: string, path: string): Promise<TreeEntry[]> {
    const spec = path === '' ? commit : `${commit}:${path}`;
    const out = await this.must(gitPath, ['ls-tree', '-l', '-z', spec]);
    return parseLsTree(out).map((e) => ({ ...e, path: path === '' ? e.path : `${path}/${e.path}` }));
  }

  async blob(gitPath: string, sha: string): Promise<Buffer> {
    return this.must(gitPath, ['cat-file', 'blob', sha]);
  }

  async lastCommitFor(gitPath: string, commit: string, path: string): Promise<CommitInfo | undefined> {
    const args = ['log', '-1', '--format=%H', commit];
    if (path) args.push('--', path);
    const sha = (await this.must(gitPath, args)).toString('utf8').trim();
    return sha ? this.commit(gitPath, sha) : undefined;
  }

  async updateRefs(gitPath: string, lines: string[]): Promise<void> {
    await this.must(gitPath, ['update-ref', '--stdin'], lines.join('\n') + '\n');
    this.invalidate(gitPath);
  }
}

export function parseCommitObject(sha: string, raw: string): CommitInfo {
  const split = raw.indexOf('\n\n');
  const header = split >= 0 ? raw.slice(0, split) : raw;
  const message = split >= 0 ? raw.slice(split + 2) : '';
  const info: CommitInfo = {
    sha,
    tree: '',
    parents: [],
    author: { name: '', email: '', when: 0 },
    committer: { name: '', email: '', when: 0 },
    message,
  };
  for (const line of header.split('\n')) {
    const sp = line.indexOf(' ');
    const key = line.slice(0, sp);
    const value = line.slice(sp + 1);
    if (key === 'tree') info.tree = value;
    else if (key === 'parent') info.parents.push(value);
    else if (key === 'author' || key === 'committer') {
      const m = /^(.*) <(.*)> (\d+) [+-]\d{4}$/.exec(value);
      if (m) info[key] = { name: m[1], email: m[2], when: Number(m[3]) };
    }
  }
  return info;
}

function parseLsTree(out: Buffer): TreeEntry[] {
  return out
    .toString('utf8')
    .split('\0')
    .filter(Boolean)
    .map((rec) => {
      const tab = rec.indexOf('\t');
      const [mode, type, sha, size] = rec.slice(0, tab).split(/\s+/);
      const path = rec.slice(tab + 1);
      return {
        mode,
        type: type as TreeEntry['type'],
        sha,
        size: size === '-' ? 0 : Number(size),
        path,
        name: path.slice(path.lastIndexOf('/') + 1),
      };
    });
}
