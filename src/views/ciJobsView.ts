// CI Jobs (Gitea 1.25+): the workflow runs, newest first, each with its jobs and their steps; a status filter with
// exactly the values the server accepts. While a run is waiting or running, page 1 is fetched again on a timer
// that backs off (5 s doubling to 60 s) and stops when no run is active or the view is hidden; the jobs of the
// runs opened follow. Servers without the endpoints (Forgejo, Gitea before 1.25) get an explanation instead of
// an error.
import * as vscode from 'vscode';
import type { ActionWorkflowJob, ActionWorkflowRun, ActionWorkflowStep } from '../api';
import { isGiteaError } from '../api/errorKind';
import type { Services } from '../core/services';
import { appendField, duration, escapeMarkdown, formatDate, relativeDate, tooltip } from './format';
import { isActive, parseRunPath, runsToRefresh, stateOf, summarizeRun, type RunSummary } from './ciRunModel';
import { PagedTreeProvider } from './pagedTree';
import { giteaAtLeast } from '../shared/account';
import { ciJobsRefreshMs } from '../core/settings';
import { RECENT_REPOSITORY_MAX_AGE_MS, recentRepositories } from '../core/recentRepositories';
import type { ViewScope } from './scope';
import { contextValue, leaf, messageNode, type ListSpec, type NodeChildren, type TreeNode } from './treeNode';
import { appendRunActionNotes, attemptLabel, jobActionTokens, runActionTokens } from './workflows/runActions';
import { WORKFLOWS_LIST_KEY, workflowsGroupNode } from './workflows/workflowsGroup';
import { runSectionNodes } from './ci/artifactNodes';
import { RunnerSights, waitNote, type WaitNote } from './ciSettings/runnerMatch';

export const CI_JOBS_VIEW = 'gitea.ciJobs';

/** The `status` values GET /actions/jobs and /actions/runs accept (BEHAVIOR.md #12); anything else is a 400. */
export const JOB_STATUSES = [
  'pending',
  'waiting',
  'requested',
  'action_required',
  'queued',
  'in_progress',
  'completed',
  'failure',
  'success',
  'skipped',
  'neutral',
  'cancelled',
  'timed_out',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const POLL_MAX_MS = 60_000;

/** The first wait (gitea.ciJobs.refreshSeconds, 0 = off) and the longest one it doubles to. */
function pollBounds(): { first: number; max: number } {
  const first = ciJobsRefreshMs();
  return { first, max: Math.max(POLL_MAX_MS, first) };
}

export function isActiveJob(job: Pick<ActionWorkflowJob, 'status'>): boolean {
  return isActive(job);
}

/**
 * The view lists workflow runs (getWorkflowRuns, newest first: Gitea orders runs by id, descending) and, when a
 * run is expanded, its jobs (listWorkflowRunJobs). Why not the repository's job list grouped by run_id: a job
 * carries neither the run's title nor its workflow file nor its event, so naming the groups would cost a request
 * per run; listing runs keeps one request per page at each level and fetches jobs only for the runs opened.
 */
export class CiJobsProvider extends PagedTreeProvider {
  private statuses: readonly JobStatus[] = [];
  private timer: NodeJS.Timeout | undefined;
  private delay = pollBounds().first;
  private lastSignature = '';
  private rootKey = '';
  /** The state of each listed run at the last load: a run whose state changed gets its jobs reloaded. */
  private readonly runStates = new Map<number, string>();
  /** The runs whose job lists the poll that is running should reload. */
  private runsToReload: number[] = [];
  private readonly runsLoaded = new vscode.EventEmitter<RunsLoaded>();
  /** Repositories (scope keys) whose runs or workflows were answered 404 (no such API) or 403 (Actions off, or not
   * readable by this account): their view has no Workflows group, until Refresh asks again. */
  private readonly withoutActions = new Set<string>();
  /** Each load of the runs (first page, polls): CI problems are cleared when their run passed. */
  readonly onDidLoadRuns = this.runsLoaded.event;
  /** The runners seen for waiting jobs (why a job waits). */
  private readonly runners = new RunnerSights();

  constructor(services: Services) {
    super(services, CI_JOBS_VIEW);
    this.disposables.push({ dispose: () => this.stopPolling() }, this.runsLoaded);
  }

  get statusFilter(): readonly JobStatus[] {
    return this.statuses;
  }

  /** True while a poll is scheduled. */
  get polling(): boolean {
    return this.timer !== undefined;
  }

  /** The wait before the next poll. */
  get pollDelayMs(): number {
    return this.delay;
  }

  setStatusFilter(statuses: readonly JobStatus[]): void {
    this.statuses = JOB_STATUSES.filter((s) => statuses.includes(s));
    this.stopPolling();
    this.rebuildRoot();
  }

  override refresh(): void {
    if (this.currentScope) this.withoutActions.delete(this.currentScope.key);
    this.runners.clear();
    this.stopPolling();
    super.refresh();
  }

  /** Whether the server has the jobs endpoints (Gitea 1.25+; Forgejo has runs and tasks instead). */
  static hasJobsApi(scope: ViewScope): boolean {
    return giteaAtLeast(scope.account, 1, 25);
  }

  protected rootChildren(scope: ViewScope): NodeChildren {
    this.stopPolling();
    if (this.view) this.view.description = this.statuses.length ? this.statuses.join(', ') : undefined;
    if (!CiJobsProvider.hasJobsApi(scope)) return { fixed: [unsupportedNode()] };
    // The filter applies to both levels: runs with one of the statuses (their overall status), and under each
    // the jobs with one of them. Gitea accepts the same values, repeated, on both endpoints.
    const status = this.statuses.length ? { status: [...this.statuses] } : {};
    const filtered = this.statuses.length > 0;
    const filterKey = this.statuses.join(',');
    this.rootKey = `runs?${filterKey}`;
    const jobsOf = (run: ActionWorkflowRun): ListSpec<ActionWorkflowJob> => ({
      key: jobsKey(run.id, filterKey),
      fetch: async (page, signal) => {
        const jobs = await scope.client.listWorkflowRunJobs({ ...scope.params, run: run.id, ...status, page }, { signal });
        await this.runners.prepare(scope, jobs.items, signal);
        return jobs;
      },
      render: (job, now) => jobNode(scope, job, now, parseRunPath(run.path).workflow, waitNote(job, this.runners.current(scope))),
      identity: (job) => job.id,
      emptyLabel: filtered ? vscode.l10n.t('No job of this run has these statuses') : vscode.l10n.t('No jobs'),
    });
    const spec: ListSpec<ActionWorkflowRun> = {
      key: this.rootKey,
      fetch: async (page, signal) => {
        // Gitea answers a repository's admins (its owner) even where its Actions are off (reqRepoReader lets them
        // through, with no runs): the repository's own `has_actions`, read beside the first page, tells. The poll
        // reloads the first page every few seconds: a repository read in the last minutes is not asked again.
        const [runs, repository] = await Promise.all([
          scope.client.getWorkflowRuns({ ...scope.params, ...status, page }, { signal }),
          // expected: without the repository's answer the runs are shown as the server gave them.
          page === 1 ? recentRepositories.readShared(scope, scope.params, RECENT_REPOSITORY_MAX_AGE_MS, signal).catch(() => undefined) : undefined,
        ]);
        if (repository?.has_actions === false) throw new ActionsOffError();
        return runs;
      },
      render: (run, now) => runNode(scope, run, now, () => jobsOf(run)),
      identity: (run) => run.id,
      emptyLabel: filtered ? vscode.l10n.t('No workflow run has these statuses') : vscode.l10n.t('No workflow runs'),
      explainError: (e) => {
        if (e instanceof ActionsOffError) {
          this.actionsUnavailable(scope.key);
          return actionsOffNode();
        }
        if (!isGiteaError(e) || (e.kind !== 'notFound' && e.kind !== 'forbidden')) return undefined;
        this.actionsUnavailable(scope.key);
        return e.kind === 'notFound' ? unsupportedNode() : actionsOffNode();
      },
    };
    // Shown from the cache (back within the cache lifetime): no load happens, so look at the cached runs.
    setTimeout(() => {
      const cached = this.loadedItems(spec.key);
      if (cached && spec.key === this.rootKey && !this.timer) this.onListLoaded(spec, cached);
    }, 0);
    const workflows = this.withoutActions.has(scope.key) ? [] : [workflowsGroupNode(scope, statusIcon, () => this.actionsUnavailable(scope.key))];
    return { fixed: workflows, list: spec };
  }

  async reloadRuns(): Promise<void> {
    if (await this.reloadFirstPage(this.rootKey)) {
      this.reloadJobLists(); // a re-run's jobs start again
      return;
    }
    this.refresh();
    await this.getChildren(); // starts the load
    await this.whenIdle();
  }

  reloadWorkflows(): void {
    void this.reloadFirstPage(WORKFLOWS_LIST_KEY);
  }

  /** The runs or the workflows were refused: the top level again, without the Workflows group (the loaded lists
   * stay cached, so nothing is asked again; the render under way is replaced at once). */
  private actionsUnavailable(scopeKey: string): void {
    if (this.withoutActions.has(scopeKey)) return;
    this.withoutActions.add(scopeKey);
    if (this.currentScope?.key === scopeKey) this.rebuildRoot();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- lists of different item types side by side; each ListSpec is typed where it is built
  protected override onListLoaded(spec: ListSpec<any>, items: readonly unknown[]): void {
    if (spec.key !== this.rootKey) return;
    const runs = items as readonly ActionWorkflowRun[];
    if (this.currentScope) this.runsLoaded.fire({ scopeKey: this.currentScope.key, runs });
    this.runsToReload = runsToRefresh(runs, this.runStates);
    const signature = runs.map((r) => `${r.id}:${stateOf(r)}`).join(',');
    // Something moved: poll at the fastest rate again.
    if (signature !== this.lastSignature) this.delay = pollBounds().first;
    this.lastSignature = signature;
    this.stopTimer();
    if (runs.some(isActive)) this.schedulePoll();
    else this.delay = pollBounds().first;
  }

  protected override onVisibilityChanged(visible: boolean): void {
    if (!visible) this.stopTimer();
    else if (this.lastSignature && this.lastSignatureActive()) this.schedulePoll();
  }

  private lastSignatureActive(): boolean {
    return this.lastSignature.split(',').some((e) => isActive({ status: e.slice(e.indexOf(':') + 1) }));
  }

  private schedulePoll(): void {
    const bounds = pollBounds();
    if (this.timer || this.view?.visible === false || bounds.first === 0) return;
    const wait = Math.max(this.delay, bounds.first);
    this.delay = Math.min(wait * 2, bounds.max);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.loadedItems(this.rootKey)) return this.stopPolling(); // reloaded, signed out or another repository
      // On success onListLoaded schedules the next poll; after a failure (or a busy list) keep backing off.
      void this.reloadFirstPage(this.rootKey).then((ok) => (ok ? this.reloadJobLists() : this.schedulePoll()));
    }, wait);
  }

  /** After a poll: the loaded job lists of runs still active or just finished, so their jobs and steps follow. */
  private reloadJobLists(): void {
    const filterKey = this.statuses.join(',');
    for (const runId of this.runsToReload) {
      const key = jobsKey(runId, filterKey);
      if (this.loadedItems(key)) void this.reloadFirstPage(key);
    }
  }

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private stopPolling(): void {
    this.stopTimer();
    this.delay = pollBounds().first;
    this.lastSignature = '';
    this.runStates.clear();
  }
}

function jobsKey(runId: number, filterKey: string): string {
  return `run:${runId}:jobs?${filterKey}`;
}

/** The repository says its Actions are off (`has_actions: false`), whatever the runs' endpoint answered. */
class ActionsOffError extends Error {
  constructor() {
    super('Actions is off for this repository');
  }
}

function actionsOffNode(): TreeNode {
  return messageNode(vscode.l10n.t('Actions is off for this repository, or your account cannot read its runs'), 'info', 'unsupported');
}

function unsupportedNode(): TreeNode {
  return messageNode(vscode.l10n.t('This server does not provide the CI jobs API (Gitea 1.25+)'), 'info', 'unsupported');
}

/** A run: its title, then what tells it from the others (state, workflow file, event, branch, commit, when). */
function runNode(scope: ViewScope, run: ActionWorkflowRun, now: number, jobs: () => ListSpec<ActionWorkflowJob>): TreeNode {
  const s = summarizeRun(run, vscode.l10n.t);
  const when = relativeDate(run.started_at, now) || relativeDate(run.completed_at, now);
  const node = leaf(s.title, statusIcon(s.state), {
    description: [s.state, attemptLabel(run), s.workflow, s.event, s.ref, s.shortSha, when].filter(Boolean).join(' · '),
    context: contextValue('ciRun', isActive(run) ? 'active' : 'finished', ...runActionTokens(scope, run)),
    url: run.html_url ?? undefined,
    data: run,
    tooltip: () => runTooltip(run, s),
    children: () => ({ fixed: runSectionNodes(scope, run), list: jobs() }),
  });
  node.item.id = `${scope.key}/run/${run.id}`; // keeps expansion across polls
  return node;
}

function runTooltip(run: ActionWorkflowRun, s: RunSummary): vscode.MarkdownString {
  const md = tooltip();
  md.appendMarkdown(`$(run-all) **${escapeMarkdown(s.title)}**\n\n`);
  appendField(md, vscode.l10n.t('Status'), s.state);
  appendField(md, vscode.l10n.t('Run'), run.run_number !== undefined ? `#${run.run_number}` : run.id);
  appendField(md, vscode.l10n.t('Workflow'), s.workflow);
  appendField(md, vscode.l10n.t('Event'), s.event);
  appendField(md, run.head_branch ? vscode.l10n.t('Branch') : vscode.l10n.t('Ref'), s.ref);
  appendField(md, vscode.l10n.t('Commit'), s.shortSha);
  appendField(md, vscode.l10n.t('Triggered by'), run.trigger_actor?.login ?? run.actor?.login);
  appendField(md, vscode.l10n.t('Started'), formatDate(run.started_at));
  appendField(md, vscode.l10n.t('Completed'), formatDate(run.completed_at));
  appendField(md, vscode.l10n.t('Duration'), duration(run.started_at, run.completed_at));
  appendRunActionNotes(md, run);
  return md;
}

/** The data of a job node: what "Show Log" needs. */
export interface JobData {
  readonly kind: 'ciJob';
  readonly instanceUrl: string;
  readonly accountId: string;
  readonly owner: string;
  readonly repo: string;
  readonly job: ActionWorkflowJob;
  /** The run's workflow file (`ci.yml`): names the job's CI problems. */
  readonly workflow?: string;
}

/** The runs of a repository (`scopeKey`: account|owner/repo), as each load of the view's runs got them. */
export interface RunsLoaded {
  readonly scopeKey: string;
  readonly runs: readonly ActionWorkflowRun[];
}

function jobNode(scope: ViewScope, job: ActionWorkflowJob, now: number, workflow: string, wait: WaitNote | undefined): TreeNode {
  const state = jobState(job);
  const data: JobData = { kind: 'ciJob', instanceUrl: scope.account.instanceUrl, accountId: scope.account.id, ...scope.params, job, workflow };
  const icon = wait?.noMatch ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground')) : statusIcon(state);
  const node = leaf(job.name || vscode.l10n.t('Job {0}', job.id), icon, {
    // The branch and commit are the run's (shown on it): a job says how it went and when (or what it waits for).
    // Its attempt too: Gitea 1.26 counts the attempts of jobs only (its runs have no run_attempt).
    description: [state, attemptLabel(job), job.runner_name, wait?.description, relativeDate(job.started_at, now) || relativeDate(job.created_at, now)].filter(Boolean).join(' · '),
    context: contextValue('ciJob', isActiveJob(job) ? 'active' : 'finished', (state === 'failure' || state === 'timed_out') && 'failed', ...jobActionTokens(scope, job)),
    url: job.html_url ?? undefined,
    data,
    tooltip: () => jobTooltip(job, state, wait),
    children: () => ({ fixed: job.steps.length ? job.steps.map((s) => stepNode(s)) : [notStartedNode(job)] }),
  });
  node.item.id = `${scope.key}/job/${job.id}`; // keeps expansion across polls
  return node;
}

function notStartedNode(job: ActionWorkflowJob): TreeNode {
  return messageNode(isActiveJob(job) ? vscode.l10n.t('Not started yet: waiting for a runner') : vscode.l10n.t('No steps'), 'circle-outline', 'empty');
}

/** The conclusion of a finished job, else its status. */
export function jobState(job: Pick<ActionWorkflowJob, 'status' | 'conclusion'>): string {
  return stateOf(job);
}

function stepNode(step: ActionWorkflowStep): TreeNode {
  const state = (step.status === 'completed' && step.conclusion) || step.status || step.conclusion || '';
  return leaf(step.name || `#${step.number ?? ''}`, statusIcon(state), {
    description: [state, duration(step.started_at, step.completed_at)].filter(Boolean).join(' · '),
    context: 'ciStep',
    data: step,
  });
}

export function statusIcon(state: string): vscode.ThemeIcon {
  switch (state) {
    case 'success':
      return new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'));
    case 'failure':
    case 'timed_out':
      return new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'));
    case 'cancelled':
      return new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground'));
    case 'skipped':
    case 'neutral':
      return new vscode.ThemeIcon('debug-step-over', new vscode.ThemeColor('disabledForeground'));
    case 'in_progress':
    case 'running':
      return new vscode.ThemeIcon('sync~spin', new vscode.ThemeColor('charts.yellow'));
    case 'queued':
    case 'waiting':
    case 'pending':
    case 'requested':
      return new vscode.ThemeIcon('clock', new vscode.ThemeColor('testing.iconQueued'));
    case 'action_required':
      return new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
    default:
      return new vscode.ThemeIcon('circle-outline');
  }
}

function jobTooltip(job: ActionWorkflowJob, state: string, wait: WaitNote | undefined): vscode.MarkdownString {
  const md = tooltip();
  md.appendMarkdown(`$(run) **${escapeMarkdown(job.name ?? String(job.id))}**\n\n`);
  appendField(md, vscode.l10n.t('Status'), state);
  appendField(md, vscode.l10n.t('Run'), job.run_id);
  appendField(md, vscode.l10n.t('Branch'), job.head_branch);
  appendField(md, vscode.l10n.t('Commit'), job.head_sha?.slice(0, 10));
  appendField(md, vscode.l10n.t('Runner'), job.runner_name);
  appendField(md, vscode.l10n.t('Started'), formatDate(job.started_at));
  appendField(md, vscode.l10n.t('Completed'), formatDate(job.completed_at));
  appendField(md, vscode.l10n.t('Duration'), duration(job.started_at, job.completed_at));
  if (job.labels.length) appendField(md, vscode.l10n.t('Labels'), job.labels.join(', '));
  if (wait) md.appendMarkdown(`\n\n${wait.noMatch ? '$(warning) ' : ''}${escapeMarkdown(wait.tooltip)}`);
  return md;
}
