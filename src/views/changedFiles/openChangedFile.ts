// `gitea.openChangedFile(ref, prIndex, file)`: VS Code's diff editor between the file at the pull request's
// merge base and at its head. Added files are compared with an empty left side, deleted ones with an empty
// right side, renamed ones use the previous name on the left. Both sides are read-only `gitea-file:` documents.
import * as vscode from 'vscode';
import type { PullRequest } from '../../api';
import type { RepoRef, Services } from '../../core/services';
import { COMMAND } from '../../core/commandIds';
import { messageOf, showFailure } from '../../core/errors';
import { repoRefFrom } from '../../core/target';
import { targetOrSignIn } from '../../core/targetOrSignIn';
import { fileUri } from './fileDocuments';
import type { ChangedFileLike } from './model';
import { isRepoPath } from '../../shared/repoPath';
import { settledWithin } from '../../shared/settledWithin';
import { inertText } from '../../shared/untrustedText';


/** Pull requests (for their SHAs) are kept a minute: clicking through files should not refetch each time. */
const PR_TTL_MS = 60_000;

export interface DiffSides {
  readonly left: vscode.Uri;
  readonly right: vscode.Uri;
  readonly title: string;
}

export class PullRequestShas {
  private readonly cache = new Map<string, { at: number; pr: Promise<PullRequest> }>();

  constructor(private readonly services: Services) {}

  /** The pull request (fetched at most once a minute per repository and index). */
  async get(ref: RepoRef, index: number): Promise<PullRequest | undefined> {
    const key = `${ref.instanceUrl}|${ref.owner}/${ref.repo}#${index}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < PR_TTL_MS) return hit.pr;
    const target = await targetOrSignIn(this.services, ref);
    if (!target) return undefined;
    const pr = target.client.repoGetPullRequest({ owner: ref.owner, repo: ref.repo, index });
    this.cache.set(key, { at: Date.now(), pr });
    // expected: the failure reaches the caller through `pr`; here it only stops being cached.
    pr.catch(() => this.cache.delete(key));
    return pr;
  }

  /** Forget a pull request (after a reload of its files, its head may have moved). */
  forget(ref: RepoRef, index: number): void {
    this.cache.delete(`${ref.instanceUrl}|${ref.owner}/${ref.repo}#${index}`);
  }
}

/** The two sides and the title of a changed file's diff. */
export function diffSides(ref: RepoRef, pr: PullRequest, file: ChangedFileLike): DiffSides {
  const base = pr.merge_base || pr.base?.sha || undefined;
  const head = pr.head?.sha || undefined;
  const at = (path: string, sha: string | undefined, side: 'old' | 'new') =>
    fileUri({ instanceUrl: ref.instanceUrl, owner: ref.owner, repo: ref.repo, path, ref: sha }, { pull: pr.number, side, filename: file.filename });
  const leftPath = file.status === 'renamed' && file.previous_filename ? file.previous_filename : file.filename;
  const left = at(leftPath, file.status === 'added' ? undefined : base, 'old');
  const right = at(file.filename, file.status === 'deleted' ? undefined : head, 'new');
  const name = leftPath !== file.filename ? `${leftPath} → ${file.filename}` : file.filename;
  return { left, right, title: `${name} (#${pr.number})` };
}

function changedFileFrom(value: unknown): ChangedFileLike | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const f = value as Record<string, unknown>;
  return typeof f.filename === 'string' ? (f as unknown as ChangedFileLike) : undefined;
}

/** A changed file as a command names it. */
interface ChangedFileTarget {
  readonly ref: RepoRef;
  readonly index: number;
  readonly file: ChangedFileLike;
  /** The pull request when the caller already has it (its SHAs are used as they are). */
  readonly pull?: PullRequest;
}

/**
 * `(ref, prIndex, file)` (the contract of the Pull Requests view and this feature's own view), or the Pull
 * Requests view's node data `{ kind: 'changedFile', owner, repo, index, file, pull }` of the active repository.
 */
export function changedFileTarget(services: Services, a: unknown, b: unknown, c: unknown): ChangedFileTarget | undefined {
  const ref = repoRefFrom(a);
  const file = changedFileFrom(c);
  if (ref && typeof b === 'number' && file) return { ref, index: b, file };
  if (typeof a !== 'object' || a === null) return undefined;
  const data = a as { kind?: unknown; owner?: unknown; repo?: unknown; index?: unknown; file?: unknown; pull?: unknown };
  const active = services.repos.active;
  const dataFile = changedFileFrom(data.file);
  if (data.kind !== 'changedFile' || !active || typeof data.owner !== 'string' || typeof data.repo !== 'string' || typeof data.index !== 'number' || !dataFile) {
    return undefined;
  }
  const pull = typeof data.pull === 'object' && data.pull !== null ? (data.pull as PullRequest) : undefined;
  return { ref: { instanceUrl: active.instanceUrl, accountId: active.accountId, owner: data.owner, repo: data.repo }, index: data.index, file: dataFile, pull };
}

/** Told about each diff that opens (the review threads attach to its documents); settles when its threads are drawn. */
export type DiffOpened = (pull: { repo: RepoRef; index: number }, headSha: string, file: ChangedFileLike, sides: DiffSides) => Promise<unknown> | void;

/**
 * How long a diff waits for its review threads before it opens without them. VS Code draws the threads that exist
 * when an editor opens with its first layout; a thread added later waits for the editor's comment query and for its
 * state, which VS Code sends 100 ms after a thread is made, and then pushes the lines down as it appears. The sides'
 * texts load meanwhile, so the wait is mostly hidden behind them.
 */
export const THREADS_WAIT_MS = 400;

export function registerOpenChangedFile(services: Services, shas: PullRequestShas, onOpened?: DiffOpened): vscode.Disposable {
  const open = async (a: unknown, b: unknown, c: unknown): Promise<DiffSides | undefined> => {
    const target = changedFileTarget(services, a, b, c);
    if (!target) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Open a changed file from the Pull Requests or Changed Files view.'));
      return undefined;
    }
    const { ref, index, file } = target;
    const badPath = [file.filename, ...(file.previous_filename ? [file.previous_filename] : [])].find((p) => !isRepoPath(p));
    if (badPath !== undefined) {
      // The path would go into the instance's raw-file request: `..` climbs out of the repository's API path.
      void vscode.window.showErrorMessage(vscode.l10n.t('"{0}" is not a plain path of the repository: it is not opened.', inertText(badPath)));
      return undefined;
    }
    try {
      const pr = target.pull?.head?.sha ? target.pull : await shas.get(ref, index);
      if (!pr) return undefined;
      if (!pr.head?.sha) throw new Error(vscode.l10n.t('the server did not send the head commit of #{0}', index));
      const sides = diffSides(ref, pr, file);
      // Before the editor opens: its documents must be known when VS Code asks for their commenting ranges.
      const drawn = onOpened?.({ repo: ref, index }, pr.head.sha, file, sides);
      if (drawn) {
        // The sides load while the threads do.
        for (const side of [sides.left, sides.right]) {
          // expected: a side that fails to load here fails again, and is shown, as the diff opens.
          void vscode.workspace.openTextDocument(side).then(undefined, () => undefined);
        }
        await settledWithin(drawn, THREADS_WAIT_MS);
      }
      await vscode.commands.executeCommand('vscode.diff', sides.left, sides.right, sides.title, { preview: true });
      return sides;
    } catch (e) {
      showFailure(services, vscode.l10n.t('Could not open {0}', file.filename), e);
      services.log.debug(`openChangedFile: ${messageOf(e)}`);
      return undefined;
    }
  };
  return vscode.Disposable.from(
    vscode.commands.registerCommand(COMMAND.openChangedFile, open),
    // The Pull Requests view forwards its file clicks here, with its node data.
    vscode.commands.registerCommand(COMMAND.openChangedFileDiff, (data: unknown) => open(data, undefined, undefined)),
  );
}
