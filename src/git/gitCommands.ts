// The argument lists of every git command the extension runs itself (the rest goes through the vscode.git API).
// Each one checks what it is given — ref names with the one validator (shared/refName.ts), commits as full SHAs —
// and ends the options with `--` wherever git takes it, so that nothing a server sent is read as an option.
// `--end-of-options` (git 2.24) is not used: VS Code runs with git 2.0 and later, and no argument here can
// start with "-" once checked. Platform neutral: unit-tested.
import { refNameProblem } from '../shared/refName';
import type { GitArgs } from './gitProcess';

/** A value that must not reach git (an invalid ref name, a SHA that is none): a bug or a hostile server. */
export class UnsafeGitArgumentError extends Error {
  override readonly name = 'UnsafeGitArgumentError';
}

const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

export function isFullSha(value: string): boolean {
  return FULL_SHA.test(value);
}

function sha(value: string): string {
  if (!isFullSha(value)) throw new UnsafeGitArgumentError(`not a full commit SHA: ${JSON.stringify(value.slice(0, 80))}`);
  return value;
}

function ref(value: string): string {
  const problem = refNameProblem(value);
  if (problem) throw new UnsafeGitArgumentError(`not a valid ref name (${problem}): ${JSON.stringify(value.slice(0, 80))}`);
  return value;
}

/** Config keys the extension writes: `branch.<valid branch name>.<variable>`. */
function branchConfigKey(value: string): string {
  const m = /^branch\.(.+)\.[A-Za-z][A-Za-z0-9-]*$/.exec(value);
  if (!m) throw new UnsafeGitArgumentError(`not a branch config key: ${JSON.stringify(value.slice(0, 80))}`);
  ref(m[1]!);
  return value;
}

/** The one place an argument list becomes GitArgs. */
const checkedArgs = (args: string[]): GitArgs => args as unknown as GitArgs;

export const gitArgs = {
  /** Line `line` (1-based) of `relativePath`, as if the file held what is piped on stdin. */
  blameLine(relativePath: string, line: number): GitArgs {
    if (!Number.isSafeInteger(line) || line < 1) throw new UnsafeGitArgumentError(`not a line number: ${line}`);
    return checkedArgs(['blame', '--porcelain', '-L', `${line},${line}`, '--contents', '-', '--', relativePath]);
  },
  /** The merges on HEAD's first-parent history after `commit`, oldest first. */
  mainlineMergesAfter(commit: string): GitArgs {
    return checkedArgs(['rev-list', '--first-parent', '--merges', '--reverse', `${sha(commit)}..HEAD`, '--']);
  },
  /** The commits of HEAD's history that descend from `commit`. */
  descendantsOf(commit: string): GitArgs {
    return checkedArgs(['rev-list', '--ancestry-path', `${sha(commit)}..HEAD`, '--']);
  },
  /** Exit code 0 when `ancestor` is an ancestor of `descendant`'s first parent, 1 when not. */
  isAncestorOfFirstParent(ancestor: string, descendant: string): GitArgs {
    return checkedArgs(['merge-base', '--is-ancestor', '--', sha(ancestor), `${sha(descendant)}^1`]);
  },
  headCommit(): GitArgs {
    return checkedArgs(['rev-parse', '--verify', '--quiet', 'HEAD']);
  },
  /** The branch `refs/remotes/<remote>/HEAD` points at, as `<remote>/<branch>`. */
  remoteHead(remote: string): GitArgs {
    return checkedArgs(['symbolic-ref', '--short', '--', ref(`refs/remotes/${remote}/HEAD`)]);
  },
  /** Exit code 0 when the ref exists. */
  refExists(fullRef: string): GitArgs {
    if (!fullRef.startsWith('refs/')) throw new UnsafeGitArgumentError(`not a full ref: ${JSON.stringify(fullRef.slice(0, 80))}`);
    return checkedArgs(['show-ref', '--verify', '--quiet', '--', ref(fullRef)]);
  },
  /** The path of a file in the git directory (FETCH_HEAD), for worktrees too. */
  gitPath(name: 'FETCH_HEAD'): GitArgs {
    return checkedArgs(['rev-parse', '--git-path', name]);
  },
  /** Sets a branch's variable in the clone's config (any value: after `--` git takes it as it is). */
  setBranchConfig(key: string, value: string): GitArgs {
    return checkedArgs(['config', '--local', '--replace-all', '--', branchConfigKey(key), value]);
  },
  /** Fast-forwards the checked-out branch to `commit`, refusing anything else. */
  fastForward(commit: string): GitArgs {
    return checkedArgs(['merge', '--ff-only', '--quiet', '--', sha(commit)]);
  },
  /** Moves a branch that is not checked out from `from` to `to` (refused when it moved meanwhile). */
  moveBranch(branch: string, to: string, from: string): GitArgs {
    return checkedArgs(['update-ref', '--', ref(`refs/heads/${ref(branch)}`), sha(to), sha(from)]);
  },
  /** Resets the checked-out branch to `commit`, refusing to overwrite uncommitted changes. */
  resetKeep(commit: string): GitArgs {
    return checkedArgs(['reset', '--keep', sha(commit), '--']);
  },
  /** Stashes the changes to tracked files (all of them: nothing after `--`). */
  stashPush(message: string): GitArgs {
    return checkedArgs(['stash', 'push', `--message=${message}`, '--']);
  },
  /** The first remote-tracking branch of `remote` whose history holds `commit` (empty output: none). */
  remoteBranchContaining(remote: string, commit: string): GitArgs {
    return checkedArgs(['for-each-ref', '--count=1', '--format=%(refname)', `--contains=${sha(commit)}`, `refs/remotes/${ref(remote)}`]);
  },
} as const;
