// The repositories the extension read recently (GET /repos/{owner}/{repo}), per account: what a form can start on
// before the server answers again (the Create Pull Request form's base repository and branch). An entry is a hint,
// never the last word: whoever uses one also asks the server and corrects what it started on. Bounded in number and
// age, so that it neither grows with a long session nor offers what is likely out of date. One per extension host:
// `recentRepositories`, used by the views and commands (dist/workbench.js); kept out of dist/extension.js (checked by
// startup.test.ts), which would hold a second, separate one.
import type { GiteaClient, Repository } from '../api';

/** How many repositories are kept; the least recently used goes first. */
export const RECENT_REPOSITORIES_MAX = 32;
/** How long an answer is offered: a default branch or a fork's parent seldom changes within minutes. */
export const RECENT_REPOSITORY_MAX_AGE_MS = 5 * 60_000;

interface Entry {
  readonly repository: Repository;
  readonly at: number;
}

/** Who reads: the account (its id keys the entries: permissions differ between accounts) and its client. */
export interface RepositoryReader {
  readonly account: { readonly id: string };
  readonly client: GiteaClient;
}

const keyOf = (accountId: string, owner: string, repo: string): string => `${accountId}|${owner.toLowerCase()}/${repo.toLowerCase()}`;

/** An answer this recent is the same moment's: views filling together take it instead of asking again. */
export const SAME_FILL_MS = 10_000;

export class RecentRepositories {
  private readonly entries = new Map<string, Entry>();
  /** The reads under way, by key: readers that start while one is under way wait for it instead of asking again. */
  private readonly underWay = new Map<string, Promise<Repository>>();
  /** Who waits for the next answer of a key (nextRead). */
  private readonly waiting = new Map<string, Set<(repository: Repository) => void>>();

  constructor(
    private readonly max = RECENT_REPOSITORIES_MAX,
    private readonly maxAgeMs = RECENT_REPOSITORY_MAX_AGE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Keeps the server's answer for `owner/repo` (as asked: a renamed repository answers under its new name too). */
  remember(accountId: string, owner: string, repo: string, repository: Repository): void {
    const at = this.now();
    const keys = [keyOf(accountId, owner, repo)];
    const slash = repository.full_name.indexOf('/');
    if (slash > 0) keys.push(keyOf(accountId, repository.full_name.slice(0, slash), repository.full_name.slice(slash + 1)));
    for (const key of keys) {
      this.entries.delete(key);
      this.entries.set(key, { repository, at });
    }
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    for (const key of keys) {
      const waiters = this.waiting.get(key);
      this.waiting.delete(key);
      for (const wake of waiters ?? []) wake(repository);
    }
  }

  /**
   * The next answer someone reads for `owner/repo`, or undefined after `timeoutMs`: a reader that can wait (a menu's
   * context key) takes the answer of the views filling at the same moment instead of asking on its own.
   */
  nextRead(accountId: string, owner: string, repo: string, timeoutMs: number): Promise<Repository | undefined> {
    const key = keyOf(accountId, owner, repo);
    return new Promise((resolve) => {
      const waiters = this.waiting.get(key) ?? new Set<(repository: Repository) => void>();
      this.waiting.set(key, waiters);
      const wake = (repository: Repository | undefined): void => {
        clearTimeout(timer);
        waiters.delete(wake);
        if (!waiters.size && this.waiting.get(key) === waiters) this.waiting.delete(key);
        resolve(repository);
      };
      const timer = setTimeout(() => wake(undefined), timeoutMs);
      waiters.add(wake);
    });
  }

  /** The repository as last read by the account, unless that was longer ago than the age limit. */
  recent(accountId: string, owner: string, repo: string): Repository | undefined {
    const key = keyOf(accountId, owner, repo);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at > this.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.repository;
  }

  /** Forgets a repository (after a change made here: its settings, a deletion). */
  forget(accountId: string, owner: string, repo: string): void {
    this.entries.delete(keyOf(accountId, owner, repo));
  }

  /**
   * The repository as read within the last `withinMs`, else the read under way, else a new read: the sidebar's views
   * and the time-tracking context key, filling at once after activation, make one request between them. The shared
   * request is not aborted by one reader giving up (others wait for it); `signal` ends only this reader's wait.
   */
  async readShared(reader: RepositoryReader, params: { readonly owner: string; readonly repo: string }, withinMs: number, signal?: AbortSignal): Promise<Repository> {
    signal?.throwIfAborted();
    const key = keyOf(reader.account.id, params.owner, params.repo);
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.at <= withinMs) return entry.repository;
    let pending = this.underWay.get(key);
    if (!pending) {
      const read = this.read(reader, params).finally(() => {
        if (this.underWay.get(key) === read) this.underWay.delete(key);
      });
      pending = read;
      this.underWay.set(key, pending);
    }
    return signal ? untilAborted(pending, signal) : pending;
  }

  /** GET /repos/{owner}/{repo}, the answer kept for later readers. */
  async read(reader: RepositoryReader, params: { readonly owner: string; readonly repo: string }, signal?: AbortSignal): Promise<Repository> {
    const repository = await reader.client.repoGet({ owner: params.owner, repo: params.repo }, { signal });
    this.remember(reader.account.id, params.owner, params.repo, repository);
    return repository;
  }
}

/** `promise`, or the signal's reason as soon as it aborts (the promise itself goes on for its other readers). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The views' and commands' one cache. */
export const recentRepositories = new RecentRepositories();
