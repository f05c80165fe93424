// Commit statuses (Gitea's commit_status table): the newest status of each context of a commit, the combined
// state (modules/commitstatus: failure if any error or failure, pending if none or any pending, else success)
// and the state of a protected branch's required contexts (services/pull/commit_status.go).
import type { CommitStatusRec, ServerState } from './state';

/** The newest status of each context of `sha`, newest first (Gitea's GetLatestCommitStatus). */
export function latestStatuses(state: ServerState, repoId: number, sha: string): CommitStatusRec[] {
  const newest = new Map<string, CommitStatusRec>();
  for (const s of state.commitStatuses) {
    if (s.repoId !== repoId || s.sha !== sha) continue;
    const seen = newest.get(s.context);
    if (!seen || s.id > seen.id) newest.set(s.context, s);
  }
  return [...newest.values()].sort((a, b) => b.id - a.id);
}

export function combineStates(states: string[]): string {
  let successes = 0;
  for (const s of states) {
    if (s === 'error' || s === 'failure') return 'failure';
    if (s === 'success' || s === 'warning' || s === 'skipped') successes++;
  }
  return successes > 0 && successes === states.length ? 'success' : 'pending';
}

function globToRegExp(glob: string): RegExp {
  const source = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${source}$`);
}

/** Gitea's MergeRequiredContextsCommitStatus: every required context must have reported, and succeeded. */
export function requiredContextsState(statuses: CommitStatusRec[], required: string[]): string {
  if (required.length === 0) return combineStates(statuses.map((s) => s.state));
  const states: string[] = [];
  for (const pattern of required) {
    const re = globToRegExp(pattern);
    const matching = statuses.filter((s) => re.test(s.context));
    if (matching.length === 0) return 'pending';
    states.push(...matching.map((s) => s.state));
  }
  return combineStates(states);
}
