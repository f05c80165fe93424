// The absolute path of the git on PATH, for the tests: src/ starts git only by an absolute path (the git
// extension's `git.path`), never as a bare `git`.
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { runGit, type GitArgs, type GitOutput } from '../../src/git/gitProcess';

let found: string | undefined;

export function gitExecutable(): string {
  if (found) return found;
  const name = process.platform === 'win32' ? 'git.exe' : 'git';
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!isAbsolute(dir)) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      found = join(dir, name);
      return found;
    } catch {
      // expected: not in this directory of PATH.
    }
  }
  throw new Error('git is not on PATH');
}

/** git with any arguments, for preparing and reading repositories in tests (src/ builds its lists with gitArgs). */
export function runTestGit(args: readonly string[], options: { cwd: string; input?: string }): Promise<GitOutput> {
  return runGit(args as unknown as GitArgs, { ...options, git: gitExecutable() });
}
