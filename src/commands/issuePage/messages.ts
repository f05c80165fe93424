// The issue page's message protocol. The webview shows server text, so it is treated as untrusted: every message
// it sends is checked here (exact type, exact keys, types and bounds) and anything else is dropped. Pure.
import { isRepoName } from '../../shared/markdownRefs';
import type { ReactionGroup } from './reactionModel';

/** Gitea keeps a comment in a TEXT column; longer input is not a comment anyone typed. */
export const MAX_BODY_CHARS = 262_144;

export type PageInbound =
  | { readonly type: 'ready' }
  | { readonly type: 'refresh' }
  /** The comment being typed (kept as a draft). */
  | { readonly type: 'draft'; readonly body: string }
  | { readonly type: 'comment'; readonly body: string }
  | { readonly type: 'setState'; readonly state: 'open' | 'closed' }
  | { readonly type: 'editComment'; readonly id: number; readonly body: string }
  | { readonly type: 'deleteComment'; readonly id: number }
  | { readonly type: 'editTitle'; readonly title: string }
  /** The description (the body); may be emptied. */
  | { readonly type: 'editBody'; readonly body: string }
  /** Runs the host's picker for one field of the side bar. */
  | { readonly type: 'pick'; readonly field: PickField }
  /** A pull request button: the host maps it to its command (the webview never names a command). */
  | { readonly type: 'pullAction'; readonly action: PullAction }
  /** A reference in a body (`#12`, `owner/repo#12`): opens that or pull request's page. */
  | { readonly type: 'openRef'; readonly owner: string; readonly repo: string; readonly number: number }
  /** A mention or commit link: opened in the browser only when it is on the instance (checked by the host). */
  | { readonly type: 'openUrl'; readonly url: string }
  /** The "Load earlier" button at the top of a long timeline. */
  | { readonly type: 'loadEarlier' }
  /** The Sign In Again… button of an error that says the server refused the account's token. */
  | { readonly type: 'signInAgain' }
  /** Add or remove the user's reaction on the issue (`target` 0) or a comment (its id). */
  | { readonly type: 'react'; readonly target: number; readonly content: string; readonly add: boolean }
  /** Comments now on screen whose reactions the page has not read yet. */
  | { readonly type: 'reactionsWanted'; readonly ids: readonly number[] }
  /** A time-tracking button: Start / Stop / Cancel Stopwatch, Add Time…. */
  | { readonly type: 'timeAction'; readonly action: TimeAction }
  /** Delete one of the user's tracked times (asked first). */
  | { readonly type: 'deleteTime'; readonly id: number };

/** The page's time-tracking buttons (each runs its command: Start / Stop / Cancel Stopwatch, Add Time…). */
export const TIME_ACTIONS = ['start', 'stop', 'cancel', 'addTime'] as const;
export type TimeAction = (typeof TIME_ACTIONS)[number];

/** What the page shows of the tracked times (none when the repository does not track time). */
export interface PageTimesState {
  readonly enabled: boolean;
  /** Whether the user may add time here (Gitea's CanUseTimetracker); the list shows either way. */
  readonly canTrack?: boolean;
  /** Whether the user may use the stopwatch here (Gitea's API also asks for write access to the issues). */
  readonly canStopwatch?: boolean;
  readonly running?: boolean;
  readonly total?: string;
  readonly entries?: readonly { readonly id: number; readonly user: string; readonly time: string; readonly created: string; readonly mine: boolean }[];
}

export const PICK_FIELDS = ['labels', 'assignees', 'milestone', 'dueDate'] as const;
export type PickField = (typeof PICK_FIELDS)[number];
/** The page's buttons that run another command (`startWorking`: of an open issue, the others of a pull request). */
export const PULL_ACTIONS = ['changedFiles', 'ciJobs', 'checkout', 'review', 'merge', 'requestReview', 'startWorking'] as const;
export type PullAction = (typeof PULL_ACTIONS)[number];

/** Gitea's issue title column (VARCHAR(255)); the server answers 422 for a longer one. */
export const MAX_TITLE_CHARS = 255;

const KEYS: Record<PageInbound['type'], readonly string[]> = {
  ready: [],
  refresh: [],
  draft: ['body'],
  comment: ['body'],
  setState: ['state'],
  editComment: ['id', 'body'],
  deleteComment: ['id'],
  editTitle: ['title'],
  editBody: ['body'],
  pick: ['field'],
  pullAction: ['action'],
  openRef: ['owner', 'repo', 'number'],
  openUrl: ['url'],
  loadEarlier: [],
  signInAgain: [],
  react: ['target', 'content', 'add'],
  reactionsWanted: ['ids'],
  timeAction: ['action'],
  deleteTime: ['id'],
};

/** A reaction's name as Gitea's [ui] REACTIONS and CUSTOM_EMOJIS write them (`+1`, `heart`, `gitea`). */
const REACTION_NAME = /^[\w+-]{1,40}$/;
/** More comment ids than a page shows at once is not a message the page sends. */
const MAX_WANTED = 200;

function isBody(v: unknown): v is string {
  return typeof v === 'string' && v.length <= MAX_BODY_CHARS;
}

function isId(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
}

/** The message if it is exactly one of PageInbound, else undefined. */
export function parseInbound(message: unknown): PageInbound | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const m = message as Record<string, unknown>;
  const type = m.type;
  if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(KEYS, type)) return undefined;
  const allowed = KEYS[type as PageInbound['type']];
  if (Object.keys(m).some((k) => k !== 'type' && !allowed.includes(k))) return undefined;
  switch (type) {
    case 'ready':
    case 'refresh':
    case 'loadEarlier':
    case 'signInAgain':
      return { type };
    case 'draft':
      return isBody(m.body) ? { type, body: m.body } : undefined;
    case 'comment':
      // An empty comment is refused by the server (422): not worth a request.
      return isBody(m.body) && m.body.trim() !== '' ? { type, body: m.body } : undefined;
    case 'setState':
      return m.state === 'open' || m.state === 'closed' ? { type, state: m.state } : undefined;
    case 'editComment':
      return isId(m.id) && isBody(m.body) && m.body.trim() !== '' ? { type, id: m.id, body: m.body } : undefined;
    case 'deleteComment':
    case 'deleteTime':
      return isId(m.id) ? { type, id: m.id } : undefined;
    case 'timeAction':
      return TIME_ACTIONS.find((a) => a === m.action) ? { type, action: m.action as TimeAction } : undefined;
    case 'editTitle':
      return typeof m.title === 'string' && m.title.trim() !== '' && m.title.length <= MAX_TITLE_CHARS ? { type, title: m.title.trim() } : undefined;
    case 'editBody':
      return isBody(m.body) ? { type, body: m.body } : undefined;
    case 'pick':
      return PICK_FIELDS.find((f) => f === m.field) ? { type, field: m.field as PickField } : undefined;
    case 'pullAction':
      return PULL_ACTIONS.find((a) => a === m.action) ? { type, action: m.action as PullAction } : undefined;
    case 'openRef':
      return isRepoName(m.owner) && isRepoName(m.repo) && isId(m.number) ? { type, owner: m.owner, repo: m.repo, number: m.number } : undefined;
    case 'react':
      return (m.target === 0 || isId(m.target)) && typeof m.content === 'string' && REACTION_NAME.test(m.content) && typeof m.add === 'boolean'
        ? { type, target: m.target, content: m.content, add: m.add }
        : undefined;
    case 'reactionsWanted':
      return Array.isArray(m.ids) && m.ids.length <= MAX_WANTED && m.ids.every(isId) ? { type, ids: m.ids as number[] } : undefined;
    case 'openUrl':
      return typeof m.url === 'string' && m.url.length <= 2048 && /^https?:\/\//i.test(m.url) ? { type, url: m.url } : undefined;
    default:
      return undefined;
  }
}

/** What the extension sends to the webview. */
export type PageOutbound =
  | { readonly type: 'page'; readonly page: unknown; readonly loading: boolean }
  | { readonly type: 'draft'; readonly body: string }
  | { readonly type: 'busy'; readonly busy: boolean }
  /** `signInAgain`: the server refused the account's token; the page offers Sign In Again…. */
  | { readonly type: 'error'; readonly message: string | undefined; readonly signInAgain?: boolean }
  /** Earlier timeline entries to put above the shown ones; `earlier`: pages still before them. */
  | { readonly type: 'earlier'; readonly entries: readonly unknown[]; readonly earlier: number }
  /** The time-tracking section (timeTracking.ts). */
  | { readonly type: 'times'; readonly times: PageTimesState }
  /** Reactions by key (0: the issue, else a comment id); `reset` replaces all shown, `allowed` is what the picker offers. */
  | {
      readonly type: 'reactions';
      readonly entries: readonly { readonly id: number; readonly groups: readonly ReactionGroup[] }[];
      readonly allowed?: readonly string[];
      readonly reset?: boolean;
    };

/** Where a page is: its panel key and what the webview keeps in its state to be restored after a reload. */
export interface PageRef {
  readonly instanceUrl: string;
  readonly owner: string;
  readonly repo: string;
  readonly number: number;
  readonly accountId?: string;
}

export function pageKey(ref: PageRef): string {
  return `${ref.instanceUrl}|${ref.owner}/${ref.repo}#${ref.number}`;
}

/** A PageRef from the webview's saved state (untrusted: written by the webview). */
export function parsePageRef(value: unknown): PageRef | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.instanceUrl !== 'string' || !/^https?:\/\//i.test(v.instanceUrl)) return undefined;
  if (typeof v.owner !== 'string' || typeof v.repo !== 'string' || !v.owner || !v.repo || !isId(v.number)) return undefined;
  if (v.accountId !== undefined && typeof v.accountId !== 'string') return undefined;
  return { instanceUrl: v.instanceUrl, owner: v.owner, repo: v.repo, number: v.number, accountId: v.accountId };
}
