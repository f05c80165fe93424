// The Notifications view's order: threads grouped by repository; in a group unread first, then pinned, then read,
// each newest first; groups with unread threads first, then by their newest thread. Pure.
import type { NotificationThread } from '../api';

export interface NotificationGroup {
  /** `owner/name`, or '' for threads whose repository Gitea left out (access lost). */
  readonly fullName: string;
  readonly owner?: string;
  readonly name?: string;
  readonly threads: readonly NotificationThread[];
  readonly unread: number;
  /** The newest `updated_at` in the group (what "mark read" of the group passes as last_read_at). */
  readonly newest: string | undefined;
}

export type ThreadStatus = 'unread' | 'pinned' | 'read';

export function threadStatus(t: Pick<NotificationThread, 'unread' | 'pinned'>): ThreadStatus {
  return t.pinned ? 'pinned' : t.unread ? 'unread' : 'read';
}

const RANK: Record<ThreadStatus, number> = { unread: 0, pinned: 1, read: 2 };

function time(t: NotificationThread): number {
  const ms = t.updated_at ? Date.parse(t.updated_at) : NaN;
  return Number.isNaN(ms) ? 0 : ms;
}

/** The newest `updated_at` of the threads, as the server wrote it (undefined when none has one). */
export function newestUpdate(threads: readonly NotificationThread[]): string | undefined {
  let best: NotificationThread | undefined;
  for (const t of threads) if (t.updated_at && (!best || time(t) > time(best))) best = t;
  return best?.updated_at;
}

export function compareThreads(a: NotificationThread, b: NotificationThread): number {
  return RANK[threadStatus(a)] - RANK[threadStatus(b)] || time(b) - time(a) || b.id - a.id;
}

export function groupNotifications(threads: readonly NotificationThread[]): NotificationGroup[] {
  const byRepo = new Map<string, NotificationThread[]>();
  for (const t of threads) {
    const key = t.repository?.full_name ?? '';
    let list = byRepo.get(key);
    if (!list) byRepo.set(key, (list = []));
    list.push(t);
  }
  const groups = [...byRepo].map(([fullName, list]): NotificationGroup => {
    const repo = list[0]?.repository;
    const [owner, name] = fullName.includes('/') ? [repo?.owner?.login ?? fullName.split('/')[0], repo?.name ?? fullName.split('/')[1]] : [undefined, undefined];
    return {
      fullName,
      owner,
      name,
      threads: [...list].sort(compareThreads),
      unread: list.filter((t) => threadStatus(t) === 'unread').length,
      newest: newestUpdate(list),
    };
  });
  const newestMs = (g: NotificationGroup) => (g.newest ? Date.parse(g.newest) || 0 : 0);
  return groups.sort((a, b) => Number(b.unread > 0) - Number(a.unread > 0) || newestMs(b) - newestMs(a) || a.fullName.localeCompare(b.fullName));
}
