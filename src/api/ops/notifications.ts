// Notifications: the signed-in user's threads, their count, and marking them read, unread or pinned.
import { NotificationCount, NotificationThread } from '../schemas';
import { PAGING, json, list, none, op, type PageParams, type RepoParams } from './op';

/** What a thread is: unread, read or pinned (Gitea keeps exactly one of them). */
export type NotificationStatus = 'unread' | 'read' | 'pinned';
/** The subject kinds Gitea filters on (`subject-type`). */
export type NotificationSubjectType = 'issue' | 'pull' | 'commit' | 'repository';

export interface NotificationFilters extends PageParams {
  /** Every status; otherwise `status-types` (the server's default: unread and pinned). */
  all?: boolean;
  'status-types'?: NotificationStatus[];
  'subject-type'?: NotificationSubjectType[];
  /** RFC 3339: updated at or after. */
  since?: string;
  /** RFC 3339: updated at or before. */
  before?: string;
}

export interface ReadNotificationsParams {
  /** RFC 3339: only threads updated at or before it change, so what arrived since stays unread. */
  last_read_at?: string;
  all?: boolean;
  /** Which threads change (the server's default: unread). */
  'status-types'?: NotificationStatus[];
  /** The new status (the server's default: read). */
  'to-status'?: NotificationStatus;
}

const FILTERS = ['all', 'status-types', 'subject-type', 'since', 'before', ...PAGING] as const;
const READ = ['last_read_at', 'all', 'status-types', 'to-status'] as const;

// The marking operations answer 205 Reset Content with the changed threads; nothing here reads them, and a 205's
// body may be dropped on the way (fetch and some proxies treat 205 as bodiless), so they are read as no body.
export const notificationOperations = {
  notifyGetList: op<NotificationFilters>()({ id: 'notifyGetList', method: 'GET', path: '/notifications', query: FILTERS, result: list(NotificationThread) }),
  /** The number of unread threads: one cheap request, what the badge polls. */
  notifyNewAvailable: op()({ id: 'notifyNewAvailable', method: 'GET', path: '/notifications/new', result: json(NotificationCount) }),
  notifyReadList: op<ReadNotificationsParams>()({
    id: 'notifyReadList',
    method: 'PUT',
    path: '/notifications',
    query: READ,
    result: none,
  }),
  notifyGetThread: op<{ id: number }>()({ id: 'notifyGetThread', method: 'GET', path: '/notifications/threads/{id}', result: json(NotificationThread) }),
  notifyReadThread: op<{ id: number; 'to-status'?: NotificationStatus }>()({
    id: 'notifyReadThread',
    method: 'PATCH',
    path: '/notifications/threads/{id}',
    query: ['to-status'],
    result: none,
  }),
  notifyGetRepoList: op<RepoParams & NotificationFilters>()({
    id: 'notifyGetRepoList',
    method: 'GET',
    path: '/repos/{owner}/{repo}/notifications',
    query: FILTERS,
    result: list(NotificationThread),
  }),
  notifyReadRepoList: op<RepoParams & ReadNotificationsParams>()({
    id: 'notifyReadRepoList',
    method: 'PUT',
    path: '/repos/{owner}/{repo}/notifications',
    query: READ,
    result: none,
  }),
};
