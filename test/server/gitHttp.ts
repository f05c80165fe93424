// Git smart HTTP (`<root><owner>/<repo>.git/...`) served by spawning `git http-backend` as a CGI, with
// Gitea's access rules: anonymous clone of public repositories; Basic auth (password, or a token as the
// password) for private repositories and for every push; two-factor accounts must use a token.
import { spawn } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BranchInfo, GitStore } from './git';
import { accessMode } from './permissions';
import { Access, type RepoRec, type ServerState, type UserRec } from './state';
import { authenticateGit } from './auth';

const GIT_PATH = /^\/([^/]+)\/([^/]+?)(?:\.git)?\/(info\/refs|git-upload-pack|git-receive-pack|HEAD|objects\/.+)$/;

export function isGitRequest(relPath: string): boolean {
  return GIT_PATH.test(relPath);
}

export interface GitHttpDeps {
  state: ServerState;
  git: GitStore;
  flavor: 'gitea' | 'forgejo';
  /** Called after a receive-pack finished (refs may have changed); `before` are the branches before it. */
  onPush(repo: RepoRec, pusher: UserRec, before: BranchInfo[]): Promise<void>;
}

/**
 * Gitea with a git that has proc-receive (2.29 and later, the AGit flow) asks only read access of a push over HTTP and
 * refuses in its pre-receive hook (routers/private/hook_pre_receive.go assertCanWriteRef; cmd/hook.go fail()) a branch
 * the pusher may not write: git prints the hook's lines as `remote: error: User permission denied for writing.` and
 * `! [remote rejected] … (pre-receive hook declined)`. This hook stands in for that one check.
 */
const READ_ONLY_HOOK = [
  '#!/bin/sh',
  'echo ""',
  'echo "error:" >&2',
  'echo "error: User permission denied for writing." >&2',
  'echo "error:" >&2',
  'exit 1',
  '',
].join('\n');
const hooksDirs = new Map<string, Promise<string>>();
function readOnlyHooksDir(gitRoot: string): Promise<string> {
  let dir = hooksDirs.get(gitRoot);
  if (!dir) {
    const path = join(gitRoot, '.hooks-read-only');
    dir = mkdir(path, { recursive: true })
      .then(() => writeFile(join(path, 'pre-receive'), READ_ONLY_HOOK))
      .then(() => chmod(join(path, 'pre-receive'), 0o755))
      .then(() => path);
    hooksDirs.set(gitRoot, dir);
  }
  return dir;
}

function plain(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(text);
}

const askAuth = (res: ServerResponse) => plain(res, 401, 'Unauthorized\n', { 'WWW-Authenticate': 'Basic realm="Gitea"' });

export async function handleGitHttp(
  deps: GitHttpDeps,
  relPath: string,
  query: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const m = GIT_PATH.exec(relPath);
  if (!m) return plain(res, 404, 'Not found\n');
  const [, ownerName, repoName, rest] = m;
  const service = new URLSearchParams(query).get('service');
  const isPush = rest === 'git-receive-pack' || service === 'git-receive-pack';
  const repo = deps.state.repoByName(ownerName, repoName);

  const auth = authenticateGit(deps.state, req.headers.authorization);
  if (auth.kind === 'invalid') return askAuth(res);
  if (auth.kind === 'twoFactorPassword') {
    return plain(
      res,
      401,
      'Users with two-factor authentication enabled cannot perform HTTP/HTTPS operations via plain username and password. Please create and use a personal access token as the password.\n',
    );
  }
  const user = auth.kind === 'user' ? auth.user : undefined;
  const publicPull = repo !== undefined && !repo.private && !isPush;
  if (!user && !publicPull) return askAuth(res);
  if (!repo) return plain(res, 404, 'Repository not found\n');

  const mode = accessMode(deps.state, user, repo);
  // A push needs read access here; writing is checked by the pre-receive hook (READ_ONLY_HOOK).
  if (mode < Access.Read) return plain(res, 404, 'Repository not found\n');
  if (isPush && repo.archived) {
    return plain(res, 403, 'This repo is archived. You can view files and clone it, but cannot push or open issues or pull requests.\n');
  }
  if (isPush && repo.mirror) return plain(res, 403, 'mirror repository is read-only\n');

  const receiving = isPush && user !== undefined && rest === 'git-receive-pack';
  const hooks = receiving && mode < Access.Write ? await readOnlyHooksDir(deps.git.root) : undefined;
  const before = receiving ? await deps.git.branches(repo.gitPath) : [];
  await runBackend(deps, repo, user, rest, query, req, res, hooks);
  // The response ends only after the push is recorded, so a client that saw its push finish also sees the
  // new branches and activities.
  if (receiving) {
    deps.git.invalidate(repo.gitPath);
    try {
      await deps.onPush(repo, user, before);
    } finally {
      res.end();
    }
  } else res.end();
}

/** Runs the CGI and streams its answer; the caller ends the response. */
function runBackend(
  deps: GitHttpDeps,
  repo: RepoRec,
  user: UserRec | undefined,
  rest: string,
  query: string,
  req: IncomingMessage,
  res: ServerResponse,
  hooksPath?: string,
): Promise<void> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = {
      ...deps.git.env,
      ...(hooksPath ? { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'core.hooksPath', GIT_CONFIG_VALUE_0: hooksPath } : {}),
      GIT_PROJECT_ROOT: deps.git.root,
      GIT_HTTP_EXPORT_ALL: '1',
      PATH_INFO: `/${repo.gitPath}/${rest}`,
      QUERY_STRING: query,
      REQUEST_METHOD: req.method ?? 'GET',
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      REMOTE_ADDR: req.socket.remoteAddress ?? '127.0.0.1',
      ...(user ? { REMOTE_USER: user.login, GITEA_PUSHER_NAME: user.login } : {}),
      ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
      ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) } : {}),
      ...(req.headers['content-length'] ? { CONTENT_LENGTH: String(req.headers['content-length']) } : {}),
    };
    const child = spawn('git', ['http-backend'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let headerBuf = Buffer.alloc(0);
    let headersDone = false;
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.stdout.on('data', (chunk: Buffer) => {
      if (headersDone) {
        res.write(chunk);
        return;
      }
      headerBuf = Buffer.concat([headerBuf, chunk]);
      const crlf = headerBuf.indexOf('\r\n\r\n');
      const lf = headerBuf.indexOf('\n\n');
      const end = crlf >= 0 && (lf < 0 || crlf < lf) ? crlf : lf;
      if (end < 0) return;
      const sepLen = end === crlf ? 4 : 2;
      let status = 200;
      const headers: Record<string, string> = {};
      for (const line of headerBuf.subarray(0, end).toString('latin1').split(/\r?\n/)) {
        const idx = line.indexOf(':');
        if (idx < 0) continue;
        const key = line.slice(0, idx).trim();
        const value = line.slice(idx + 1).trim();
        if (key.toLowerCase() === 'status') status = parseInt(value, 10) || 200;
        else headers[key] = value;
      }
      res.writeHead(status, headers);
      headersDone = true;
      res.write(headerBuf.subarray(end + sepLen));
    });
    child.on('error', (err) => {
      if (!res.headersSent) plain(res, 500, `git http-backend failed: ${err.message}\n`);
      resolve();
    });
    child.on('close', (code) => {
      if (!headersDone) plain(res, 500, `git http-backend exited with ${code}: ${stderr}\n`);
      resolve();
    });
    child.stdin.on('error', () => undefined);
    req.pipe(child.stdin);
  });
}
