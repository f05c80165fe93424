// What the branch's status bar item says: the branch's pull request (number, state, review verdict, the combined CI
// state of its head) or the issue it was started from, and how often it asks the server again (backing off while
// nothing changes). Platform neutral (no vscode): unit-tested.
import { inertText } from '../shared/untrustedText';

export type ReviewVerdict = 'approved' | 'changes' | 'none';
export type CiState = 'success' | 'pending' | 'failure' | 'none';

export interface PullFacts {
  readonly index: number;
  readonly title?: string;
  readonly state: 'open' | 'closed' | 'merged';
  readonly draft: boolean;
  readonly review: ReviewVerdict;
  readonly ci: CiState;
  /** The base has commits the head has not (Update Branch brings them in). */
  readonly behind: boolean;
  readonly headSha?: string;
}

export interface BranchFacts {
  readonly branch: string;
  readonly pull?: PullFacts;
  readonly issue?: { readonly index: number; readonly title?: string };
}

/** The latest verdict of each reviewer (dismissed ones left out): any change request wins over approvals. */
export function reviewVerdict(reviews: readonly { readonly state: string; readonly user?: { readonly login: string }; readonly dismissed?: boolean; readonly id: number }[]): ReviewVerdict {
  const latest = new Map<string, string>();
  for (const r of [...reviews].sort((a, b) => a.id - b.id)) {
    if (r.dismissed || !r.user || !['APPROVED', 'REQUEST_CHANGES', 'COMMENT'].includes(r.state)) continue;
    // A comment does not take back a verdict.
    if (r.state === 'COMMENT' && latest.has(r.user.login)) continue;
    latest.set(r.user.login, r.state);
  }
  const states = [...latest.values()];
  if (states.includes('REQUEST_CHANGES')) return 'changes';
  return states.includes('APPROVED') ? 'approved' : 'none';
}

/** Gitea's combined state: `error`/`failure`/`warning` fail, `pending` waits, no statuses at all is none. */
export function ciState(combined: { readonly state?: string; readonly total_count?: number } | undefined): CiState {
  if (!combined || !combined.total_count) return 'none';
  switch (combined.state) {
    case 'success':
      return 'success';
    case 'pending':
      return 'pending';
    case 'error':
    case 'failure':
    case 'warning':
      return 'failure';
    default:
      return 'none';
  }
}

const STATE_ICON: Record<PullFacts['state'], string> = { open: '$(git-pull-request)', closed: '$(git-pull-request-closed)', merged: '$(git-merge)' };
const REVIEW_ICON: Record<ReviewVerdict, string> = { approved: '$(pass)', changes: '$(request-changes)', none: '' };
const CI_ICON: Record<CiState, string> = { success: '$(check)', pending: '$(clock)', failure: '$(error)', none: '' };

function truncate(title: string, max: number): string {
  return title.length > max ? `${title.slice(0, max - 1)}…` : title;
}

/** The item's text, e.g. `$(git-pull-request) #12 Add login $(pass) $(check)`, `$(issues) #7 on issue-7-crash`. */
export function branchItemText(f: BranchFacts): string {
  const p = f.pull;
  if (p) {
    const parts = [`${STATE_ICON[p.state]} #${p.index}`];
    // The title is the server's: no icon or link syntax of its own in the item.
    if (p.title) parts.push(inertText(truncate(p.title, 40)));
    if (p.state === 'open') parts.push(REVIEW_ICON[p.review], CI_ICON[p.ci], p.behind ? '$(arrow-down)' : '');
    return parts.filter(Boolean).join(' ');
  }
  if (f.issue) return `$(issues) #${f.issue.index}${f.issue.title ? ` ${inertText(truncate(f.issue.title, 40))}` : ''}`;
  return '';
}

/** Seconds between polls: from `min`, doubled after each poll that found nothing new, up to `max`. */
export class PollBackoff {
  private current: number;
  constructor(
    private readonly min = 30,
    private readonly max = 600,
  ) {
    this.current = min;
  }

  /** The wait before the next poll, given whether the last one changed what is shown. */
  next(changed: boolean): number {
    this.current = changed ? this.min : Math.min(this.max, this.current * 2);
    return this.current;
  }

  reset(): void {
    this.current = this.min;
  }
}
