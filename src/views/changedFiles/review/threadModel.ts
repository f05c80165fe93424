// A pull request's review comments as threads on the lines of its diff, the lines of the diff a comment may be
// put on (its hunks), and the request that submits a review with the pending comments. Pure: no vscode.
//
// Gitea keeps a line comment's line signed (negative: a line of the old file) and groups the comments of every
// review into one conversation per path and signed line; the API sends the line as `position` (new file) or
// `original_position` (old file). Resolving marks a comment; the web page shows a conversation resolved when its
// first comment is.
//
// Outdated: Gitea marks a comment invalidated when a push changes its line (the line's last commit, by blame, is no
// longer the comment's `commit_id`), and the API does not send the mark. `commit_id` is that blame commit, not the
// head the comment was made on, so it cannot be compared with the head. What the API does send is `diff_hunk`, the
// diff cut around the line when the comment was made, ending with the line: a new-side comment whose line now reads
// differently in the head commit is outdated.

import type { SideHunks } from '../../../shared/diffHunks';

export type Side = 'new' | 'old';

/** What GET …/reviews/{id}/comments sends per comment (the fields used here). */
export interface ReviewCommentLike {
  readonly id: number;
  readonly body?: string;
  readonly user?: { readonly login: string; readonly avatar_url?: string } | null;
  readonly resolver?: { readonly login: string } | null;
  readonly pull_request_review_id?: number;
  readonly created_at?: string;
  readonly path?: string;
  readonly commit_id?: string;
  /** The diff cut around the line when the comment was made (`@@ … @@` and the lines up to the commented one). */
  readonly diff_hunk?: string;
  readonly position?: number;
  readonly original_position?: number;
}

/** What GET …/reviews sends per review (the fields used here). */
export interface ReviewLike {
  readonly id: number;
  /** APPROVED, PENDING, COMMENT, REQUEST_CHANGES or REQUEST_REVIEW. */
  readonly state: string;
  readonly comments_count?: number;
}

/** A comment the user wrote that the server has not accepted yet (kept until the review is submitted). */
export interface DraftComment {
  readonly id: string;
  readonly path: string;
  readonly side: Side;
  /** 1-based line of the file on `side`. */
  readonly line: number;
  readonly body: string;
  readonly createdAt: string;
}

export interface ThreadComment {
  /** The server's comment id, or the draft's id. */
  readonly id: number | string;
  readonly draft: boolean;
  readonly body: string;
  readonly author: string;
  readonly avatarUrl?: string;
  readonly createdAt?: string;
  /** A draft, or a comment of the user's own pending review on the server. */
  readonly pending: boolean;
  readonly outdated: boolean;
  /** The commented line when the comment was made (its diff hunk's last line), for a suggestion's removed line. */
  readonly commentedLine?: string;
}

export interface ReviewThreadModel {
  readonly key: string;
  readonly path: string;
  readonly side: Side;
  /** 1-based line of the file on `side`. */
  readonly line: number;
  readonly comments: readonly ThreadComment[];
  readonly resolved: boolean;
  readonly resolvedBy?: string;
  /** The comment resolve / unresolve acts on (the thread's first comment on the server). */
  readonly rootCommentId?: number;
  readonly outdated: boolean;
  /** Every comment is pending. */
  readonly pending: boolean;
}

export function threadKey(path: string, side: Side, line: number): string {
  return `${path}\u0000${side}\u0000${line}`;
}

/** The commented line as the comment's `diff_hunk` shows it (its last line, without the +/space prefix). */
export function commentedLine(diffHunk: string | undefined): string | undefined {
  if (!diffHunk) return undefined;
  const lines = diffHunk.replace(/\r/g, '').split('\n').filter((l) => l !== '' && !l.startsWith('\\'));
  const last = lines[lines.length - 1];
  return last === undefined || last.startsWith('@@') ? undefined : last.slice(1);
}

/** Whether a new-side line reads differently now than when the comment was made (unknown either way: no). */
function lineChanged(diffHunk: string | undefined, now: string | undefined): boolean {
  const then = commentedLine(diffHunk);
  return then !== undefined && now !== undefined && then.trimEnd() !== now.trimEnd();
}

/** Where a comment sits: the new file's line, else the old file's; neither (both 0) is a comment Gitea lost the line of. */
export function placeOf(c: Pick<ReviewCommentLike, 'position' | 'original_position'>): { side: Side; line: number } | undefined {
  if ((c.position ?? 0) > 0) return { side: 'new', line: c.position! };
  if ((c.original_position ?? 0) > 0) return { side: 'old', line: c.original_position! };
  return undefined;
}

export interface ThreadInput {
  readonly reviews: readonly ReviewLike[];
  readonly commentsByReview: ReadonlyMap<number, readonly ReviewCommentLike[]>;
  /** The text of a line of the head commit's file (new side), when a document of it is at hand. */
  readonly headLine?: (path: string, line: number) => string | undefined;
  readonly drafts: readonly DraftComment[];
  /** Who writes the drafts (their author). */
  readonly me: string;
}

/** The threads of every file, ordered by path, side and line; the comments of a thread by time (drafts last). */
export function buildThreads(input: ThreadInput): ReviewThreadModel[] {
  const stateOf = new Map(input.reviews.map((r) => [r.id, r.state]));
  const groups = new Map<string, { path: string; side: Side; line: number; server: (ReviewCommentLike & { pending: boolean; outdated: boolean })[]; drafts: DraftComment[] }>();
  const group = (path: string, side: Side, line: number) => {
    const key = threadKey(path, side, line);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { path, side, line, server: [], drafts: [] }));
    return g;
  };
  for (const [reviewId, comments] of input.commentsByReview) {
    const pending = stateOf.get(reviewId) === 'PENDING';
    for (const c of comments) {
      const place = placeOf(c);
      // A comment without a line stays visible on the first line, marked outdated.
      const { side, line } = place ?? { side: 'new' as const, line: 1 };
      const outdated = !place || (place.side === 'new' && lineChanged(c.diff_hunk, input.headLine?.(c.path ?? '', place.line)));
      group(c.path ?? '', side, line).server.push({ ...c, pending, outdated });
    }
  }
  for (const d of input.drafts) group(d.path, d.side, d.line).drafts.push(d);

  const threads: ReviewThreadModel[] = [];
  for (const [key, g] of groups) {
    g.server.sort((a, b) => (a.created_at ?? '').localeCompare(b.created_at ?? '') || a.id - b.id);
    const comments: ThreadComment[] = [
      ...g.server.map((c) => ({ id: c.id, draft: false, body: c.body ?? '', author: c.user?.login ?? '', avatarUrl: c.user?.avatar_url || undefined,
        createdAt: c.created_at, pending: c.pending, outdated: c.outdated, commentedLine: commentedLine(c.diff_hunk) })),
      ...g.drafts.map((d) => ({ id: d.id, draft: true, body: d.body, author: input.me, createdAt: d.createdAt, pending: true, outdated: false })),
    ];
    const root = g.server[0];
    threads.push({
      key,
      path: g.path,
      side: g.side,
      line: g.line,
      comments,
      resolved: !!root?.resolver,
      resolvedBy: root?.resolver?.login,
      rootCommentId: root && !root.pending ? root.id : undefined,
      outdated: !!root?.outdated,
      pending: comments.every((c) => c.pending),
    });
  }
  return threads.sort((a, b) => a.path.localeCompare(b.path) || a.side.localeCompare(b.side) || a.line - b.line);
}

/** Inclusive 1-based line ranges of each side that a diff shows (hunks with their context lines): the same shape as
 * the hunks worked out from two texts (shared/diffHunks.ts). */
export type DiffRanges = SideHunks;

function unquote(p: string): string {
  if (!p.startsWith('"')) return p;
  // git quotes paths with special characters C-style; octal escapes are UTF-8 bytes. Runs of plain characters are
  // encoded whole (not a Buffer per character: a megabyte-long quoted line took a third of a second).
  const chunks: Buffer[] = [];
  let escaped: number[] = [];
  const flush = () => {
    if (escaped.length) chunks.push(Buffer.from(escaped));
    escaped = [];
  };
  const s = p.slice(1, -1);
  for (let i = 0; i < s.length; ) {
    const slash = s.indexOf('\\', i);
    const end = slash < 0 ? s.length : slash;
    if (end > i) {
      flush();
      chunks.push(Buffer.from(s.slice(i, end), 'utf8'));
    }
    if (slash < 0) break;
    const next = s[slash + 1] ?? '';
    if (/[0-7]/.test(next)) {
      escaped.push(parseInt(s.slice(slash + 1, slash + 4), 8));
      i = slash + 4;
    } else {
      escaped.push(({ n: 10, t: 9, '"': 34, '\\': 92 } as Record<string, number>)[next] ?? next.charCodeAt(0));
      i = slash + 2;
    }
  }
  flush();
  return Buffer.concat(chunks).toString('utf8');
}

/** The hunks of a unified diff (GET …/pulls/{index}.diff) by the file's new path (the old path for a deletion). */
export function parseDiffRanges(diff: string): Map<string, DiffRanges> {
  const files = new Map<string, DiffRanges>();
  let oldPath: string | undefined;
  let current: DiffRanges | undefined;
  for (const line of diff.split('\n')) {
    if (line.startsWith('diff --git ')) {
      current = undefined;
      oldPath = undefined;
    } else if (line.startsWith('--- ') && !current) {
      const p = line.slice(4).trimEnd();
      oldPath = p === '/dev/null' ? undefined : unquote(p).replace(/^a\//, '');
    } else if (line.startsWith('+++ ') && !current) {
      const p = line.slice(4).trimEnd();
      const path = p === '/dev/null' ? oldPath : unquote(p).replace(/^b\//, '');
      if (path === undefined) continue;
      current = { old: [], new: [] };
      files.set(path, current);
    } else if (current && line.startsWith('@@')) {
      const m = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
      if (!m) continue;
      const oldCount = m[2] === undefined ? 1 : Number(m[2]);
      const newCount = m[4] === undefined ? 1 : Number(m[4]);
      if (oldCount > 0) current.old.push([Number(m[1]), Number(m[1]) + oldCount - 1]);
      if (newCount > 0) current.new.push([Number(m[3]), Number(m[3]) + newCount - 1]);
    }
  }
  return files;
}

export function inRanges(ranges: readonly [number, number][], line: number): boolean {
  return ranges.some(([a, b]) => line >= a && line <= b);
}

export type SubmitEvent = 'COMMENT' | 'APPROVED' | 'REQUEST_CHANGES';

/** Why Gitea would refuse the review (422), before anything is sent; undefined when it would take it. */
export function submitProblem(event: SubmitEvent, summary: string, commentCount: number): 'summaryRequired' | 'empty' | undefined {
  const hasBody = summary.trim().length > 0;
  if (event === 'REQUEST_CHANGES' && !hasBody) return 'summaryRequired';
  if (event === 'COMMENT' && !hasBody && commentCount === 0) return 'empty';
  return undefined;
}

/** The body of POST …/pulls/{index}/reviews that submits the drafts as one review. */
export function reviewRequestBody(event: SubmitEvent, summary: string, drafts: readonly DraftComment[], headSha: string | undefined) {
  return {
    event,
    body: summary,
    ...(headSha ? { commit_id: headSha } : {}),
    comments: drafts.map((d) =>
      d.side === 'new' ? { path: d.path, body: d.body, new_position: d.line, old_position: 0 } : { path: d.path, body: d.body, new_position: 0, old_position: d.line },
    ),
  };
}
