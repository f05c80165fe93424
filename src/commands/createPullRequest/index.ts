// "Gitea: Create Pull Request…": a form for the checked-out branch of the active clone (or of `{ repo }`), its draft
// kept until the server creates the pull request and restored after a window reload.
import * as vscode from 'vscode';
import { COMMAND } from '../../core/commandIds';
import { draftState } from '../../core/durableState';
import type { RepoRef, Services } from '../../core/services';
import { repoRefFrom } from '../../core/target';
import { targetOrSignIn } from '../../core/targetOrSignIn';
import { inertText } from '../../shared/untrustedText';
import { parsePullDraft, type PullDraft } from './pullDraft';
import { pullDraftStore, type PullDraftStore } from './pullDraftStore';
import { PULL_FORM_VIEW_TYPE, PullFormPanel, type PullPanelState } from './pullFormPanel';
import { PullSession } from './pullSession';
import type { PullSubmitOutcome } from './submitPull';
import { webviewMediaRoot } from '../../core/webviewResource';

/**
 * Arguments for scripted use and tests: `{ repo?, branch?, draft?, submit? }`. `repo` names a clone (with `rootUri`);
 * `draft` fields replace the form's once it is filled; `submit: true` sends it as the button does. Resolves with the
 * form's draft and, when submitted, the outcome.
 */
interface CreatePullArgs {
  readonly repo?: unknown;
  readonly branch?: unknown;
  readonly draft?: unknown;
  readonly submit?: boolean;
}

export interface CreatePullRequestResult {
  readonly draft: PullDraft;
  readonly outcome?: PullSubmitOutcome;
}

function argsOf(value: unknown): CreatePullArgs {
  // From a view's title menu or the Source Control title, the argument is not ours.
  if (typeof value !== 'object' || value === null) return {};
  return 'draft' in value || 'submit' in value || 'branch' in value || ('repo' in value && repoRefFrom((value as { repo?: unknown }).repo))
    ? (value as CreatePullArgs)
    : {};
}

/** The clone to use: the one named, the active repository when it is a clone, else the first detected clone. */
function cloneFor(services: Services, named: RepoRef | undefined): RepoRef | undefined {
  if (named?.rootUri) return named;
  const active = services.repos.active;
  if (active?.rootUri) return active;
  return services.repos.detected.find((r) => r.rootUri);
}

async function createPullRequest(services: Services, store: PullDraftStore, arg: unknown): Promise<CreatePullRequestResult | undefined> {
  const args = argsOf(arg);
  const named = repoRefFrom(args.repo);
  const clone = cloneFor(services, named);
  if (!clone) {
    const message = services.repos.active
      ? inertText(vscode.l10n.t('{0}/{1} is not cloned in this workspace: open the clone to create a pull request from its branch.', services.repos.active.owner, services.repos.active.repo))
      : vscode.l10n.t('Open a clone of a Gitea repository to create a pull request from its branch.');
    void vscode.window.showWarningMessage(message);
    return undefined;
  }
  const target = await targetOrSignIn(services, clone);
  if (!target) return undefined;
  const session = await PullSession.start(services, target, clone, typeof args.branch === 'string' ? args.branch : undefined);
  if (typeof session === 'string') {
    // The sentence names the clone's path and branch.
    void vscode.window.showWarningMessage(inertText(session));
    return undefined;
  }
  if (args.draft !== undefined && !parsePullDraft(args.draft)) throw new Error('gitea.createPullRequest: the draft argument is not a valid pull request draft');
  const form = PullFormPanel.show(services, store, session);
  await form.ready;
  if (args.draft !== undefined) form.replaceDraft(parsePullDraft(args.draft, form.currentDraft) ?? form.currentDraft);
  const outcome = args.submit ? await form.submit() : undefined;
  return { draft: form.currentDraft, outcome };
}

/** Re-attaches a panel VS Code restored after a window reload: the same clone and branch, the kept draft. */
async function restore(services: Services, store: PullDraftStore, panel: vscode.WebviewPanel, state: unknown): Promise<void> {
  const s = state as Partial<PullPanelState> | undefined;
  const c = s?.clone;
  if (!c || typeof c.instanceUrl !== 'string' || typeof c.owner !== 'string' || typeof c.repo !== 'string' || typeof c.rootUri !== 'string' || typeof s?.branch !== 'string') {
    panel.dispose();
    return;
  }
  const clone: RepoRef = { instanceUrl: c.instanceUrl, owner: c.owner, repo: c.repo, rootUri: vscode.Uri.parse(c.rootUri), remoteName: c.remoteName, accountId: c.accountId };
  const target = await targetOrSignIn(services, clone);
  const session = target && (await PullSession.start(services, target, clone, s.branch));
  if (!session || typeof session === 'string') {
    if (session) services.log.warn(`Create Pull Request form not restored: ${session}`);
    panel.dispose();
    return;
  }
  panel.webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: [webviewMediaRoot(services.context.extensionUri)] };
  new PullFormPanel(services, store, session, panel);
}

export function registerCreatePullRequest(services: Services): vscode.Disposable {
  const store = pullDraftStore(draftState(services.context, 'createPullRequest'));
  return vscode.Disposable.from(
    vscode.commands.registerCommand(COMMAND.createPullRequest, (arg?: unknown) => createPullRequest(services, store, arg)),
    vscode.window.registerWebviewPanelSerializer(PULL_FORM_VIEW_TYPE, { deserializeWebviewPanel: (panel, state) => restore(services, store, panel, state) }),
    new vscode.Disposable(() => void store.flushAll()),
  );
}
