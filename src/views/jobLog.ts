// "Show Log": a job's log in a read-only editor. Documents of the `gitea-log:` scheme come from a
// TextDocumentContentProvider (so the editor cannot save them); the text is fetched with the client's job-logs
// method (downloadActionsRunJobLogs). A job no runner has picked up answers 404 "job not started".
import * as vscode from 'vscode';
import { isGiteaError } from '../api/errorKind';
import type { Services } from '../core/services';
import type { JobData } from './ciJobsView';
import { errorMessage, type TreeNode } from './treeNode';
import { inertText } from '../shared/untrustedText';

export const LOG_SCHEME = 'gitea-log';

/** `gitea-log:/owner/repo/job-<id>.log?account=<account id>&job=<id>` (+ `run`, `sha`, `workflow` when known, which
 * name the log's CI problems): the name ends in .log for the Log language. */
export function logUri(
  d: Pick<JobData, 'accountId' | 'owner' | 'repo'> & { jobId: number; jobName?: string; runId?: number; sha?: string; workflow?: string },
): vscode.Uri {
  const name = (d.jobName ?? 'job').replace(/[^\w.-]+/g, '-').slice(0, 60);
  const query = new URLSearchParams({ account: d.accountId, job: String(d.jobId) });
  if (d.runId !== undefined) query.set('run', String(d.runId));
  if (d.sha) query.set('sha', d.sha);
  if (d.workflow) query.set('workflow', d.workflow);
  if (d.jobName) query.set('name', d.jobName);
  return vscode.Uri.from({ scheme: LOG_SCHEME, path: `/${d.owner}/${d.repo}/${name}-${d.jobId}.log`, query: query.toString() });
}

export class JobLogProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;
  /** Fetched text by URI, so that opening a log costs one request and reopening none. */
  private readonly texts = new Map<string, string>();

  constructor(private readonly services: Services) {}

  /** Fetches the log; rejects with the client's error (404 = not started). */
  async fetch(uri: vscode.Uri, signal?: AbortSignal): Promise<string> {
    const parsed = parseLogUri(uri);
    if (!parsed) throw new Error(vscode.l10n.t('Not a job log: {0}', uri.toString()));
    const client = await this.services.accounts.getClient(parsed.accountId);
    const text = await client.downloadActionsRunJobLogs({ owner: parsed.owner, repo: parsed.repo, job_id: parsed.jobId }, { signal });
    this.texts.set(uri.toString(), text);
    this.emitter.fire(uri);
    return text;
  }

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const cached = this.texts.get(uri.toString());
    if (cached !== undefined) return cached;
    const controller = new AbortController();
    const sub = token.onCancellationRequested(() => controller.abort());
    try {
      return await this.fetch(uri, controller.signal);
    } catch (e) {
      return notStarted(e) ? vscode.l10n.t('This job has not started yet, so it has no log.') : errorMessage(e);
    } finally {
      sub.dispose();
    }
  }

  dispose(): void {
    this.emitter.dispose();
    this.texts.clear();
  }
}

export function parseLogUri(uri: vscode.Uri): { accountId: string; owner: string; repo: string; jobId: number } | undefined {
  const m = /^\/([^/]+)\/([^/]+)\//.exec(uri.path);
  const q = new URLSearchParams(uri.query);
  const accountId = q.get('account');
  const jobId = Number(q.get('job'));
  if (!m || !accountId || !Number.isInteger(jobId)) return undefined;
  return { accountId, owner: m[1]!, repo: m[2]!, jobId };
}

function notStarted(e: unknown): boolean {
  return isGiteaError(e) && e.kind === 'notFound';
}

/** The "Show Log" command: fetches first (so "not started" is a message, not an empty editor), then opens. */
/** The log document of a job row's data (Show Log, Show Failures in Problems). */
export function jobLogUri(data: JobData): vscode.Uri {
  return logUri({
    accountId: data.accountId,
    owner: data.owner,
    repo: data.repo,
    jobId: data.job.id,
    jobName: data.job.name ?? undefined,
    runId: data.job.run_id,
    sha: data.job.head_sha,
    workflow: data.workflow,
  });
}

export async function showJobLog(provider: JobLogProvider, node: TreeNode | undefined): Promise<vscode.TextEditor | undefined> {
  const data = node?.data as JobData | undefined;
  if (data?.kind !== 'ciJob') return undefined;
  const uri = jobLogUri(data);
  try {
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Fetching the log of {0}…', inertText(data.job.name ?? String(data.job.id))), cancellable: true },
      (_p, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        return provider.fetch(uri, controller.signal);
      },
    );
  } catch (e) {
    if (notStarted(e)) {
      void vscode.window.showInformationMessage(vscode.l10n.t('The job "{0}" has not started yet, so it has no log.', inertText(data.job.name ?? String(data.job.id))));
    } else if (!(isGiteaError(e) && e.kind === 'cancelled')) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not fetch the log: {0}', errorMessage(e)));
    }
    return undefined;
  }
  let doc = await vscode.workspace.openTextDocument(uri);
  if (doc.languageId !== 'log') doc = await vscode.languages.setTextDocumentLanguage(doc, 'log');
  return vscode.window.showTextDocument(doc, { preview: true });
}
