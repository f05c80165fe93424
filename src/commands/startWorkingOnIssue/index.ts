// "Gitea: Start Working on Issue…": from an issue row, the issue page (`{ repo, number }`) or the palette (an open
// issue of the active repository, picked or typed), a branch for the issue in the repository's clone. Resolves to
// the result (the in-host tests read it); failures are shown and logged.
import * as vscode from 'vscode';
import type { Issue } from '../../api';
import { COMMAND } from '../../core/commandIds';
import { isCancellation, messageOf, showFailure } from '../../core/errors';
import type { RepoRef, Services } from '../../core/services';
import { askOpenIssue } from '../../core/issuePick';
import { repoRefFrom } from '../../core/target';
import { targetOrSignIn } from '../../core/targetOrSignIn';
import { inertText, inertOptional } from '../../shared/untrustedText';
import { startWorking, type StartOptions, type StartResult } from './startWorking';

interface IssueArg {
  readonly repo?: RepoRef;
  readonly number: number;
  readonly options: StartOptions;
}

/** `{ repo?, number | index, branch?, changes?, assign? }`, or an Issues view row (its data is the issue). */
function issueArg(arg: unknown, active: RepoRef | undefined): IssueArg | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const o = arg as Record<string, unknown>;
  const number = typeof o.number === 'number' ? o.number : typeof o.index === 'number' ? o.index : undefined;
  const options: StartOptions = {
    branch: typeof o.branch === 'string' ? o.branch : undefined,
    changes: o.changes === 'carry' || o.changes === 'stash' ? o.changes : undefined,
    assign: typeof o.assign === 'boolean' ? o.assign : undefined,
  };
  if (number !== undefined && Number.isSafeInteger(number) && number > 0) {
    const named = repoRefFrom(o.repo);
    // An issue of the list (Issue JSON) names its repository; the row's list is of the active repository's instance.
    const meta = o.repository as { owner?: unknown; name?: unknown } | undefined;
    const fromMeta = !named && active && typeof meta?.owner === 'string' && typeof meta.name === 'string' ? { ...active, owner: meta.owner, repo: meta.name } : undefined;
    return { repo: named ?? fromMeta, number, options };
  }
  const data = (o.options as { data?: unknown } | undefined)?.data ?? o.data;
  return data !== undefined && data !== arg ? issueArg(data, active) : undefined;
}

/** The clone of `repo` in the workspace: `repo` itself when it names one, else a detected clone of it. */
function cloneOf(services: Services, repo: RepoRef): RepoRef | undefined {
  if (repo.rootUri && repo.remoteName) return repo;
  const same = (r: RepoRef): boolean =>
    r.instanceUrl === repo.instanceUrl && r.owner.toLowerCase() === repo.owner.toLowerCase() && r.repo.toLowerCase() === repo.repo.toLowerCase();
  const active = services.repos.active;
  return active && same(active) && active.rootUri ? active : services.repos.detected.find((r) => same(r) && r.rootUri && r.remoteName);
}

/** An open issue of the active repository, picked from the list or typed as `12` / `#12`. */
async function pickIssue(services: Services): Promise<IssueArg | undefined> {
  const target = await targetOrSignIn(services);
  if (!target) return undefined;
  const number = await askOpenIssue(target, {
    title: vscode.l10n.t('Start Working on an Issue of {0}/{1}', target.repo.owner, target.repo.repo),
    describe: (i: Issue) => inertOptional(i.labels.map((l) => l.name).join(', ') || undefined),
  });
  return number === undefined ? undefined : { repo: target.repo, number, options: {} };
}

async function run(services: Services, arg: unknown): Promise<StartResult> {
  const chosen = issueArg(arg, services.repos.active) ?? (await pickIssue(services));
  if (!chosen) return { kind: 'cancelled' };
  const repo = chosen.repo ?? services.repos.active;
  const clone = repo && cloneOf(services, repo);
  if (!repo || !clone) {
    const message = inertText(vscode.l10n.t('{0} is not cloned in this workspace: clone it to start working on its issues.', repo ? `${repo.owner}/${repo.repo}` : vscode.l10n.t('The repository')));
    void vscode.window.showWarningMessage(message);
    return { kind: 'failed', message };
  }
  const target = await targetOrSignIn(services, { ...clone, accountId: repo.accountId ?? clone.accountId });
  if (!target) return { kind: 'cancelled' };
  try {
    const result = await startWorking(services, target, clone, chosen.number, chosen.options);
    // Its message names branches and the server's default branch.
    if (result.kind === 'failed') void vscode.window.showWarningMessage(inertText(result.message));
    return result;
  } catch (e) {
    if (isCancellation(e)) return { kind: 'cancelled' };
    const stderr = (e as { stderr?: unknown }).stderr;
    const message = typeof stderr === 'string' && stderr.trim() ? stderr.trim().split('\n').pop()! : messageOf(e);
    showFailure(services, vscode.l10n.t('Could not start working on #{0}', chosen.number), new Error(message));
    return { kind: 'failed', message };
  }
}

export function registerStartWorkingOnIssue(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(COMMAND.startWorkingOnIssue, (arg?: unknown) => run(services, arg));
}
