// api.Commit (services/convert/git_commit.go ToCommit with stats, verification and affected files as options)
// and api.CommitStatus / api.CombinedStatus (services/convert/status.go).
import type { Ctx } from '../context';
import type { CommitInfo } from '../git';
import type { CommitStatusRec, RepoRec } from '../state';
import { signatureTime } from './misc';
import { iso, toUser, toUserOrNull } from './users';

const FILE_STATUS: Record<string, string> = { A: 'added', D: 'removed', M: 'modified' };
/** Go's zero time.Time, what CommitMeta.created holds for parents. */
const ZERO_TIME = '0001-01-01T00:00:00Z';

export interface ToCommitOptions {
  verification: boolean;
  files: boolean;
}

export async function toCommit(ctx: Ctx, repo: RepoRec, c: CommitInfo, opts: ToCommitOptions): Promise<Record<string, unknown>> {
  const api = ctx.repoApiUrl(repo);
  const userByEmail = (email: string) => {
    const u = ctx.state.users.find((x) => x.email.toLowerCase() === email.toLowerCase());
    return u ? toUser(ctx, u) : null;
  };
  const sigJson = (s: CommitInfo['author']) => ({ name: s.name, email: s.email, date: signatureTime(s.when, '+0000') });
  const created = signatureTime(c.committer.when, '+0000');
  const out: Record<string, unknown> = {
    url: `${api}/git/commits/${c.sha}`,
    sha: c.sha,
    created,
    html_url: `${ctx.repoHtmlUrl(repo)}/commit/${c.sha}`,
    commit: {
      url: `${api}/git/commits/${c.sha}`,
      author: sigJson(c.author),
      committer: sigJson(c.committer),
      message: c.message,
      tree: { url: `${api}/git/trees/${c.tree}`, sha: c.tree, created },
      verification: opts.verification
        ? { verified: false, reason: 'gpg.error.not_signed_commit', signature: '', signer: null, payload: '' }
        : null,
    },
    author: userByEmail(c.author.email),
    committer: userByEmail(c.committer.email),
    parents: c.parents.map((p) => ({ url: `${api}/git/commits/${p}`, sha: p, created: ZERO_TIME })),
    files: null,
  };
  if (opts.files) {
    const names = await ctx.git.must(repo.gitPath, ['diff-tree', '--no-commit-id', '-r', '--no-renames', '--root', '--name-status', '-z', c.sha]);
    const parts = names.toString('utf8').split('\0').filter(Boolean);
    const files: { filename: string; status: string }[] = [];
    for (let i = 0; i + 1 < parts.length; i += 2) {
      const status = FILE_STATUS[parts[i]![0]!];
      if (status) files.push({ filename: parts[i + 1]!, status });
    }
    out.files = files.sort((a, b) => (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : 0));
  }
  // Gitea's GetCommitStats reads `git log --numstat --no-merges`: a merge commit counts nothing.
  let additions = 0;
  let deletions = 0;
  if (c.parents.length <= 1) {
    const numstat = await ctx.git.must(repo.gitPath, ['diff-tree', '--no-commit-id', '-r', '--root', '--numstat', c.sha]);
    for (const line of numstat.toString('utf8').split('\n')) {
      const m = /^(\d+|-)\t(\d+|-)\t/.exec(line);
      if (!m) continue;
      additions += m[1] === '-' ? 0 : Number(m[1]);
      deletions += m[2] === '-' ? 0 : Number(m[2]);
    }
  }
  out.stats = { total: additions + deletions, additions, deletions };
  return out;
}

export function toCommitStatus(ctx: Ctx, repo: RepoRec, s: CommitStatusRec): Record<string, unknown> {
  return {
    id: s.index,
    status: s.state,
    target_url: s.targetUrl,
    description: s.description,
    url: `${ctx.repoApiUrl(repo)}/statuses/${encodeURIComponent(s.sha)}`,
    context: s.context,
    creator: s.creatorId ? toUserOrNull(ctx, s.creatorId) : null,
    created_at: iso(s.created),
    updated_at: iso(s.created),
  };
}
