// CI failures where the code is: the file locations a failed job's log names become diagnostics in the Problems
// view (source "Gitea CI: <workflow>/<job>"), each pointing back at its log line; the log document links those lines
// to the files. Diagnostics are kept per job and cleared when their run passes (a re-run, seen by CI Jobs' loads)
// or when the user clears them. Only files of the repository's clone in the workspace that exist are named.
import * as vscode from 'vscode';
import { signalOf } from '../../core/errors';
import type { Services } from '../../core/services';
import { parseLogProblemsInSlices, type LogProblem } from '../../shared/ciLogProblems';
import { stateOf } from '../ciRunModel';
import type { RunsLoaded } from '../ciJobsView';
import { LOG_SCHEME, parseLogUri, type JobLogProvider } from '../jobLog';

export const CI_PROBLEMS_CONTEXT = 'gitea.ciProblems';

/** What names a job's log and its problems (from the log document's URI). */
export interface JobLogRef {
  readonly uri: vscode.Uri;
  readonly accountId: string;
  readonly owner: string;
  readonly repo: string;
  readonly jobId: number;
  readonly jobName: string;
  readonly runId?: number;
  readonly sha?: string;
  readonly workflow?: string;
}

export function jobLogRef(uri: vscode.Uri): JobLogRef | undefined {
  if (uri.scheme !== LOG_SCHEME) return undefined;
  const parsed = parseLogUri(uri);
  if (!parsed) return undefined;
  const q = new URLSearchParams(uri.query);
  const run = Number(q.get('run'));
  return {
    uri,
    ...parsed,
    jobName: q.get('name') || String(parsed.jobId),
    ...(Number.isInteger(run) && run > 0 ? { runId: run } : {}),
    ...(q.get('sha') ? { sha: q.get('sha')! } : {}),
    ...(q.get('workflow') ? { workflow: q.get('workflow')! } : {}),
  };
}

interface JobProblems {
  /** `account|owner/repo#run`, to clear them when the run passes. */
  readonly runKey: string | undefined;
  readonly byFile: Map<string, { uri: vscode.Uri; diagnostics: vscode.Diagnostic[] }>;
}

export interface PublishedProblems {
  readonly problems: number;
  readonly files: number;
  readonly truncated: boolean;
}

export class CiProblems implements vscode.Disposable, vscode.DocumentLinkProvider {
  private readonly collection = vscode.languages.createDiagnosticCollection('gitea-ci');
  /** By `account|owner/repo#job`. */
  private readonly jobs = new Map<string, JobProblems>();
  private readonly links = new Map<string, { version: number; links: vscode.DocumentLink[] }>();

  constructor(
    private readonly services: Services,
    private readonly logs: JobLogProvider,
  ) {}

  /** The repository's clone in the workspace (the one of the log's instance), if any. */
  rootOf(ref: Pick<JobLogRef, 'accountId' | 'owner' | 'repo'>): vscode.Uri | undefined {
    const instance = this.services.accounts.accounts.find((a) => a.id === ref.accountId)?.instanceUrl;
    const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    return this.services.repos.detected.find(
      (r) => r.rootUri && same(r.owner, ref.owner) && same(r.repo, ref.repo) && (!instance || r.instanceUrl === instance),
    )?.rootUri;
  }

  /** Parses the log (its parts, in slices) and shows its problems (replacing that job's earlier ones). */
  async publish(ref: JobLogRef, parts: Iterable<string>, root: vscode.Uri, signal?: AbortSignal): Promise<PublishedProblems> {
    const { problems, truncated } = await parseLogProblemsInSlices(parts, { owner: ref.owner, repo: ref.repo }, signal);
    const source = vscode.l10n.t('Gitea CI: {0}', `${ref.workflow ? `${ref.workflow}/` : ''}${ref.jobName}`);
    const byFile = new Map<string, { uri: vscode.Uri; diagnostics: vscode.Diagnostic[] }>();
    const existing = new Map<string, boolean>();
    for (const p of problems) {
      if (!existing.has(p.path)) existing.set(p.path, await isFile(vscode.Uri.joinPath(root, p.path)));
      if (!existing.get(p.path)) continue;
      const uri = vscode.Uri.joinPath(root, p.path);
      const entry = byFile.get(uri.toString()) ?? { uri, diagnostics: [] };
      entry.diagnostics.push(this.diagnostic(ref, p, source));
      byFile.set(uri.toString(), entry);
    }
    const jobKey = `${ref.accountId}|${ref.owner}/${ref.repo}#job${ref.jobId}`;
    this.jobs.set(jobKey, { runKey: ref.runId !== undefined ? runKey(ref.accountId, ref.owner, ref.repo, ref.runId) : undefined, byFile });
    this.render();
    return { problems: [...byFile.values()].reduce((n, f) => n + f.diagnostics.length, 0), files: byFile.size, truncated };
  }

  private diagnostic(ref: JobLogRef, p: LogProblem, source: string): vscode.Diagnostic {
    const at = new vscode.Position(p.line - 1, Math.max(0, (p.column ?? 1) - 1));
    const severity =
      p.severity === 'warning' ? vscode.DiagnosticSeverity.Warning : p.severity === 'info' ? vscode.DiagnosticSeverity.Information : vscode.DiagnosticSeverity.Error;
    const d = new vscode.Diagnostic(new vscode.Range(at, at), p.message || vscode.l10n.t('Failed in CI'), severity);
    d.source = source;
    if (p.code) d.code = p.code;
    const logLine = new vscode.Range(p.logLine, p.logColumn, p.logLine, p.logColumn);
    const commit = ref.sha ? vscode.l10n.t('the log of {0} at {1}', ref.jobName, ref.sha.slice(0, 10)) : vscode.l10n.t('the log of {0}', ref.jobName);
    d.relatedInformation = [new vscode.DiagnosticRelatedInformation(new vscode.Location(ref.uri, logLine), commit)];
    return d;
  }

  /** Clears the problems of the runs that passed (CI Jobs loaded them; a re-run that passed clears them). */
  onRunsLoaded(loaded: RunsLoaded): void {
    const passed = new Set(loaded.runs.filter((r) => stateOf(r) === 'success').map((r) => `${loaded.scopeKey}#run${r.id}`));
    let changed = false;
    for (const [key, job] of this.jobs) if (job.runKey && passed.has(job.runKey)) changed = this.jobs.delete(key) || changed;
    if (changed) this.render();
  }

  clear(): void {
    this.jobs.clear();
    this.render();
  }

  get count(): number {
    let n = 0;
    for (const job of this.jobs.values()) for (const f of job.byFile.values()) n += f.diagnostics.length;
    return n;
  }

  private render(): void {
    const merged = new Map<string, { uri: vscode.Uri; diagnostics: vscode.Diagnostic[] }>();
    for (const job of this.jobs.values()) {
      for (const [key, f] of job.byFile) {
        const entry = merged.get(key) ?? { uri: f.uri, diagnostics: [] };
        for (const d of f.diagnostics) entry.diagnostics.push(d); // no spread: any number of problems
        merged.set(key, entry);
      }
    }
    this.collection.clear();
    for (const f of merged.values()) this.collection.set(f.uri, f.diagnostics);
    void vscode.commands.executeCommand('setContext', CI_PROBLEMS_CONTEXT, merged.size > 0);
  }

  /** The log's lines that name a file of the repository's clone link to that place. */
  async provideDocumentLinks(doc: vscode.TextDocument, token?: vscode.CancellationToken): Promise<vscode.DocumentLink[]> {
    const ref = jobLogRef(doc.uri);
    const root = ref && this.rootOf(ref);
    if (!ref || !root) return [];
    const cached = this.links.get(doc.uri.toString());
    if (cached?.version === doc.version) return cached.links;
    // The raw log, whose lines are the document's (the document shows them formatted: no markers, timestamps on demand).
    const live = this.logs.log(doc.uri);
    if (!live) return [];
    const version = doc.version;
    // In slices: a 20 MB log's parse would otherwise hold the extension host for a second (#40: ≤ 50 ms a block).
    const signal = signalOf(token);
    const parsed = await parseLogProblemsInSlices(live.text.rawParts(), { owner: ref.owner, repo: ref.repo }, signal).catch((e: unknown) => {
      if (signal?.aborted) return undefined; // expected: the editor no longer wants these links (it asks again)
      throw e;
    });
    if (!parsed) return [];
    const { problems } = parsed;
    const links = problems.filter((p) => p.logLine < doc.lineCount).map((p) => {
      const line = doc.lineAt(p.logLine);
      const target = vscode.Uri.joinPath(root, p.path).with({ fragment: `L${p.line}${p.column ? `,${p.column}` : ''}` });
      const start = Math.min(this.logs.textColumn(doc.uri, p.logLine), line.text.length);
      const link = new vscode.DocumentLink(new vscode.Range(p.logLine, start, p.logLine, line.text.length), target);
      link.tooltip = vscode.l10n.t('Open {0}:{1}', p.path, p.line);
      return link;
    });
    this.links.set(doc.uri.toString(), { version, links });
    return links;
  }

  dispose(): void {
    this.collection.dispose();
    this.jobs.clear();
    this.links.clear();
  }
}

export function runKey(accountId: string, owner: string, repo: string, runId: number): string {
  return `${accountId}|${owner}/${repo}#run${runId}`;
}

async function isFile(uri: vscode.Uri): Promise<boolean> {
  try {
    return ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.File) !== 0;
  } catch {
    // expected: no such file in this clone
    return false;
  }
}
