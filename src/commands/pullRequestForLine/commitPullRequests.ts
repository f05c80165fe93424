// Which merged pull request produced a commit, cached per SHA. Platform neutral (no vscode) so it is tested
// against the test server and a real clone.
import type { GiteaClient, PullRequest } from '../../api';
import { isGiteaError } from '../../api/errorKind';
import { mergeCommitBringing } from '../../git/blame';
import { LruCache } from './lruCache';

export interface RepoKey {
  readonly instanceUrl: string;
  readonly owner: string;
  readonly repo: string;
}

export class CommitPullRequests {
  /** `${instanceUrl}|${owner}/${repo}|${sha}` → the pull request, or null when the server has none (404s are
   * answers too: a merged commit's pull request does not change). */
  private readonly cache: LruCache<string, Promise<PullRequest | null>>;

  constructor(capacity = 500) {
    this.cache = new LruCache(capacity);
  }

  /**
   * The merged pull request whose merge produced `sha` — or, when the server knows none (merge-style merges
   * keep the branch's own commits, which blame names), the one whose merge commit brought `sha` into HEAD of
   * the clone at `root`.
   */
  async find(
    client: Pick<GiteaClient, 'repoGetCommitPullRequest'>,
    repo: RepoKey,
    root: string,
    sha: string,
    options: { signal?: AbortSignal; git: string },
  ): Promise<PullRequest | null> {
    const direct = await this.lookup(client, repo, sha, options.signal);
    if (direct) return direct;
    const merge = await mergeCommitBringing(root, sha, options);
    return merge ? this.lookup(client, repo, merge, options.signal) : null;
  }

  private lookup(client: Pick<GiteaClient, 'repoGetCommitPullRequest'>, repo: RepoKey, sha: string, signal?: AbortSignal): Promise<PullRequest | null> {
    const key = `${repo.instanceUrl}|${repo.owner}/${repo.repo}|${sha}`;
    let entry = this.cache.get(key);
    if (!entry) {
      entry = client.repoGetCommitPullRequest({ owner: repo.owner, repo: repo.repo, sha }, { signal }).then(
        (pr) => pr,
        (e: unknown) => {
          if (isGiteaError(e) && e.kind === 'notFound') return null;
          this.cache.delete(key); // a failure (network, cancel) is not an answer: ask again next time
          throw e;
        },
      );
      this.cache.set(key, entry);
    }
    return entry;
  }

  clear(): void {
    this.cache.clear();
  }
}
