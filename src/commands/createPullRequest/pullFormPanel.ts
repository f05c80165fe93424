// The Create Pull Request form: one webview panel per branch of a clone. The host owns the draft (stored on every
// change), loads the session and the options, renders the Markdown preview and sends the request; the webview only
// shows and reports. Before creating: unpushed commits → Push (asked), nothing to compare → said at the base
// branch, an open pull request of the same head and base → offered instead. After creating: its page opens.
import * as vscode from 'vscode';
import type { PullRequest } from '../../api';
import { COMMAND } from '../../core/commandIds';
import { FormPreview, handleFormMessage } from '../../core/formMessages';
import { formPageHtml } from '../../core/formPage';
import { messageOf } from '../../core/errors';
import type { RepoRef, Services } from '../../core/services';
import { inertText } from '../../shared/untrustedText';
import { gitFailure, pushBranch, pushState, rememberPullRequest, type PushState } from './branchState';
import { pullFormStrings } from './formStrings';
import { emptyPullDraft, localPullProblems, parsePullDraft, wipPrefixOf, type PullDraft, type PullField } from './pullDraft';
import { pullDraftKey, type PullDraftStore } from './pullDraftStore';
import type { PullFormOptions } from './pullOptions';
import { draftPrefix, sameBases, type BaseChoice, type PullSession, type SessionView } from './pullSession';
import { checkBeforeCreate, createPull, notABranch, type PullSubmitOutcome } from './submitPull';
import { webviewMediaRoot } from '../../core/webviewResource';

export const PULL_FORM_VIEW_TYPE = 'gitea.createPullRequest';

/** What the form shows once loaded. */
interface Filled {
  readonly draft: PullDraft;
  readonly options: PullFormOptions;
  readonly existing: PullRequest | undefined;
  readonly push: Promise<PushState>;
}

/** The panel's saved state (restored after a reload): the clone and the branch. */
export interface PullPanelState {
  readonly clone: { instanceUrl: string; owner: string; repo: string; rootUri: string; remoteName?: string; accountId?: string };
  readonly branch: string;
}

export class PullFormPanel {
  private static readonly open = new Map<string, PullFormPanel>();
  private draft: PullDraft;
  private view: SessionView | undefined;
  private options: PullFormOptions | undefined;
  private existingPull: { number: number; title?: string } | undefined;
  private push: PushState | undefined;
  private busy = false;
  private lastErrors: Record<string, unknown> | undefined;
  private readonly preview: FormPreview;
  private readonly loading = new AbortController();
  private readonly disposables: vscode.Disposable[] = [];
  /** Resolves once the form is filled (tests and scripted use wait for it before submitting). */
  readonly ready: Promise<void>;

  static key(session: PullSession): string {
    return pullDraftKey(session.clone, session.branch);
  }

  /** Opens (or reveals) the form of the session's branch; `prefill` replaces fields of the stored draft. */
  static show(services: Services, store: PullDraftStore, session: PullSession, prefill?: (d: PullDraft) => PullDraft): PullFormPanel {
    const existing = PullFormPanel.open.get(PullFormPanel.key(session));
    if (existing) {
      if (prefill) existing.replaceDraft(prefill(existing.draft));
      existing.panel.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(PULL_FORM_VIEW_TYPE, vscode.l10n.t('New Pull Request · {0}', session.branch), vscode.ViewColumn.Active, {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [webviewMediaRoot(services.context.extensionUri)],
    });
    return new PullFormPanel(services, store, session, panel, prefill);
  }

  static existing(session: PullSession): PullFormPanel | undefined {
    return PullFormPanel.open.get(PullFormPanel.key(session));
  }

  constructor(
    private readonly services: Services,
    private readonly store: PullDraftStore,
    readonly session: PullSession,
    readonly panel: vscode.WebviewPanel,
    prefill?: (d: PullDraft) => PullDraft,
  ) {
    const stored = store.get(this.key) ?? { ...emptyPullDraft(), head: session.branch };
    this.draft = prefill ? prefill(stored) : stored;
    PullFormPanel.open.get(this.key)?.panel.dispose();
    PullFormPanel.open.set(this.key, this);
    this.preview = new FormPreview((m) => this.post(m), () => this.draft.body, vscode.l10n.t('The preview shows only the beginning of this long text; the whole text is sent.'));
    const mediaRoot = webviewMediaRoot(services.context.extensionUri);
    panel.webview.html = formPageHtml(panel.webview, mediaRoot, vscode.Uri.joinPath(mediaRoot, 'createPullRequest', 'form.js'), pullFormStrings(session.branch, draftPrefix()));
    this.disposables.push(panel.webview.onDidReceiveMessage((m: unknown) => this.receive(m)), panel.onDidDispose(() => this.dispose()));
    this.ready = this.load();
  }

  get currentDraft(): PullDraft {
    return this.draft;
  }

  private get key(): string {
    return PullFormPanel.key(this.session);
  }

  private post(message: Record<string, unknown>): void {
    void this.panel.webview.postMessage(message);
  }

  private sendState(): void {
    const c = this.session.clone;
    const state: PullPanelState = {
      clone: { instanceUrl: c.instanceUrl, owner: c.owner, repo: c.repo, rootUri: c.rootUri?.toString() ?? '', remoteName: c.remoteName, accountId: c.accountId },
      branch: this.session.branch,
    };
    const options = this.options && { ...this.options, template: this.options.template && { path: this.options.template.path } };
    const unpushed = this.push ? !this.push.onRemote || this.push.ahead > 0 : false;
    this.post({ type: 'state', draft: this.draft, view: this.view, options, existing: this.existingPull, unpushed, panelState: state });
    void this.preview.resend();
    this.post({ type: 'busy', busy: this.busy });
    if (this.lastErrors) this.post(this.lastErrors);
  }

  private setDraft(draft: PullDraft): void {
    this.draft = draft;
    this.store.set(this.key, draft);
  }

  /**
   * The form as it starts: the session's guess of the base repositories (the head repository as last read) and, at
   * once, what follows from it: the base repository's options and template, the commits, the open pull request.
   * Nothing is shown before the server's answer for the head repository has come: when it offers other base
   * repositories or default branches than the guess, what followed from the guess is done again from the answer.
   */
  private async load(): Promise<void> {
    const signal = this.loading.signal;
    const started = Date.now();
    const took: string[] = [];
    const timed = <T>(what: string, p: Promise<T>): Promise<T> => p.finally(() => took.push(`${what} ${Date.now() - started} ms`));
    try {
      const fresh = timed('head repository', this.session.load(signal));
      // expected: a failure of the server's answer is awaited just below (the guess does not wait for it).
      fresh.catch(() => undefined);
      const guess = this.session.guessBases();
      let filled = this.fill(guess, signal, timed);
      // expected: a fill from a guess that the server's answer replaces is dropped; one that is kept is awaited below.
      filled.catch(() => undefined);
      const view = await fresh;
      if (!sameBases(guess, view.baseChoices)) {
        // Without a repository read before, the guess has no default branch: filling again is the plan, not news.
        if (guess[0]?.defaultBranch) this.services.log.info(`Create Pull Request form of ${this.session.branch}: ${this.session.headFullName} has changed since it was last read; the form is filled from the server's answer.`);
        filled = this.fill(view.baseChoices, signal, timed);
      }
      const { draft, options, existing, push } = await filled;
      this.view = view;
      this.options = options;
      this.existingPull = existing ? { number: existing.number, title: existing.title } : undefined;
      this.setDraft(draft);
      const d = draft;
      void push.then((state) => {
        this.push = state;
        if (!state.onRemote || state.ahead > 0) this.sendState();
      }, (e: unknown) => this.services.log.warn(`Create Pull Request: the push state of ${d.head}: ${messageOf(e)}`));
      for (const p of options.problems) this.services.log.warn(`Create Pull Request form, ${options.repo}: could not load ${p}`);
      if (options.archived && !this.lastErrors) this.showErrors({ baseRepo: vscode.l10n.t('{0} is archived: it takes no pull requests.', options.repo) });
      this.sendState();
      this.services.log.info(`Create Pull Request form of ${d.head}: ${took.join(', ')}, shown ${Date.now() - started} ms.`);
    } catch (e) {
      if (signal.aborted) return;
      this.services.log.error(`Create Pull Request form: ${messageOf(e)}`);
      this.showErrors({}, vscode.l10n.t('Could not load the form: {0}', messageOf(e)));
    }
  }

  /**
   * The draft, options, open pull request and push state that follow from the base repositories offered. The server
   * is asked before anything local is awaited, so that its requests start with the form.
   */
  private async fill(bases: readonly BaseChoice[], signal: AbortSignal, timed: <T>(what: string, p: Promise<T>) => Promise<T>): Promise<Filled> {
    const choice = bases.find((c) => c.fullName.toLowerCase() === this.draft.baseRepo.toLowerCase()) ?? bases[0];
    let d: PullDraft = { ...this.draft, baseRepo: choice?.fullName ?? this.session.headFullName, head: this.draft.head || this.session.branch };
    d = { ...d, base: d.base || choice?.defaultBase || '' };
    // Whether the branch is pushed only adds a hint: it does not hold the form up.
    const push = pushState(this.session.repository, this.session.head.remote, d.head);
    // expected: a failure is logged where the state is used.
    push.catch(() => undefined);
    const [options, existing, commits] = await Promise.all([
      timed('options', this.session.optionsFor(d.baseRepo, signal, choice?.defaultBranch)),
      timed('open pull request', this.session.existing(d, signal)).catch((e: unknown) => void this.services.log.warn(`Create Pull Request: looking for an open pull request: ${messageOf(e)}`)),
      timed('commits', d.prefilled ? Promise.resolve([]) : this.session.commitsAgainst(d.baseRepo, d.base)),
      // The issue the prefill names.
      this.session.readLocal(),
    ]);
    if (!d.prefilled) d = this.session.prefill(d, options, commits);
    // A title typed with a work-in-progress prefix is a draft.
    if (!d.draft && wipPrefixOf(d.title, [draftPrefix()])) d = { ...d, draft: true };
    return { draft: { ...d, base: d.base || options.defaultBase || '' }, options, existing, push };
  }

  /** Replaces the draft from the host side (scripted use, tests) and shows it. */
  replaceDraft(draft: PullDraft): void {
    this.setDraft(draft);
    this.sendState();
  }

  private receive(message: unknown): void {
    handleFormMessage(
      message,
      { ready: () => this.sendState(), change: (d) => this.change(d), submit: () => void this.submit(), discard: () => void this.discard(), preview: this.preview },
      { openExisting: () => void (this.existingPull && this.openPage(this.existingPull.number, this.existingPull.title)) },
    );
  }

  private change(raw: unknown): void {
    const next = parsePullDraft(raw, this.draft);
    if (!next) return;
    const before = this.draft;
    this.setDraft(next);
    if (next.body !== before.body) this.preview.bodyChanged();
    if (next.baseRepo !== before.baseRepo || next.base !== before.base || next.head !== before.head) void this.retarget(before);
  }

  /** Another base repository, base or head: its options, the base branch it offers, the open pull request. */
  private async retarget(before: PullDraft): Promise<void> {
    const signal = this.loading.signal;
    try {
      const options = await this.session.optionsFor(this.draft.baseRepo, signal);
      if (this.draft.baseRepo !== before.baseRepo && !options.branches.includes(this.draft.base)) this.setDraft({ ...this.draft, base: options.defaultBase ?? '' });
      const [existing, push] = await Promise.all([this.session.existing(this.draft, signal), pushState(this.session.repository, this.session.head.remote, this.draft.head)]);
      this.options = options;
      this.existingPull = existing ? { number: existing.number, title: existing.title } : undefined;
      this.push = push;
      this.sendState();
    } catch (e) {
      if (!signal.aborted) this.services.log.warn(`Create Pull Request form: ${messageOf(e)}`);
    }
  }

  private showErrors(fields: Partial<Record<PullField, string>>, general?: string): void {
    this.lastErrors = { type: 'errors', fields, general };
    this.post(this.lastErrors);
  }

  private setBusy(busy: boolean): void {
    this.busy = busy;
    this.post({ type: 'busy', busy });
  }

  /** Pushes the head first when it has commits the server has not, if the user agrees. */
  private async pushFirst(): Promise<PullSubmitOutcome | undefined> {
    const head = this.draft.head;
    const remote = this.session.head.remote;
    const state = await pushState(this.session.repository, remote, head);
    if (state.onRemote && state.ahead === 0) return undefined;
    const pushButton = vscode.l10n.t('Push and Create');
    const question = state.onRemote
      ? vscode.l10n.t('{0} has {1} commit(s) that are not on {2} yet. Push them and create the pull request?', inertText(head), state.ahead, inertText(remote))
      : vscode.l10n.t('{0} is not on {1} yet. Push it (and track it) and create the pull request?', inertText(head), inertText(remote));
    if ((await vscode.window.showWarningMessage(question, { modal: true }, pushButton)) !== pushButton) return { status: 'cancelled' };
    try {
      await pushBranch(this.session.repository, remote, head, !state.tracks);
      this.services.log.info(`Pushed ${head} to ${remote}${state.tracks ? '' : ' (now its upstream)'} before creating a pull request.`);
    } catch (e) {
      return { status: 'failed', general: vscode.l10n.t('Could not push {0} to {1}: {2}', head, remote, gitFailure(e)) };
    }
    this.push = { onRemote: true, ahead: 0, tracks: true };
    return undefined;
  }

  /** Sends the draft. It is written to storage first and kept unless the server creates the pull request. */
  async submit(): Promise<PullSubmitOutcome | undefined> {
    if (this.busy) return undefined;
    await this.ready;
    await this.store.flush(this.key);
    const problems = localPullProblems(this.draft);
    if (problems.title || problems.base || problems.head) {
      const fields: Partial<Record<PullField, string>> = {};
      if (problems.title) fields.title = vscode.l10n.t('A title is required.');
      if (problems.base) fields.base = problems.base === 'badRef' ? notABranch() : vscode.l10n.t('Name a branch.');
      if (problems.head) fields.head = problems.head === 'badRef' ? notABranch() : vscode.l10n.t('Name a branch.');
      this.showErrors(fields);
      return { status: 'invalid', fields };
    }
    this.setBusy(true);
    this.showErrors({});
    let outcome: PullSubmitOutcome;
    try {
      const targets = this.session.targets(this.draft);
      outcome = (await this.pushFirst()) ?? (await checkBeforeCreate(targets, this.draft)) ?? (await createPull(targets, this.draft));
    } catch (e) {
      outcome = { status: 'failed', general: messageOf(e) };
    } finally {
      this.setBusy(false);
    }
    switch (outcome.status) {
      case 'created':
        await this.created(outcome.pull, outcome.warning);
        break;
      case 'exists':
        this.existingPull = { number: outcome.number, title: outcome.title };
        this.showErrors(outcome.fields);
        this.sendState();
        this.offerExisting(outcome.number, outcome.title);
        break;
      case 'invalid':
        this.showErrors(outcome.fields, outcome.general);
        break;
      case 'failed':
        this.showErrors({}, outcome.general);
        break;
      case 'cancelled':
        this.sendState();
        break;
    }
    if (outcome.status !== 'created' && outcome.status !== 'cancelled') this.services.log.warn(`Create pull request from ${this.draft.head}: ${JSON.stringify(outcome)}`);
    return outcome;
  }

  private offerExisting(number: number, title: string | undefined): void {
    const open = vscode.l10n.t('Open Pull Request');
    void vscode.window
      .showInformationMessage(vscode.l10n.t('Pull request #{0} is already open for {1} into {2}.', number, inertText(this.draft.head), inertText(this.draft.base)), open)
      .then((choice) => (choice === open ? this.openPage(number, title) : undefined));
  }

  private openPage(number: number, title: string | undefined): Thenable<unknown> {
    const t = this.session.targets(this.draft);
    const repo: RepoRef = { instanceUrl: this.session.clone.instanceUrl, owner: t.baseOwner, repo: t.baseRepo, accountId: this.session.target.account.id };
    return vscode.commands.executeCommand(COMMAND.openIssue, { repo, number, title, isPull: true });
  }

  private async created(pull: PullRequest, warning: string | undefined): Promise<void> {
    const draft = this.draft;
    const t = this.session.targets(draft);
    await this.store.clear(this.key);
    this.lastErrors = undefined;
    await rememberPullRequest(this.session.repository, this.session.gitPath, draft.head, { instanceUrl: this.session.clone.instanceUrl, owner: t.baseOwner, repo: t.baseRepo, index: pull.number, title: pull.title })
      .catch((e: unknown) => this.services.log.warn(`Could not remember pull request #${pull.number} for ${draft.head}: ${gitFailure(e)}`));
    this.panel.dispose();
    this.services.views.refresh('pullRequests', 'branchStatus');
    this.services.log.info(`Created pull request #${pull.number} in ${t.baseOwner}/${t.baseRepo} from ${draft.head} into ${draft.base}.`);
    void this.openPage(pull.number, pull.title);
    if (warning) void vscode.window.showWarningMessage(inertText(warning));
    if (draft.draft && pull.draft === false) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t('The server did not mark pull request #{0} as a draft: its work-in-progress prefix is not "{1}". Set gitea.pullRequestDraftPrefix to the instance\'s.', pull.number, inertText(t.wipPrefix)),
      );
    }
  }

  private async discard(): Promise<void> {
    const discard = vscode.l10n.t('Discard');
    if ((await vscode.window.showWarningMessage(vscode.l10n.t('Discard this pull request draft?'), { modal: true }, discard)) !== discard) return;
    await this.store.clear(this.key);
    this.lastErrors = undefined;
    this.setDraft({ ...emptyPullDraft(), head: this.session.branch, baseRepo: this.draft.baseRepo, base: this.options?.defaultBase ?? this.draft.base });
    this.sendState();
  }

  private dispose(): void {
    this.loading.abort();
    this.preview.dispose();
    void this.store.flush(this.key);
    if (PullFormPanel.open.get(this.key) === this) PullFormPanel.open.delete(this.key);
    for (const d of this.disposables) d.dispose();
  }
}
