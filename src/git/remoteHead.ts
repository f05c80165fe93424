// The default branch as a clone knows it: the branch `refs/remotes/<remote>/HEAD` points at (set by the clone or
// `git remote set-head`). Platform neutral: unit-tested against real git.
import { isValidRefName } from '../shared/refName';
import { gitArgs } from './gitCommands';
import { runGit } from './gitProcess';

/** The branch `refs/remotes/<remote>/HEAD` names; undefined when it is not set or names no valid branch. */
export async function remoteDefaultBranch(git: string, cwd: string, remote: string): Promise<string | undefined> {
  if (!isValidRefName(`refs/remotes/${remote}/HEAD`)) return undefined;
  const result = await runGit(gitArgs.remoteHead(remote), { git, cwd });
  const name = result.stdout.trim();
  if (result.code !== 0 || !name.startsWith(`${remote}/`)) return undefined;
  const branch = name.slice(remote.length + 1);
  return isValidRefName(branch) ? branch : undefined;
}
