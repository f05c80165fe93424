// The link to the active editor's line or selection on Gitea: at HEAD's commit when the server has that commit,
// else (after saying so) the branch's link on the server. The repository and remote are the file's clone as the
// repository context detected it (gitea.preferredRemotes picks among several remotes); when the commit is not there
// but the branch's upstream is another Gitea repository of the clone (the fork it was pushed to), that one.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isGiteaError } from '../../api/errorKind';
import { resolveTarget } from '../../core/target';
import type { RepoRef, Services } from '../../core/services';
import { gitArgs, isFullSha } from '../../git/gitCommands';
import { GitUnavailableError, runGit } from '../../git/gitProcess';
import { clonedRepository, type ClonedRepository } from '../../git/gitRepositories';
import { messageOf } from '../../shared/errors';
import { instanceLabel } from '../../shared/instanceUrl';
import { refNameProblem } from '../../shared/refName';
import { sourceLink } from '../../shared/sourceLink';
import { inertText } from '../../shared/untrustedText';

export interface LineLink {
  readonly url: string;
  readonly repo: RepoRef;
  /** `commit`: a permalink; `branch`: the commit is not on the server, the branch's link instead. */
  readonly kind: 'commit' | 'branch';
}

/** 1-based first and last line of the selection (the cursor's line when empty; a selection ending at column 0 of a
 * line leaves that line out). */
export function selectedLines(selection: vscode.Selection): { start: number; end: number } {
  if (selection.isEmpty) return { start: selection.active.line + 1, end: selection.active.line + 1 };
  const last = selection.end.character === 0 && selection.end.line > selection.start.line ? selection.end.line - 1 : selection.end.line;
  return { start: selection.start.line + 1, end: last + 1 };
}

type OnServer = 'yes' | 'no' | 'unknown';

/** Whether the server has `sha`: a remote-tracking branch of the remote holds it (no request), else the server says. */
async function commitOnServer(services: Services, repo: RepoRef, cloned: ClonedRepository, sha: string): Promise<OnServer> {
  const remote = repo.remoteName;
  if (remote && !refNameProblem(remote)) {
    const local = await runGit(gitArgs.remoteBranchContaining(remote, sha), { cwd: repo.rootUri!.fsPath, git: cloned.gitPath });
    if (local.code === 0 && local.stdout.trim() !== '') return 'yes';
  }
  const resolved = await resolveTarget(services, repo);
  if (resolved.kind !== 'ready') return 'no';
  try {
    await resolved.target.client.repoGetSingleCommit({ owner: repo.owner, repo: repo.repo, sha, stat: false, verification: false, files: false });
    return 'yes';
  } catch (e) {
    if (isGiteaError(e) && e.kind === 'notFound') return 'no';
    services.log.warn(`Share a line: could not ask ${repo.instanceUrl} for commit ${sha}: ${messageOf(e)}`);
    return 'unknown';
  }
}

/** The clone's Gitea repository behind `remote` (another remote of the same clone, on an instance of an account). */
function upstreamRepoOf(services: Services, repo: RepoRef, remote: string): RepoRef | undefined {
  const root = repo.rootUri?.toString();
  return services.repos.allRemotes.find((r) => r.remoteName === remote && r.rootUri?.toString() === root);
}

/** The link for the active editor, or undefined after telling the user why there is none. `line`: that line (1-based)
 * instead of the selection (the line numbers' menu). */
export async function lineLinkOfActiveEditor(services: Services, line?: number): Promise<LineLink | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a file of a Gitea repository first.'));
    return undefined;
  }
  const uri = editor.document.uri;
  let repo = uri.scheme === 'file' ? services.repos.repoForUri(uri) : undefined;
  if (!repo?.rootUri) {
    void vscode.window.showInformationMessage(vscode.l10n.t('This file is not inside a Gitea repository of the workspace.'));
    return undefined;
  }
  let cloned: ClonedRepository | undefined;
  try {
    cloned = await clonedRepository(repo.rootUri);
  } catch (e) {
    if (!(e instanceof GitUnavailableError)) throw e;
    void vscode.window.showWarningMessage(inertText(e.message));
    return undefined;
  }
  const head = cloned?.repository.state.HEAD;
  const sha = head?.commit;
  if (!cloned || !sha || !isFullSha(sha)) {
    void vscode.window.showInformationMessage(vscode.l10n.t('This repository has no commit yet: there is nothing to link to.'));
    return undefined;
  }
  const relative = path.relative(repo.rootUri.fsPath, uri.fsPath).split(path.sep).join('/');
  const { start, end } = line ? { start: line, end: line } : selectedLines(editor.selection);
  // The preferred remote's repository first (what colleagues read), then the fork the branch was pushed to.
  const upstreamRepo = head?.upstream && head.upstream.remote !== repo.remoteName ? upstreamRepoOf(services, repo, head.upstream.remote) : undefined;
  for (const candidate of upstreamRepo ? [repo, upstreamRepo] : [repo]) {
    const onServer = await commitOnServer(services, candidate, cloned, sha);
    if (onServer !== 'no') return { url: sourceLink(candidate.instanceUrl, candidate.owner, candidate.repo, { commit: sha }, relative, start, end), repo: candidate, kind: 'commit' };
  }

  // The branch as the server has it: its upstream (on the repository's remote or the fork's), else the branch of the
  // same name on the repository.
  const onUpstream = head?.upstream && (head.upstream.remote === repo.remoteName || upstreamRepo);
  const branch = onUpstream ? head.upstream!.name : head?.name;
  if (upstreamRepo && onUpstream) repo = upstreamRepo;
  const where = instanceLabel(repo.instanceUrl);
  if (!branch || refNameProblem(branch)) {
    void vscode.window.showWarningMessage(inertText(vscode.l10n.t('The commit {0} is not on {1}: push it first, then share the line.', sha.slice(0, 10), where)));
    return undefined;
  }
  const useBranch = vscode.l10n.t('Use the Branch Link');
  const answer = await vscode.window.showWarningMessage(
    inertText(vscode.l10n.t('The commit {0} is not on {1} yet, so its permalink would not open. Use the link to the branch {2} instead? It shows the branch as the server has it now.', sha.slice(0, 10), where, branch)),
    useBranch,
  );
  if (answer !== useBranch) return undefined;
  return { url: sourceLink(repo.instanceUrl, repo.owner, repo.repo, { branch }, relative, start, end), repo, kind: 'branch' };
}
