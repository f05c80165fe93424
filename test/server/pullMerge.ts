// The git side of merging a pull request in a bare repository (`merge-tree --write-tree`, `commit-tree`; a
// rebase runs `git rebase` in a temporary worktree), shaped like Gitea's services/pull/merge*.go: merge = always
// a merge commit (--no-ff), squash = one commit authored by the poster, rebase = the head's commits replayed on
// the base with the merger as committer, rebase-merge = rebase then a merge commit, fast-forward-only = the head.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGit, type GitStore } from './git';

export type GitMergeStyle = 'merge' | 'rebase' | 'rebase-merge' | 'squash' | 'fast-forward-only';

export interface Person {
  name: string;
  email: string;
}

/** The base and head cannot be merged without conflicts (Gitea marks such a pull request "conflict"). */
export class MergeConflictError extends Error {}
/** fast-forward-only on a head that does not contain the base. */
export class DivergingFastForwardError extends Error {}

export interface MergeInput {
  gitPath: string;
  baseSha: string;
  headSha: string;
  style: GitMergeStyle;
  /** The commit message of a merge or squash commit. */
  message: string;
  merger: Person;
  /** The pull request's poster: the author of a squash commit. */
  poster: Person;
  /** Unix seconds of the merge. */
  when: number;
}

/** The tree of merging `a` and `b`, or MergeConflictError. */
async function mergedTree(git: GitStore, gitPath: string, a: string, b: string): Promise<string> {
  const r = await git.run(gitPath, ['merge-tree', '--write-tree', '--no-messages', a, b]);
  if (r.code === 1) throw new MergeConflictError(`merge conflict between ${a} and ${b}`);
  if (r.code !== 0) throw new Error(`git merge-tree failed: ${r.stderr.trim()}`);
  return r.stdout.toString('utf8').split('\n')[0]!.trim();
}

/** Whether merging head into base would conflict (Gitea's patch check). */
export async function hasConflicts(git: GitStore, gitPath: string, baseSha: string, headSha: string): Promise<boolean> {
  try {
    await mergedTree(git, gitPath, baseSha, headSha);
    return false;
  } catch (err) {
    if (err instanceof MergeConflictError) return true;
    throw err;
  }
}

interface CommitSpec {
  tree: string;
  parents: string[];
  message: string;
  author: Person;
  authorWhen: number;
  committer: Person;
  committerWhen: number;
}

async function commitTree(git: GitStore, gitPath: string, c: CommitSpec): Promise<string> {
  const env = {
    ...git.env,
    GIT_AUTHOR_NAME: c.author.name, GIT_AUTHOR_EMAIL: c.author.email, GIT_AUTHOR_DATE: `${c.authorWhen} +0000`,
    GIT_COMMITTER_NAME: c.committer.name, GIT_COMMITTER_EMAIL: c.committer.email, GIT_COMMITTER_DATE: `${c.committerWhen} +0000`,
  };
  const args = ['commit-tree', c.tree, ...c.parents.flatMap((p) => ['-p', p]), '-F', '-'];
  const r = await runGit(args, { cwd: git.dir(gitPath), env, input: c.message.endsWith('\n') ? c.message : `${c.message}\n` });
  if (r.code !== 0) throw new Error(`git commit-tree failed: ${r.stderr.trim()}`);
  return r.stdout.toString('utf8').trim();
}

async function isAncestor(git: GitStore, gitPath: string, a: string, b: string): Promise<boolean> {
  return (await git.run(gitPath, ['merge-base', '--is-ancestor', a, b])).code === 0;
}

/** The head's commits replayed on the base by `git rebase` in a temporary worktree (merge commits dropped,
 * authors kept, the merger as committer); the new tip. */
async function rebase(git: GitStore, input: MergeInput): Promise<string> {
  const { gitPath, baseSha, headSha } = input;
  if (await isAncestor(git, gitPath, baseSha, headSha)) return headSha; // already on top of the base
  const dir = await mkdtemp(join(tmpdir(), 'gitea-test-rebase-'));
  await git.must(gitPath, ['worktree', 'add', '--quiet', '--detach', dir, headSha]);
  try {
    const env = {
      ...git.env,
      GIT_COMMITTER_NAME: input.merger.name, GIT_COMMITTER_EMAIL: input.merger.email, GIT_COMMITTER_DATE: `${input.when} +0000`,
    };
    const r = await runGit(['rebase', '--quiet', baseSha], { cwd: dir, env });
    if (r.code !== 0) {
      await runGit(['rebase', '--abort'], { cwd: dir, env });
      throw new MergeConflictError(`rebase conflict: ${r.stderr.trim()}`);
    }
    return (await runGit(['rev-parse', 'HEAD'], { cwd: dir, env })).stdout.toString('utf8').trim();
  } finally {
    await git.run(gitPath, ['worktree', 'remove', '--force', dir]);
    await rm(dir, { recursive: true, force: true });
  }
}

/** Creates the commits of the merge and answers the base branch's new head (the caller moves the ref). */
export async function mergeCommits(git: GitStore, input: MergeInput): Promise<string> {
  const { gitPath, baseSha, headSha, merger, when } = input;
  const mergeCommit = async (tip: string): Promise<string> => commitTree(git, gitPath, {
    tree: await mergedTree(git, gitPath, baseSha, tip), parents: [baseSha, tip], message: input.message,
    author: merger, authorWhen: when, committer: merger, committerWhen: when,
  });
  switch (input.style) {
    case 'merge':
      return mergeCommit(headSha);
    case 'squash': {
      let message = input.message;
      // Gitea's AddCoCommitterTrailers: the poster authors the squash commit, the merger commits it.
      if (merger.name !== input.poster.name || merger.email !== input.poster.email) {
        const sig = `${input.poster.name} <${input.poster.email}>`;
        message = `${message.trimEnd()}\n\nCo-authored-by: ${sig}\nCo-committed-by: ${sig}\n`;
      }
      return commitTree(git, gitPath, {
        tree: await mergedTree(git, gitPath, baseSha, headSha), parents: [baseSha], message,
        author: input.poster, authorWhen: when, committer: merger, committerWhen: when,
      });
    }
    case 'rebase':
      return rebase(git, input);
    case 'rebase-merge':
      return mergeCommit(await rebase(git, input));
    case 'fast-forward-only':
      if (!(await isAncestor(git, gitPath, baseSha, headSha))) throw new DivergingFastForwardError('head is not a descendant of the base');
      return headSha;
  }
}
