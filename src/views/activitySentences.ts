// Turns an Activity of the feed APIs into a sentence, a codicon and the URL of what it is about.
// Platform neutral (no `vscode`): the translator is passed in, so all 27 op_type values are unit-tested.
//
// Shapes of `content` written by Gitea's notifier: "12|title" for issue and pull request events, "12|text" for
// comments, "12|reviewer|reason" for dismissed reviews, the old name for renames/transfers, the release title
// for releases, and a JSON push summary ({Commits:[{Sha1,Message}],HeadCommit,CompareURL,Len}) for pushes; a
// commit_repo with no content is the creation of a branch (rendered as Gitea's dashboard does: "created branch").
// `ref_name` is a full ref (refs/heads/x, refs/tags/v1) on current servers and a short name on older ones.

import { plainText, type Translate } from '../shared/validation';

/** The fields of an Activity that the view reads (structural subset of the client's Activity). */
export interface ActivitySource {
  id?: number | null;
  op_type?: string | null;
  act_user?: { login?: string | null; full_name?: string | null } | null;
  repo?: { full_name?: string | null; name?: string | null; html_url?: string | null; owner?: { login?: string | null } | null } | null;
  ref_name?: string | null;
  content?: string | null;
  comment?: { html_url?: string | null; body?: string | null } | null;
  created?: string | null;
}

export interface ActivityRendering {
  /** A full sentence, e.g. "alice opened issue alice/demo#12". */
  sentence: string;
  /** Codicon id, e.g. `issues`. */
  icon: string;
  /** ThemeColor id, or undefined for the default foreground. */
  color?: string;
  /** The web page of the target (issue, pull request, commit, tag, branch, release or repository). */
  url?: string;
  /** The issue/PR title, comment excerpt, commit message or release title, when there is one. */
  detail?: string;
  /** The commits of a push of several, newest first, as Gitea's feed lists them under the sentence. */
  commits?: PushedCommit[];
  /** The issue or pull request the entry is about (its page opens in the editor). */
  item?: ActivityItem;
}

export interface ActivityItem {
  owner: string;
  repo: string;
  number: number;
  isPull: boolean;
  title?: string;
}

export interface PushedCommit {
  sha: string;
  /** The first line of the message. */
  message: string;
  url?: string;
}

export const ACTIVITY_OP_TYPES = [
  'create_repo',
  'rename_repo',
  'star_repo',
  'watch_repo',
  'commit_repo',
  'create_issue',
  'create_pull_request',
  'transfer_repo',
  'push_tag',
  'comment_issue',
  'merge_pull_request',
  'close_issue',
  'reopen_issue',
  'close_pull_request',
  'reopen_pull_request',
  'delete_tag',
  'delete_branch',
  'mirror_sync_push',
  'mirror_sync_create',
  'mirror_sync_delete',
  'approve_pull_request',
  'reject_pull_request',
  'comment_pull',
  'publish_release',
  'pull_review_dismissed',
  'pull_request_ready_for_review',
  'auto_merge_pull_request',
] as const;

export function shortRef(ref: string | null | undefined): string {
  return (ref ?? '').replace(/^refs\/(?:heads|tags)\//, '');
}

const encodePath = (p: string): string => p.split('/').map(encodeURIComponent).join('/');

/** `content` split at the first '|' (issue number, then the rest). */
function issueContent(content: string | null | undefined): { index: string; rest: string } {
  const text = content ?? '';
  const bar = text.indexOf('|');
  const index = bar < 0 ? text : text.slice(0, bar);
  return { index: /^\d+$/.test(index) ? index : '', rest: bar < 0 ? '' : text.slice(bar + 1) };
}

interface PushSummary {
  commits: Array<{ sha: string; message: string }>;
  count: number;
  compareUrl: string;
}

function pushSummary(content: string | null | undefined): PushSummary | undefined {
  if (!content || !content.startsWith('{')) return undefined;
  try {
    const raw = JSON.parse(content) as { Commits?: Array<{ Sha1?: string; Message?: string }>; Len?: number; CompareURL?: string };
    const commits = (raw.Commits ?? []).map((c) => ({ sha: c.Sha1 ?? '', message: (c.Message ?? '').split('\n')[0]! }));
    return { commits, count: raw.Len ?? commits.length, compareUrl: raw.CompareURL ?? '' };
  } catch {
    // expected: an entry whose content is not Gitea's push JSON is shown without its commits.
    return undefined;
  }
}

/** The instance root (with trailing slash) derived from a repository's web URL. */
function instanceRoot(repoUrl: string, fullName: string): string {
  return repoUrl.endsWith(fullName) ? repoUrl.slice(0, repoUrl.length - fullName.length) : repoUrl.replace(/(?<![^/])[^/]+\/[^/]+\/?$/, '');
}

function firstLine(text: string, max = 80): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

const ISSUE_OPS: ReadonlySet<string> = new Set(['create_issue', 'comment_issue', 'close_issue', 'reopen_issue']);
const PULL_OPS: ReadonlySet<string> = new Set([
  'create_pull_request',
  'merge_pull_request',
  'close_pull_request',
  'reopen_pull_request',
  'approve_pull_request',
  'reject_pull_request',
  'comment_pull',
  'pull_review_dismissed',
  'pull_request_ready_for_review',
  'auto_merge_pull_request',
]);

/** The issue or pull request an entry is about: its repository (`owner/name`) and the number `content` starts with. */
export function activityItem(a: ActivitySource): ActivityItem | undefined {
  const op = a.op_type ?? '';
  const isPull = PULL_OPS.has(op);
  if (!isPull && !ISSUE_OPS.has(op)) return undefined;
  const { index, rest } = issueContent(a.content);
  const number = Number(index);
  if (!/^\d+$/.test(index) || !Number.isSafeInteger(number) || number < 1) return undefined;
  const [owner, repo] = (a.repo?.full_name ?? '').split('/');
  const name = repo || a.repo?.name;
  const ownerName = repo ? owner : a.repo?.owner?.login;
  if (!ownerName || !name) return undefined;
  const title = op === 'pull_review_dismissed' || !rest ? undefined : firstLine(rest);
  return { owner: ownerName, repo: name, number, isPull, ...(title ? { title } : {}) };
}

export function renderActivity(a: ActivitySource, t: Translate = plainText): ActivityRendering {
  const rendering = renderSentence(a, t);
  const item = activityItem(a);
  return item ? { ...rendering, item } : rendering;
}

function renderSentence(a: ActivitySource, t: Translate): ActivityRendering {
  const actor = a.act_user?.login || a.act_user?.full_name || t('Someone');
  const repoName = a.repo?.full_name || a.repo?.name || t('a repository');
  const repoUrl = a.repo?.html_url?.replace(/\/$/, '');
  const ref = shortRef(a.ref_name);
  const { index, rest } = issueContent(a.content);
  const number = index ? `${repoName}#${index}` : repoName;
  const issueUrl = repoUrl && index ? `${repoUrl}/issues/${index}` : repoUrl;
  const pullUrl = repoUrl && index ? `${repoUrl}/pulls/${index}` : repoUrl;
  const branchUrl = repoUrl && ref ? `${repoUrl}/src/branch/${encodePath(ref)}` : repoUrl;
  const tagUrl = repoUrl && ref ? `${repoUrl}/src/tag/${encodePath(ref)}` : repoUrl;
  const title = rest ? firstLine(rest) : undefined;
  const commentUrl = (fallback: string | undefined): string | undefined => a.comment?.html_url || fallback;

  // As Gitea's feed: the sentence names the branch; one commit links to itself, several to their comparison
  // (Gitea shows "Compare N commits" only for more than one) and are listed; a push of no new commit (a branch
  // created where another one already was) links to the branch.
  const pushed = (sentenceOne: string, sentenceMany: string, icon: string): ActivityRendering => {
    const push = pushSummary(a.content);
    const count = push?.count ?? 0;
    const commitUrl = (sha: string) => (repoUrl && sha ? `${repoUrl}/commit/${sha}` : undefined);
    let url = branchUrl;
    if (count === 1 && push?.commits[0]?.sha) url = commitUrl(push.commits[0].sha);
    else if (repoUrl && count > 1 && push?.compareUrl) url = /^https?:/.test(push.compareUrl) ? push.compareUrl : instanceRoot(repoUrl, a.repo?.full_name ?? '') + push.compareUrl.replace(/^\//, '');
    const sentence = count > 1 ? t(sentenceMany, actor, count, ref, repoName) : t(sentenceOne, actor, ref, repoName);
    const detail = push && count === 0 ? t('no new commits') : push?.commits[0]?.message || undefined;
    const commits = push && push.commits.length > 1 ? push.commits.map((c) => ({ ...c, url: commitUrl(c.sha) })) : undefined;
    return { sentence, icon, url, detail, ...(commits ? { commits } : {}) };
  };

  switch (a.op_type) {
    case 'create_repo':
      return { sentence: t('{0} created repository {1}', actor, repoName), icon: 'repo', color: 'charts.green', url: repoUrl };
    case 'rename_repo':
      return { sentence: t('{0} renamed repository {1} to {2}', actor, a.content || '?', repoName), icon: 'edit', url: repoUrl };
    case 'star_repo':
      return { sentence: t('{0} starred {1}', actor, repoName), icon: 'star-full', color: 'charts.yellow', url: repoUrl };
    case 'watch_repo':
      return { sentence: t('{0} started watching {1}', actor, repoName), icon: 'eye', url: repoUrl };
    case 'commit_repo':
      // Gitea records a new branch twice: CreateRef with no content ("created branch"), then the push.
      if (!a.content) return { sentence: t('{0} created branch {1} in {2}', actor, ref, repoName), icon: 'git-branch', color: 'charts.green', url: branchUrl };
      return pushed('{0} pushed to {1} at {2}', '{0} pushed {1} commits to {2} at {3}', 'repo-push');
    case 'create_issue':
      return { sentence: t('{0} opened issue {1}', actor, number), icon: 'issues', color: 'charts.green', url: issueUrl, detail: title };
    case 'create_pull_request':
      return { sentence: t('{0} created pull request {1}', actor, number), icon: 'git-pull-request', color: 'charts.green', url: pullUrl, detail: title };
    case 'transfer_repo':
      return { sentence: t('{0} transferred repository {1} to {2}', actor, a.content || '?', repoName), icon: 'arrow-swap', url: repoUrl };
    case 'push_tag':
      return { sentence: t('{0} pushed tag {1} to {2}', actor, ref, repoName), icon: 'tag', url: tagUrl };
    case 'comment_issue':
      return { sentence: t('{0} commented on issue {1}', actor, number), icon: 'comment', url: commentUrl(issueUrl), detail: title };
    case 'merge_pull_request':
      return { sentence: t('{0} merged pull request {1}', actor, number), icon: 'git-merge', color: 'charts.purple', url: pullUrl, detail: title };
    case 'close_issue':
      return { sentence: t('{0} closed issue {1}', actor, number), icon: 'issue-closed', color: 'charts.red', url: issueUrl, detail: title };
    case 'reopen_issue':
      return { sentence: t('{0} reopened issue {1}', actor, number), icon: 'issue-reopened', color: 'charts.green', url: issueUrl, detail: title };
    case 'close_pull_request':
      return { sentence: t('{0} closed pull request {1}', actor, number), icon: 'git-pull-request-closed', color: 'charts.red', url: pullUrl, detail: title };
    case 'reopen_pull_request':
      return { sentence: t('{0} reopened pull request {1}', actor, number), icon: 'git-pull-request', color: 'charts.green', url: pullUrl, detail: title };
    case 'delete_tag':
      return { sentence: t('{0} deleted tag {1} at {2}', actor, ref, repoName), icon: 'trash', color: 'charts.red', url: repoUrl && `${repoUrl}/tags` };
    case 'delete_branch':
      return { sentence: t('{0} deleted branch {1} at {2}', actor, ref, repoName), icon: 'trash', color: 'charts.red', url: repoUrl && `${repoUrl}/branches` };
    case 'mirror_sync_push':
      return pushed('{0} synced commits to {1} at {2} from the mirror', '{0} synced {1} commits to {2} at {3} from the mirror', 'sync');
    case 'mirror_sync_create':
      return { sentence: t('{0} synced new reference {1} to {2} from the mirror', actor, ref, repoName), icon: 'sync', url: branchUrl };
    case 'mirror_sync_delete':
      return { sentence: t('{0} synced and deleted reference {1} at {2} from the mirror', actor, ref, repoName), icon: 'sync', url: repoUrl };
    case 'approve_pull_request':
      return { sentence: t('{0} approved {1}', actor, number), icon: 'pass', color: 'charts.green', url: commentUrl(pullUrl), detail: title };
    case 'reject_pull_request':
      return { sentence: t('{0} requested changes on {1}', actor, number), icon: 'request-changes', color: 'charts.red', url: commentUrl(pullUrl), detail: title };
    case 'comment_pull':
      return { sentence: t('{0} commented on pull request {1}', actor, number), icon: 'comment-discussion', url: commentUrl(pullUrl), detail: title };
    case 'publish_release': {
      const releaseUrl = repoUrl && ref ? `${repoUrl}/releases/tag/${encodePath(ref)}` : repoUrl && `${repoUrl}/releases`;
      const name = a.content || ref;
      return { sentence: t('{0} released {1} at {2}', actor, name, repoName), icon: 'package', color: 'charts.blue', url: releaseUrl, detail: ref && ref !== name ? ref : undefined };
    }
    case 'pull_review_dismissed': {
      const [reviewer = '', reason = ''] = rest.split('|');
      return {
        sentence: t('{0} dismissed the review of {1} on {2}', actor, reviewer || t('a reviewer'), number),
        icon: 'circle-slash',
        url: commentUrl(pullUrl),
        detail: reason ? firstLine(reason) : undefined,
      };
    }
    case 'pull_request_ready_for_review':
      return { sentence: t('{0} marked {1} ready for review', actor, number), icon: 'eye', color: 'charts.green', url: pullUrl, detail: title };
    case 'auto_merge_pull_request':
      return { sentence: t('{0} automatically merged pull request {1}', actor, number), icon: 'git-merge', color: 'charts.purple', url: pullUrl, detail: title };
    default:
      // New server versions add kinds: say what we know instead of failing.
      return { sentence: t('{0} did "{1}" at {2}', actor, a.op_type || '?', repoName), icon: 'pulse', url: repoUrl };
  }
}
