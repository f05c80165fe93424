// Records activities (Gitea's `action` table) and fans each one out to the feeds that receive it: the actor,
// the repository owner (user or organization) and the repository's watchers.
import type { CommitInfo } from './git';
import type { RepoRec, ServerState } from './state';

export interface ActivityInput {
  opType: string;
  actorId: number;
  repo: RepoRec;
  content?: string;
  refName?: string;
  commentId?: number;
  created?: Date;
}

export function recordActivity(state: ServerState, a: ActivityInput): void {
  const receivers = new Set<number>([a.actorId, a.repo.ownerId, ...a.repo.watcherIds]);
  const created = a.created ?? new Date();
  for (const userId of receivers) {
    state.actions.push({
      id: state.nextId('action'),
      userId,
      opType: a.opType,
      actUserId: a.actorId,
      repoId: a.repo.id,
      commentId: a.commentId ?? 0,
      refName: a.refName ?? '',
      isPrivate: a.repo.private,
      content: a.content ?? '',
      created,
    });
  }
}

/** What a push summary holds besides the listed commits (Gitea's repo_module.PushCommits). */
export interface PushSummaryExtra {
  /** The pushed ref's new commit; defaults to the newest listed commit. Gitea sends it even when no commit is new. */
  head?: CommitInfo;
  /** How many commits the push brought (`Len`); the list itself holds at most the newest few. */
  total?: number;
  /** A new tag: Gitea lists no commits (`Commits: null`), only the tagged one as HeadCommit. */
  tag?: boolean;
}

/** Git's all-zero object name: the "before" of a ref that did not exist. */
export const EMPTY_SHA = '0'.repeat(40);

/** The JSON Gitea stores as the content of a commit_repo action (repo_module.PushCommits). `base` is what the
 * compare link starts from: the old commit, or for a new branch the default branch's name ('' for no link). */
export function pushCommitsContent(fullName: string, base: string, commits: CommitInfo[], extra: PushSummaryExtra = {}): string {
  const toPushCommit = (c: CommitInfo) => ({
    Sha1: c.sha,
    Message: c.message,
    AuthorEmail: c.author.email,
    AuthorName: c.author.name,
    CommitterEmail: c.committer.email,
    CommitterName: c.committer.name,
    Timestamp: new Date(c.committer.when * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  });
  const head = extra.head ?? commits[0];
  return JSON.stringify({
    Commits: extra.tag ? null : commits.map(toPushCommit),
    HeadCommit: head ? toPushCommit(head) : null,
    CompareURL: head && base ? `${fullName}/compare/${base}...${head.sha}` : '',
    Len: extra.total ?? commits.length,
  });
}
