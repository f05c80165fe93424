// Why a job waits (CI Jobs): a queued job names the labels it waits for (its `runs-on`), and when none of the
// runners the account can see is online, enabled and carries all of them, it says so in Gitea's words ("No
// matching online runner with label: …"). The runners seen: the repository's own, its owner's (the organization's,
// or the signed-in user's for their repositories) and, for a site administrator, every runner of the instance
// (a superset: a match there may belong to another repository, so it only ever silences the sentence). Lists the
// account may not read are left out; with none readable, only the labels are shown. Read when a job list holds a
// waiting job, at most once a minute per repository.
import * as vscode from 'vscode';
import type { ActionRunner, ActionWorkflowJob, Page } from '../../api';
import type { ViewScope } from '../scope';

const SIGHT_TTL_MS = 60_000;
const t = vscode.l10n.t;

/** The runners the account could read for a repository, and which lists they came from. */
export interface RunnerSight {
  readonly runners: readonly ActionRunner[];
  /** Whether the instance-wide list (site administrators) was among them. */
  readonly instanceWide: boolean;
}

/** A job no runner has taken yet: queued for one, or waiting for the jobs it needs. */
export function waitsForRunner(job: Pick<ActionWorkflowJob, 'status' | 'runner_name' | 'labels'>): boolean {
  return (job.status === 'queued' || job.status === 'waiting') && !job.runner_name && job.labels.length > 0;
}

/** Gitea's CanMatchLabels on an online, enabled runner: it carries every label the job asks for. */
export function canRun(runner: ActionRunner, labels: readonly string[]): boolean {
  if (runner.status !== 'online' || runner.disabled) return false;
  const own = new Set(runner.labels.map((l) => l.name));
  return labels.every((l) => own.has(l));
}

/** What the job row adds: a short description part, a tooltip paragraph, and whether no runner can take it. */
export interface WaitNote {
  readonly description: string;
  readonly tooltip: string;
  readonly noMatch: boolean;
}

export function waitNote(job: Pick<ActionWorkflowJob, 'status' | 'runner_name' | 'labels'>, sight: RunnerSight | undefined): WaitNote | undefined {
  if (!waitsForRunner(job)) return undefined;
  const labels = job.labels.join(',');
  if (sight && !sight.runners.some((r) => canRun(r, job.labels))) {
    const sentence = t('No matching online runner with label: {0}', labels);
    const among = sight.instanceWide
      ? t('None of the instance\'s runners is online, enabled and carries all of these labels.')
      : t('Among the runners your account can see (this repository\'s and its owner\'s; the instance\'s shared runners are visible to site administrators only).');
    return { description: sentence, tooltip: `${sentence}\n\n${among}`, noMatch: true };
  }
  return { description: t('waits for {0}', labels), tooltip: t('Waits for a runner with the labels: {0}', labels), noMatch: false };
}

/** The runners each repository's account could read, kept a minute. */
export class RunnerSights {
  private readonly byScope = new Map<string, { at: number; sight: Promise<RunnerSight | undefined> }>();

  /** The last sight read for each scope (undefined when no list was readable). */
  private readonly settled = new Map<string, RunnerSight | undefined>();

  clear(): void {
    this.byScope.clear();
    this.settled.clear();
  }

  /** The sight for the scope when it was read (undefined before, or when no list was readable). */
  current(scope: ViewScope): RunnerSight | undefined {
    return this.settled.get(scope.key);
  }

  /** Reads the runners when a job of `jobs` waits and the last reading is older than a minute. */
  async prepare(scope: ViewScope, jobs: readonly ActionWorkflowJob[], signal: AbortSignal): Promise<void> {
    if (!jobs.some(waitsForRunner)) return;
    let entry = this.byScope.get(scope.key);
    if (!entry || Date.now() - entry.at > SIGHT_TTL_MS) {
      entry = { at: Date.now(), sight: readSight(scope, signal) };
      this.byScope.set(scope.key, entry);
    }
    const sight = await entry.sight;
    // An abandoned reading (another repository, a reload) is not kept: the next list asks again.
    if (signal.aborted && this.byScope.get(scope.key) === entry) this.byScope.delete(scope.key);
    else this.settled.set(scope.key, sight);
  }
}

async function readSight(scope: ViewScope, signal: AbortSignal): Promise<RunnerSight | undefined> {
  const { client, params, account } = scope;
  const opts = { signal };
  // The owner's runners: the organization's, or the signed-in user's own when the repository is theirs.
  const ownerList: Promise<Page<ActionRunner>> =
    params.owner.toLowerCase() === account.username.toLowerCase() ? client.getUserRunners({}, opts) : client.getOrgRunners({ org: params.owner }, opts);
  const [repo, owner, instance] = await Promise.allSettled([client.getRepoRunners(params, opts), ownerList, client.getAdminRunners({}, opts)]);
  // expected: a list the account may not read (403) or a server without it (404) is left out.
  const read = [repo, owner, instance].filter((r): r is PromiseFulfilledResult<Page<ActionRunner>> => r.status === 'fulfilled');
  if (read.length === 0) return undefined;
  return { runners: read.flatMap((r) => r.value.items), instanceWide: instance.status === 'fulfilled' };
}
