// "Gitea: Create Issue" and "Gitea: Create Issue from Selection": the form for every field of the
// create-issue body, its draft kept until the server creates the issue, and its restoration after a reload.
import { inertText } from '../../shared/untrustedText';
import * as vscode from 'vscode';
import * as path from 'node:path';
import { gitArgs } from '../../git/gitCommands';
import { GitUnavailableError, runGit } from '../../git/gitProcess';
import { gitApi, gitExecutable } from '../../git/gitRepositories';
import type { RepoRef, Services } from '../../core/services';
import { repoRefFrom } from '../../core/target';
import { targetOrSignIn } from '../../core/targetOrSignIn';
import { draftState } from '../../core/durableState';
import { issueDraftStore, type IssueDraftStore } from './draftStore';
import { parseDraft, type IssueDraft } from './issueDraft';
import { IssueFormPanel, VIEW_TYPE } from './issueFormPanel';
import { selectionIssueBody } from './permalink';
import { buildPermalink } from '../../shared/sourceLink';
import type { SubmitOutcome } from './submitIssue';
import { COMMAND } from '../../core/commandIds';

export const CREATE_ISSUE = COMMAND.createIssue;
export const CREATE_ISSUE_FROM_SELECTION = 'gitea.createIssueFromSelection';

/**
 * Arguments for scripted use and tests: `{ repo?, draft?, submit? }`. `draft` fields replace the form's;
 * `submit: true` sends the form as if the button was pressed. Resolves with the form's draft and, when
 * submitted, the outcome.
 */
interface CreateArgs {
  readonly repo?: unknown;
  readonly draft?: unknown;
  readonly submit?: boolean;
}

export interface CreateIssueResult {
  readonly draft: IssueDraft;
  readonly outcome?: SubmitOutcome;
}

function argsOf(value: unknown): CreateArgs {
  // Called from a view's title menu, the argument is not ours: ignore it.
  return typeof value === 'object' && value !== null && ('draft' in value || 'submit' in value || 'repo' in value) ? (value as CreateArgs) : {};
}

async function createIssue(services: Services, store: IssueDraftStore, arg: unknown): Promise<CreateIssueResult | undefined> {
  const args = argsOf(arg);
  // A repository named in the arguments is resolved by the form when it needs its client; the active one is
  // resolved here (to tell the user when there is none) and handed over, so that nothing is resolved twice.
  const named = repoRefFrom(args.repo);
  const target = named ? undefined : await targetOrSignIn(services);
  const repo = named ?? target?.repo;
  if (!repo) return undefined;
  const fields = args.draft === undefined ? undefined : parseDraft(args.draft);
  if (args.draft !== undefined && !fields) throw new Error('gitea.createIssue: the draft argument is not a valid issue draft');
  const form = IssueFormPanel.show(services, store, repo, fields && ((current) => parseDraft(args.draft, current) ?? current), target);
  const outcome = args.submit ? await form.submit() : undefined;
  return { draft: form.currentDraft, outcome };
}

/** The body for the selection of the active editor: permalink at HEAD and the code. */
async function selectionPrefill(services: Services): Promise<{ repo: RepoRef; body: string } | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Select some code in an editor first.'));
    return undefined;
  }
  const repo = editor.document.uri.scheme === 'file' ? services.repos.repoForUri(editor.document.uri) : undefined;
  if (!repo?.rootUri) {
    void vscode.window.showInformationMessage(vscode.l10n.t('This file is not inside a Gitea repository of the workspace.'));
    return undefined;
  }
  let git: string;
  try {
    git = await gitExecutable(await gitApi());
  } catch (e) {
    if (!(e instanceof GitUnavailableError)) throw e;
    void vscode.window.showWarningMessage(inertText(e.message));
    return undefined;
  }
  const head = await runGit(gitArgs.headCommit(), { cwd: repo.rootUri.fsPath, git });
  const sha = head.stdout.trim();
  const relative = path.relative(repo.rootUri.fsPath, editor.document.uri.fsPath).split(path.sep).join('/');
  const selection = editor.selection;
  // A selection that ends at column 0 of a line does not include that line.
  const lastLine = selection.end.character === 0 && selection.end.line > selection.start.line ? selection.end.line - 1 : selection.end.line;
  const range = selection.isEmpty ? editor.document.lineAt(selection.active.line).range : selection;
  const code = editor.document.getText(range);
  const startLine = (selection.isEmpty ? selection.active.line : selection.start.line) + 1;
  const endLine = (selection.isEmpty ? selection.active.line : lastLine) + 1;
  const link =
    head.code === 0 && /^[0-9a-f]{40,64}$/.test(sha)
      ? buildPermalink(repo.instanceUrl, repo.owner, repo.repo, sha, relative, startLine, endLine)
      : `${relative}#L${startLine}-L${endLine}`;
  return { repo, body: selectionIssueBody(link, code, editor.document.languageId) };
}

async function createIssueFromSelection(services: Services, store: IssueDraftStore): Promise<CreateIssueResult | undefined> {
  const prefill = await selectionPrefill(services);
  if (!prefill) return undefined;
  // Appended to a kept draft, never replacing a word of it.
  const form = IssueFormPanel.show(services, store, prefill.repo, (current) => ({
    ...current,
    body: current.body.trim() === '' ? prefill.body : current.body.includes(prefill.body) ? current.body : `${current.body.trimEnd()}\n\n${prefill.body}`,
  }));
  return { draft: form.currentDraft };
}

export function registerCreateIssue(services: Services): vscode.Disposable {
  // Earlier versions kept drafts in workspaceState: still read there until rewritten.
  const store = issueDraftStore(draftState(services.context, 'createIssue', services.context.workspaceState));
  return vscode.Disposable.from(
    vscode.commands.registerCommand(CREATE_ISSUE, (arg?: unknown) => createIssue(services, store, arg)),
    vscode.commands.registerCommand(CREATE_ISSUE_FROM_SELECTION, () => createIssueFromSelection(services, store)),
    vscode.window.registerWebviewPanelSerializer(VIEW_TYPE, {
      deserializeWebviewPanel: (panel, state) => Promise.resolve(IssueFormPanel.restore(services, store, panel, state)),
    }),
    new vscode.Disposable(() => void store.flushAll()),
  );
}
