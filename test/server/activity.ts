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

/** The JSON Gitea stores as the content of a commit_repo action (repo_module.PushCommits). */
export function pushCommitsContent(fullName: string, before: string, commits: CommitInfo[]): string {
  const toPushCommit = (c: CommitInfo) => ({
    Sha1: c.sha,
    Message: c.message,
    AuthorEmail: c.author.email,
    AuthorName: c.author.name,
    CommitterEmail: c.committer.email,
    CommitterName: c.committer.name,
    Timestamp: new Date(c.committer.when * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  });
  const head = commits[0];
  return JSON.stringify({
    Commits: commits.map(toPushCommit),
    HeadCommit: head ? toPushCommit(head) : null,
    CompareURL: head && before ? `${fullName}/compare/${before}...${head.sha}` : '',
    Len: commits.length,
  });
}
