// What the CI Jobs view says about a workflow run and its jobs, platform neutral (no `vscode`) so it is
// unit-tested: the state shown, whether it will still change (polling), and a run's identifying facts, which
// the job objects do not carry (Gitea 1.27's ActionWorkflowJob has run_id, head_sha and head_branch, but no
// title, workflow file or event): they come from the run (getWorkflowRuns).

/** The fields of a run the view reads (structural subset of the client's ActionWorkflowRun). */
export interface RunSource {
  id: number;
  run_number?: number;
  display_title?: string;
  /** `ci.yml@refs/heads/main`: the workflow file and the ref that triggered the run. */
  path?: string;
  event?: string;
  status?: string;
  conclusion?: string;
  /** Absent when the run was triggered by a tag. */
  head_branch?: string;
  head_sha?: string;
}

export interface StatusSource {
  status?: string;
  conclusion?: string;
}

/** Statuses of a run or job that will still change: while one is listed, the view polls. */
const ACTIVE = new Set(['queued', 'in_progress', 'waiting', 'pending', 'requested', 'running']);

export function isActive(x: Pick<StatusSource, 'status'>): boolean {
  return ACTIVE.has(x.status ?? '');
}

/** The conclusion of a finished run or job, else its status. */
export function stateOf(x: StatusSource): string {
  return (x.status === 'completed' && x.conclusion) || x.status || x.conclusion || 'unknown';
}

/** The workflow file and the short ref of a run's `path` (`ci.yml@refs/tags/v1` → `ci.yml`, `v1`). Split at the
 * first `@`: a ref may hold one, a workflow file name does not. */
export function parseRunPath(path: string | undefined): { workflow: string; ref: string } {
  const text = path ?? '';
  const at = text.indexOf('@');
  const workflow = at < 0 ? text : text.slice(0, at);
  const ref = at < 0 ? '' : text.slice(at + 1).replace(/^refs\/(?:heads|tags)\//, '');
  return { workflow, ref };
}

export interface RunSummary {
  /** The run's title: Gitea's display_title (the commit message or pull request title), else "Run #N". */
  title: string;
  state: string;
  workflow: string;
  event: string;
  /** The branch, or the tag of a run triggered by a tag. */
  ref: string;
  shortSha: string;
}

/** The facts that tell one run from another. `t` translates the fallback title. */
export function summarizeRun(run: RunSource, t: (message: string, ...args: (string | number)[]) => string): RunSummary {
  const { workflow, ref } = parseRunPath(run.path);
  const title = (run.display_title ?? '').split('\n')[0]!.trim();
  return {
    title: title || t('Run #{0}', run.run_number ?? run.id),
    state: stateOf(run),
    workflow,
    event: run.event ?? '',
    ref: run.head_branch || ref,
    shortSha: (run.head_sha ?? '').slice(0, 10),
  };
}

/**
 * The runs whose job lists a poll reloads: those still active, and those whose state changed since the last
 * poll (their jobs just finished). `previous` maps run id → state and is updated in place.
 */
export function runsToRefresh(runs: readonly RunSource[], previous: Map<number, string>): number[] {
  const out: number[] = [];
  for (const run of runs) {
    const state = stateOf(run);
    const before = previous.get(run.id);
    if (isActive(run) || (before !== undefined && before !== state)) out.push(run.id);
    previous.set(run.id, state);
  }
  return out;
}
