// What the issue page shows, from the issue (and, for a pull request, its branches) and its timeline: plain data
// for the webview, with every body already turned into safe HTML by the shared renderer (images only from the
// instance). Pure (no vscode): the host adds the event sentences (eventText.ts), the tests check this directly.
import type { Issue, Label, TimelineComment } from '../../api';
import { KeptHtml, renderMarkdownKept, renderMarkdownOffThread, type MarkdownHold } from '../../shared/markdownOffThread';
import type { PullDetails } from './pullModel';

export type PageState = 'open' | 'closed' | 'merged';

export interface PageLabel {
  readonly name: string;
  /** Gitea shows an exclusive label `scope/name` as two parts: the scope, then the name. */
  readonly scope?: string;
  /** `#rrggbb`, or undefined when the server sent no usable colour. */
  readonly color?: string;
  readonly description?: string;
}

export interface PageHeader {
  readonly number: number;
  readonly title: string;
  readonly state: PageState;
  readonly isPull: boolean;
  readonly draft: boolean;
  readonly locked: boolean;
  readonly author?: string;
  readonly createdAt?: string;
  readonly updatedAt?: string;
  readonly closedAt?: string;
  /** The web page (http(s) only). */
  readonly url?: string;
  /** Pull requests: `base ← head`. */
  readonly base?: string;
  readonly head?: string;
}

export interface CommentEntry {
  readonly kind: 'comment';
  /** 0 for the description (the issue's body). */
  readonly id: number;
  readonly author?: string;
  readonly createdAt?: string;
  readonly edited: boolean;
  /** Sanitized HTML from renderMarkdown (on its worker thread: renderMarkdownOffThread), or, on a page of megabytes,
   * kept on that thread and read as the page's message is written (KeptHtml: partedPost.ts). */
  readonly html: string | KeptHtml;
  /** The Markdown source, sent only for the user's own comments (what the edit box starts with). */
  readonly source?: string;
  /** The signed-in user wrote it: edit and delete are offered. */
  readonly own: boolean;
  readonly description: boolean;
}

/** A comment whose HTML the host holds (every comment of a page under KEEP_PAGE_FROM_CHARS of Markdown). */
export type ShownCommentEntry = CommentEntry & { readonly html: string };

/** A timeline event; its sentence is added by the host (vscode.l10n), from these fields. */
export interface EventEntry {
  readonly kind: 'event';
  readonly id: number;
  readonly type: string;
  readonly actor?: string;
  readonly createdAt?: string;
  readonly label?: PageLabel;
  /** label: added (true) or removed; assignees: removed (false) or added. */
  readonly added?: boolean;
  readonly assignee?: string;
  readonly oldTitle?: string;
  readonly newTitle?: string;
  readonly milestone?: string;
  /** issue_ref / pull_ref / comment_ref: the issue that mentions this one. */
  readonly refIssue?: { readonly number: number; readonly title: string; readonly repo?: string };
  readonly commitSha?: string;
  /** pull_push: how many commits, and whether it was a force push. */
  readonly commits?: number;
  readonly forcePush?: boolean;
  readonly dependency?: { readonly number: number; readonly title: string };
  readonly deadline?: string;
  /** stop_tracking, add_time_manual, delete_time_manual: the time as the server wrote it ("1 hour 30 minutes"). */
  readonly duration?: string;
  /** The sentence, added by the host (pageStrings.ts). */
  readonly text?: string;
}

export type TimelineEntry = CommentEntry | EventEntry;

/** An issue on the other side of a dependency, as the side panel lists it. */
export interface PageRelated {
  readonly number: number;
  readonly title: string;
  readonly state: string;
}

function related(d: Issue): PageRelated {
  return { number: d.number, title: d.title, state: d.state };
}

export interface PageData {
  readonly header: PageHeader;
  readonly labels: readonly PageLabel[];
  readonly assignees: readonly string[];
  readonly milestone?: string;
  readonly dueDate?: string;
  readonly dependencies: readonly PageRelated[];
  /** Issues this one blocks (they depend on it). */
  readonly blocks: readonly PageRelated[];
  readonly timeline: readonly TimelineEntry[];
  /** Pull requests: branches, mergeability, reviews, CI (pullModel.ts). */
  readonly pull?: PullDetails;
  /** The signed-in user may change labels, assignees, milestone and others' descriptions (repository write access). */
  readonly canWrite?: boolean;
  /** Timeline pages before the shown ones ("Load earlier" fetches the one before); 0 or absent: all shown. */
  readonly earlier?: number;
}

export interface PageInput {
  readonly issue: Issue;
  readonly timeline: readonly TimelineComment[];
  /** The signed-in user's login (their comments can be edited and deleted). */
  readonly me: string;
  /** The instance root: images of this origin load, no others. */
  readonly instanceUrl: string;
  /** Pull requests: the branches and whether it was merged (from GET …/pulls/{index}). */
  readonly pull?: { readonly base?: string; readonly head?: string; readonly merged?: boolean };
  /** Issues this one depends on. */
  readonly dependencies?: readonly Issue[];
  /** Issues this one blocks. */
  readonly blocks?: readonly Issue[];
  /** The page's repository: bare `#12` references in bodies link to its issues (else the issue's `repository`). */
  readonly repo?: { readonly owner: string; readonly repo: string };
  /** The note after a body too long to show whole (renderMarkdown's `cutNote`), in the user's language. */
  readonly cutNote?: string;
  /** The note above a body shown as plain text (renderMarkdown's `plainNote`), in the user's language. */
  readonly plainNote?: string;
  /** The page's hold on the Markdown worker: on a page of KEEP_PAGE_FROM_CHARS of Markdown or more, long bodies' HTML
   * stays there for it (the page is then not cached: `keptHtml`). */
  readonly hold?: MarkdownHold;
  /** Tests: other thresholds than KEEP_PAGE_FROM_CHARS and KEEP_BODY_FROM_CHARS. */
  readonly keepFrom?: { readonly page: number; readonly body: number };
}

/** A page of this much Markdown or more keeps its long bodies' HTML on the worker: up to 8 times as much HTML (4 MiB
 * of text: up to 32 MiB of HTML, 64 MiB in the host's heap, the page cache's whole budget). */
export const KEEP_PAGE_FROM_CHARS = 4 * 1024 * 1024;
/** On such a page, a body's HTML of this many characters or more stays on the worker. */
export const KEEP_BODY_FROM_CHARS = 64 * 1024;

/** Whether the page holds HTML kept on the worker (such a page is not cached: its HTML goes with the page). */
export function holdsKeptHtml(data: PageData): boolean {
  return data.timeline.some((e) => e.kind === 'comment' && e.html instanceof KeptHtml);
}

/** The header from what a tree row already has, shown at once while the page loads. */
export interface PageStub {
  readonly number: number;
  readonly title?: string;
  readonly state?: PageState;
  readonly isPull?: boolean;
  /** The head sha the row showed (a pull request's): a hint checked against the pull request's answer (pullLoad.ts). */
  readonly headSha?: string;
}

export function stubHeader(stub: PageStub): PageHeader {
  return { number: stub.number, title: stub.title ?? '', state: stub.state ?? 'open', isPull: stub.isPull ?? false, draft: false, locked: false };
}

/** Gitea's ExclusiveScope: an exclusive label's name up to its last `/` (neither end). */
export function labelScope(l: Pick<Label, 'name' | 'exclusive'>): string | undefined {
  if (l.exclusive !== true) return undefined;
  const slash = l.name.lastIndexOf('/');
  return slash > 0 && slash < l.name.length - 1 ? l.name.slice(0, slash) : undefined;
}

export function pageLabel(l: Pick<Label, 'name' | 'color' | 'description'> & Partial<Pick<Label, 'exclusive'>>): PageLabel {
  const hex = /^#?([0-9a-f]{6})$/i.exec(l.color ?? '');
  const scope = labelScope({ name: l.name, exclusive: l.exclusive });
  return {
    name: scope ? l.name.slice(scope.length + 1) : l.name,
    ...(scope ? { scope } : {}),
    color: hex ? `#${hex[1]!.toLowerCase()}` : undefined,
    description: l.description || undefined,
  };
}

function sameLogin(a: string | undefined, b: string): boolean {
  return !!a && a.toLowerCase() === b.toLowerCase();
}

function webUrl(url: string | undefined): string | undefined {
  return url && /^https?:\/\//i.test(url) ? url : undefined;
}

export function pageState(issue: Pick<Issue, 'state' | 'pull_request'>, merged?: boolean): PageState {
  if (merged ?? issue.pull_request?.merged) return 'merged';
  return issue.state === 'closed' ? 'closed' : 'open';
}

function header(input: PageInput): PageHeader {
  const { issue, pull } = input;
  return {
    number: issue.number,
    title: issue.title,
    state: pageState(issue, pull?.merged),
    isPull: !!issue.pull_request,
    draft: issue.pull_request?.draft === true,
    locked: issue.is_locked === true,
    author: issue.user?.login ?? issue.original_author,
    createdAt: issue.created_at,
    updatedAt: issue.updated_at,
    closedAt: issue.closed_at,
    url: webUrl(issue.html_url),
    base: pull?.base,
    head: pull?.head,
  };
}

/** Gitea's pull_push body: `{"is_force_push":false,"commit_ids":["…"]}`. */
function pushDetails(body: string | undefined): { commits?: number; forcePush?: boolean } {
  try {
    const parsed: unknown = JSON.parse(body ?? '');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const p = parsed as { is_force_push?: unknown; commit_ids?: unknown };
    return { commits: Array.isArray(p.commit_ids) ? p.commit_ids.length : undefined, forcePush: p.is_force_push === true };
  } catch {
    // expected: an older server's body is not JSON; the event shows without a count
    return {};
  }
}

function eventEntry(t: TimelineComment): EventEntry {
  const base = { kind: 'event' as const, id: t.id, type: t.type, actor: t.user?.login, createdAt: t.created_at };
  switch (t.type) {
    case 'label':
      return { ...base, label: t.label ? pageLabel(t.label) : undefined, added: t.body === '1' };
    case 'assignees':
      return { ...base, assignee: t.assignee?.login ?? t.assignee_team?.name, added: t.removed_assignee !== true };
    case 'change_title':
      return { ...base, oldTitle: t.old_title, newTitle: t.new_title };
    case 'milestone':
      return { ...base, milestone: t.milestone?.title ?? t.old_milestone?.title, added: !!t.milestone };
    case 'review_request':
      return { ...base, assignee: t.assignee?.login ?? t.assignee_team?.name, added: t.removed_assignee !== true };
    case 'issue_ref':
    case 'pull_ref':
    case 'comment_ref': {
      const ref = t.ref_issue;
      const repo = ref?.repository?.full_name;
      return { ...base, refIssue: ref ? { number: ref.number, title: ref.title, repo: repo || undefined } : undefined };
    }
    case 'commit_ref':
      return { ...base, commitSha: t.ref_commit_sha };
    case 'pull_push':
      return { ...base, ...pushDetails(t.body) };
    case 'add_dependency':
    case 'remove_dependency':
      return { ...base, dependency: t.dependent_issue ? { number: t.dependent_issue.number, title: t.dependent_issue.title } : undefined };
    case 'added_deadline':
    case 'modified_deadline':
    case 'removed_deadline':
      return { ...base, deadline: t.body };
    case 'stop_tracking':
    case 'add_time_manual':
    case 'delete_time_manual':
      return { ...base, duration: (t.body ?? '').slice(0, 100) };
    default:
      return base;
  }
}

/** A timeline entry that is a comment (`comment`, and a review's summary when it has text). */
function isComment(t: TimelineComment): boolean {
  return t.type === 'comment' || (t.type === 'review' && (t.body ?? '').trim() !== '');
}

/** The page's data; its bodies are rendered on the Markdown worker thread (markdownOffThread.ts), all at once. */
export async function buildPage(input: PageInput): Promise<PageData> {
  const { issue, me } = input;
  const home = input.repo ?? (issue.repository?.owner && issue.repository.name ? { owner: issue.repository.owner, repo: issue.repository.name } : undefined);
  const refs = home && { instanceUrl: input.instanceUrl, ...home };
  // A body too long to show whole ends with a note linking to where it is whole: its comment, else the issue.
  const comments = input.timeline.filter(isComment);
  const keepFrom = input.keepFrom ?? { page: KEEP_PAGE_FROM_CHARS, body: KEEP_BODY_FROM_CHARS };
  const markdownChars = comments.reduce((n, t) => n + (t.body?.length ?? 0), issue.body?.length ?? 0);
  const hold = input.hold && markdownChars >= keepFrom.page ? input.hold : undefined;
  const render = (md: string | undefined, pageUrl: string | undefined): Promise<string | KeptHtml> => {
    const options = { imageOrigin: input.instanceUrl, refs, cutNote: input.cutNote, plainNote: input.plainNote, pageUrl: webUrl(pageUrl) ?? webUrl(issue.html_url) };
    return hold ? renderMarkdownKept(md ?? '', options, hold, keepFrom.body) : renderMarkdownOffThread(md ?? '', options);
  };
  const [descriptionHtml, ...commentHtml] = await Promise.all([render(issue.body, issue.html_url), ...comments.map((t) => render(t.body, t.html_url))]);
  const htmlOf = new Map(comments.map((t, i) => [t, commentHtml[i]!]));
  const description: CommentEntry = {
    kind: 'comment',
    id: 0,
    author: issue.user?.login ?? issue.original_author,
    createdAt: issue.created_at,
    edited: false,
    html: descriptionHtml!,
    // What the description's edit box starts with (the page offers Edit to its author and to writers).
    source: issue.body ?? '',
    own: sameLogin(issue.user?.login, me),
    description: true,
  };
  const timeline = input.timeline.map((t): TimelineEntry => {
    const html = htmlOf.get(t);
    if (html === undefined) return eventEntry(t);
    const own = t.type === 'comment' && sameLogin(t.user?.login, me);
    return {
      kind: 'comment',
      id: t.id,
      author: t.user?.login,
      createdAt: t.created_at,
      edited: !!t.updated_at && !!t.created_at && t.updated_at !== t.created_at,
      html,
      source: own ? (t.body ?? '') : undefined,
      own,
      description: false,
    };
  });
  return {
    header: header(input),
    labels: issue.labels.map(pageLabel),
    assignees: issue.assignees.map((a) => a.login),
    milestone: issue.milestone?.title,
    dueDate: issue.due_date || undefined,
    dependencies: (input.dependencies ?? []).map(related),
    blocks: (input.blocks ?? []).map(related),
    timeline: [description, ...timeline],
  };
}
