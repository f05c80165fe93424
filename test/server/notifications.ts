// Notifications (Gitea's `notification` table) and the rules of who gets one, after services/uinotification and
// models/activities/notification_list.go: an event on an issue or pull request notifies its participants (the
// poster and whoever commented or reviewed), the repository's watchers (not for a work-in-progress pull request)
// and, given a receiver (a mention, an assignment, a review request), just that user. The doer of a broadcast is
// left out; everyone must be able to read the repository. A user's one thread per issue is reused: when read it
// turns unread again, and its update time moves on either way (Gitea reorders it). Gitea runs these from a queue,
// so a real server shows them a moment after the event; the test server at once.
import { isPlainComment } from './issueEvents';
import { accessMode } from './permissions';
import { Access, type IssueRec, type RepoRec, type ServerState } from './state';

export type NotificationStatus = 'unread' | 'read' | 'pinned';
export type NotificationSource = 'issue' | 'pull' | 'commit' | 'repository';

export interface NotificationRec {
  id: number;
  userId: number;
  repoId: number;
  source: NotificationSource;
  status: NotificationStatus;
  issueId: number;
  commitId?: string;
  commentId: number;
  updatedById: number;
  created: Date;
  updated: Date;
}

/** Gitea's default WORK_IN_PROGRESS_PREFIXES. */
const WIP_PREFIXES = ['WIP:', '[WIP]'];

function isWorkInProgress(title: string): boolean {
  return WIP_PREFIXES.some((p) => title.slice(0, p.length).toLowerCase() === p.toLowerCase());
}

/** GetParticipantIDsByIssue: the posters of comments, code comments and reviews, and the issue's poster. */
function participantIds(state: ServerState, issue: IssueRec): number[] {
  const ids = new Set<number>();
  for (const c of state.comments) {
    if (c.issueId === issue.id && (isPlainComment(c) || c.type === 'code' || c.type === 'review')) ids.add(c.posterId);
  }
  ids.add(issue.posterId);
  return [...ids];
}

export interface IssueNotification {
  issue: IssueRec;
  doerId: number;
  commentId?: number;
  /** One user only (a mention, an assignment, a review request); undefined: everyone involved. */
  receiverId?: number;
}

/** createOrUpdateIssueNotifications. */
export function notifyIssue(state: ServerState, n: IssueNotification, now = new Date()): void {
  const { issue } = n;
  const repo = state.repo(issue.repoId);
  if (!repo) return;
  let receivers: Set<number>;
  if (n.receiverId !== undefined) receivers = new Set([n.receiverId]);
  else {
    receivers = new Set(participantIds(state, issue));
    if (!(issue.pull && isWorkInProgress(issue.title))) for (const id of repo.watcherIds) receivers.add(id);
    receivers.delete(n.doerId);
  }
  for (const userId of receivers) {
    const user = state.user(userId);
    if (!user || accessMode(state, user, repo) < Access.Read) continue;
    const existing = state.notifications.find((x) => x.userId === userId && x.issueId === issue.id);
    if (existing) {
      // Only a read thread takes the new comment: an unread one keeps pointing at what the user has not seen.
      if (existing.status === 'read') {
        existing.status = 'unread';
        existing.commentId = n.commentId ?? 0;
      }
      existing.updatedById = n.doerId;
      existing.updated = now;
      continue;
    }
    state.notifications.push({
      id: state.nextId('notification'),
      userId,
      repoId: repo.id,
      source: issue.pull ? 'pull' : 'issue',
      status: 'unread',
      issueId: issue.id,
      commentId: n.commentId ?? 0,
      updatedById: n.doerId,
      created: now,
      updated: now,
    });
  }
}

/** The users a text mentions (`@name`) who can read the repository: Gitea's FindAndUpdateIssueMentions. */
export function mentionedIds(state: ServerState, repo: RepoRec, text: string, doerId: number): number[] {
  const ids = new Set<number>();
  for (const m of text.matchAll(/(?:^|[\s(])@([\w.-]+)/g)) {
    const user = state.userByName(m[1]!.replace(/(?<!\.)\.+$/, ''));
    if (user && user.id !== doerId && accessMode(state, user, repo) >= Access.Read) ids.add(user.id);
  }
  return [...ids];
}

/** CreateIssueComment / NewIssue / PullRequestReview: everyone involved, then each mentioned user. */
export function notifyWithMentions(state: ServerState, issue: IssueRec, doerId: number, text: string, commentId?: number): void {
  const repo = state.repo(issue.repoId);
  if (!repo) return;
  notifyIssue(state, { issue, doerId, commentId });
  for (const receiverId of mentionedIds(state, repo, text, doerId)) notifyIssue(state, { issue, doerId, commentId, receiverId });
}

/** NewPullRequest: the watchers and participants but the poster, and the mentioned users, each as a receiver. */
export function notifyNewPull(state: ServerState, issue: IssueRec): void {
  const repo = state.repo(issue.repoId);
  if (!repo) return;
  const receivers = new Set([...repo.watcherIds, ...participantIds(state, issue)]);
  receivers.delete(issue.posterId);
  for (const id of mentionedIds(state, repo, issue.body, issue.posterId)) receivers.add(id);
  for (const receiverId of receivers) notifyIssue(state, { issue, doerId: issue.posterId, receiverId });
}
