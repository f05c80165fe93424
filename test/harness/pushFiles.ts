// Commits files to a repository of a test server as alice would push them (a clone of its own over git's HTTP
// protocol, then removed): the in-host and UI suites give a repository templates this way.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runTestGit } from './gitExecutable';

/** `files` (path → text) committed with `message` and pushed to `branch` of `cloneUrl`, as `login` with `token`. */
export async function pushFiles(cloneUrl: string, login: string, token: string, files: Record<string, string>, message: string, branch = 'main'): Promise<void> {
  const parent = mkdtempSync(join(tmpdir(), 'gwb-push-'));
  const dir = join(parent, 'clone');
  const header = `Authorization: Basic ${Buffer.from(`${login}:${token}`).toString('base64')}`;
  const git = async (...args: string[]) => {
    const r = await runTestGit(['-c', 'user.name=Alice Liddell', '-c', 'user.email=alice@example.com', '-c', `http.extraHeader=${header}`, ...args], { cwd: args[0] === 'clone' ? parent : dir });
    assert.equal(r.code, 0, `git ${args.join(' ')}: ${r.stderr}`);
  };
  try {
    await git('clone', '--quiet', cloneUrl, dir);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    await git('add', '-A');
    await git('commit', '--quiet', '-m', message);
    await git('push', '--quiet', 'origin', `HEAD:${branch}`);
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
}
