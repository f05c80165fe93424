// api.Branch/PayloadCommit, api.Tag/CommitMeta, api.Hook, api.DeployKey, api.Release/Attachment.
import type { Ctx } from '../context';
import type { BranchInfo, CommitInfo, Signature, TagDetails } from '../git';
import { Access, type AttachmentRec, type DeployKeyRec, type HookRec, type ReleaseRec, type RepoRec } from '../state';
import { toRepo } from './repo';
import { iso, toUserOrNull } from './users';

function payloadUser(ctx: Ctx, sig: Signature): Record<string, unknown> {
  const user = ctx.state.users.find((u) => u.email.toLowerCase() === sig.email.toLowerCase());
  return { name: sig.name, email: sig.email, username: user?.login ?? '' };
}

export function toPayloadCommit(ctx: Ctx, repo: RepoRec, c: CommitInfo): Record<string, unknown> {
  return {
    id: c.sha,
    message: c.message,
    url: `${ctx.repoHtmlUrl(repo)}/commit/${c.sha}`,
    author: payloadUser(ctx, c.author),
    committer: payloadUser(ctx, c.committer),
    verification: { verified: false, reason: 'gpg.error.not_signed_commit', signature: '', signer: null, payload: '' },
    timestamp: iso(new Date(c.author.when * 1000)),
    added: null,
    removed: null,
    modified: null,
  };
}

export function toBranch(ctx: Ctx, repo: RepoRec, b: BranchInfo, mode: Access): Record<string, unknown> {
  const rule = repo.protections.find((p) => p.ruleName === b.name);
  const canWrite = mode >= Access.Write && !repo.archived && !repo.mirror;
  const doerId = ctx.doer?.id ?? -1;
  return {
    name: b.name,
    commit: toPayloadCommit(ctx, repo, b.commit),
    protected: rule !== undefined,
    required_approvals: rule?.requiredApprovals ?? 0,
    enable_status_check: rule?.enableStatusCheck ?? false,
    status_check_contexts: rule?.statusCheckContexts ?? [],
    user_can_push: rule ? canWrite && rule.pushWhitelistUserIds.includes(doerId) : canWrite,
    user_can_merge: canWrite,
    effective_branch_protection_name: rule?.ruleName ?? '',
  };
}

/** Go's RFC 3339 rendering of a git signature time in its own zone (`Z` for +0000). */
export function signatureTime(when: number, offset: string): string {
  const m = /^([+-])(\d{2})(\d{2})$/.exec(offset);
  const minutes = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  const local = new Date((when + minutes * 60) * 1000).toISOString().replace(/\.\d{3}Z$/, '');
  return minutes === 0 ? `${local}Z` : `${local}${m![1]}${m![2]}:${m![3]}`;
}

/** Gitea's convert.ToTag + ToCommitMeta. */
export function toTag(ctx: Ctx, repo: RepoRec, t: TagDetails): Record<string, unknown> {
  const html = ctx.repoHtmlUrl(repo);
  return {
    name: t.name,
    message: t.message.trim(),
    id: t.id,
    commit: {
      // Gitea builds this URL from the tag's id, not the commit's (for an annotated tag it names the tag object).
      url: `${ctx.repoApiUrl(repo)}/git/commits/${t.id}`,
      sha: t.object,
      created: signatureTime(t.tagger.when, t.offset),
    },
    zipball_url: `${html}/archive/${encodeURIComponent(t.name)}.zip`,
    tarball_url: `${html}/archive/${encodeURIComponent(t.name)}.tar.gz`,
  };
}

const SLACK_KEYS = ['channel', 'username', 'icon_url', 'color'];

export function toHook(ctx: Ctx, h: HookRec): Record<string, unknown> {
  // Gitea's ToHook puts only these in `config` (the HTTP method is stored but not answered).
  const config: Record<string, string> = { url: h.url, content_type: h.contentType };
  if (h.type === 'slack') for (const k of SLACK_KEYS) config[k] = h.meta[k] ?? '';
  const out: Record<string, unknown> = {
    id: h.id,
    type: h.type,
    name: h.name,
    branch_filter: h.branchFilter,
    config,
    events: h.events,
    authorization_header: '',
    active: h.active,
    updated_at: iso(h.updated),
    created_at: iso(h.created),
  };
  if (ctx.forgejo) {
    delete out.name;
    out.url = h.url;
    out.content_type = h.contentType;
    out.metadata = h.type === 'slack' ? Object.fromEntries(SLACK_KEYS.map((k) => [k, h.meta[k] ?? ''])) : null;
  }
  return out;
}

/**
 * api.DeployKey; `repository` only for site admins and the repository owner, and never in the answer to a
 * create (Gitea converts the new key without loading its repository).
 */
export async function toDeployKey(ctx: Ctx, repo: RepoRec, k: DeployKeyRec, opts: { created?: boolean } = {}): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {
    id: k.id,
    key_id: k.keyId,
    key: k.content,
    url: `${ctx.repoApiUrl(repo)}/keys/${k.id}`,
    title: k.title,
    fingerprint: k.fingerprint,
    created_at: iso(k.created),
    read_only: k.readOnly,
  };
  if (!opts.created && (ctx.isSiteAdmin || ctx.doer?.id === repo.ownerId)) out.repository = await toRepo(ctx, repo);
  return out;
}

export function toAttachment(ctx: Ctx, repo: RepoRec, rel: ReleaseRec, a: AttachmentRec): Record<string, unknown> {
  return {
    id: a.id,
    name: a.name,
    size: a.size,
    download_count: a.downloadCount,
    created_at: iso(a.created),
    uuid: a.uuid,
    browser_download_url: `${ctx.repoHtmlUrl(repo)}/releases/download/${encodeURIComponent(rel.tagName)}/${encodeURIComponent(a.name)}`,
  };
}

export function toRelease(ctx: Ctx, repo: RepoRec, r: ReleaseRec): Record<string, unknown> {
  const html = ctx.repoHtmlUrl(repo);
  const api = ctx.repoApiUrl(repo);
  return {
    id: r.id,
    tag_name: r.tagName,
    target_commitish: r.target,
    name: r.name,
    body: r.body,
    url: `${api}/releases/${r.id}`,
    html_url: `${html}/releases/tag/${encodeURIComponent(r.tagName)}`,
    tarball_url: `${html}/archive/${encodeURIComponent(r.tagName)}.tar.gz`,
    zipball_url: `${html}/archive/${encodeURIComponent(r.tagName)}.zip`,
    upload_url: `${api}/releases/${r.id}/assets`,
    draft: r.draft,
    prerelease: r.prerelease,
    created_at: iso(r.created),
    published_at: iso(r.publishedAt ?? r.created),
    author: toUserOrNull(ctx, r.authorId),
    assets: r.assets.map((a) => toAttachment(ctx, repo, r, a)),
  };
}
