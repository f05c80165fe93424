// The Create Issue form: one webview panel per repository. The host owns the draft (stored on every change),
// renders the Markdown preview, loads the pickers and sends the request; the webview only shows and reports.
import * as vscode from 'vscode';
import type { RepoRef, Services } from '../../core/services';
import { messageOf } from '../../core/errors';
import { offerSignInAgain } from '../../core/signInAgain';
import { type Target } from '../../core/target';
import { targetOrSignIn } from '../../core/targetOrSignIn';
import { draftKey, type IssueDraftStore } from './draftStore';
import { FormPreview, handleFormMessage } from '../../core/formMessages';
import { formPageHtml } from '../../core/formPage';
import { formStrings } from './formStrings';
import { loadFormOptions, type FormOptions } from './formOptions';
import { emptyDraft, parseDraft, type IssueDraft } from './issueDraft';
import { archivedMessage, submitIssue, unarchive, type SubmitOutcome } from './submitIssue';
import { inertText } from '../../shared/untrustedText';
import { openServerUrl } from '../../core/openExternal';
import { recentRepositories } from '../../core/recentRepositories';
import { webviewMediaRoot } from '../../core/webviewResource';
import { isGiteaError } from '../../api/errorKind';
import { loadTemplateOffer, type TemplateOffer } from './templates/loadTemplates';
import { applyTemplate, settleFormDraft } from './templates/applyTemplate';
import { chosenTemplate, fieldViews, templatesView, type FieldView } from './templates/templateView';
import { templateProblems } from './templates/templateSubmit';

export const VIEW_TYPE = 'gitea.createIssue';

/** The webview's saved state (restored after a reload): just which repository the form is for. */
export interface PanelState {
  readonly repo: { instanceUrl: string; owner: string; repo: string; accountId?: string };
}

export class IssueFormPanel {
  private static readonly open = new Map<string, IssueFormPanel>();
  private draft: IssueDraft;
  private options: FormOptions | undefined;
  private target: Target | undefined;
  private busy = false;
  private readonly preview: FormPreview;
  private lastErrors: Record<string, unknown> | undefined;
  /** The repository's issue templates and config.yaml; undefined until read. */
  private offer: TemplateOffer | undefined;
  /** Settled when the templates and the pickers' lists are read (or could not be). */
  private readonly offerRead: Promise<void>;
  private markOfferRead: () => void = () => undefined;
  /** The chosen form's fields with their Markdown rendered, by template file. */
  private readonly fields = new Map<string, FieldView[]>();
  private readonly loading = new AbortController();
  private readonly disposables: vscode.Disposable[] = [];

  static find(repo: RepoRef): IssueFormPanel | undefined {
    return IssueFormPanel.open.get(draftKey(repo));
  }

  /** Opens (or reveals) the form of `repo`, with the stored draft merged with `prefill`; `target`, when the caller has
   * already resolved it, is used as it is instead of being resolved again. */
  static show(services: Services, store: IssueDraftStore, repo: RepoRef, prefill?: (draft: IssueDraft) => IssueDraft, target?: Target): IssueFormPanel {
    const existing = IssueFormPanel.find(repo);
    if (existing) {
      if (prefill) existing.replaceDraft(prefill(existing.draft));
      existing.panel.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(VIEW_TYPE, vscode.l10n.t('New Issue · {0}/{1}', repo.owner, repo.repo), vscode.ViewColumn.Active, {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [webviewMediaRoot(services.context.extensionUri)],
    });
    const form = new IssueFormPanel(services, store, repo, panel, prefill);
    form.target = target;
    return form;
  }

  /** Re-attaches a panel VS Code restored after a window reload. */
  static restore(services: Services, store: IssueDraftStore, panel: vscode.WebviewPanel, state: unknown): void {
    const repo = (state as Partial<PanelState> | undefined)?.repo;
    if (!repo || typeof repo.instanceUrl !== 'string' || typeof repo.owner !== 'string' || typeof repo.repo !== 'string') {
      panel.dispose();
      return;
    }
    panel.webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: [webviewMediaRoot(services.context.extensionUri)] };
    const ref: RepoRef = { instanceUrl: repo.instanceUrl, owner: repo.owner, repo: repo.repo, accountId: repo.accountId };
    IssueFormPanel.find(ref)?.panel.dispose();
    new IssueFormPanel(services, store, ref, panel);
  }

  private constructor(
    private readonly services: Services,
    private readonly store: IssueDraftStore,
    readonly repo: RepoRef,
    readonly panel: vscode.WebviewPanel,
    prefill?: (draft: IssueDraft) => IssueDraft,
  ) {
    const key = draftKey(repo);
    const stored = store.get(key) ?? emptyDraft();
    const prefilled = prefill ? prefill(stored) : stored;
    this.offerRead = new Promise((resolve) => (this.markOfferRead = resolve));
    // A template named by the caller is applied once the templates are read (before a submit that waits for them).
    this.draft = prefilled.template === stored.template ? prefilled : { ...prefilled, template: stored.template };
    if (this.draft !== prefilled) void this.choose(prefilled.template, prefilled);
    if (prefill) store.set(key, this.draft);
    IssueFormPanel.open.set(key, this);
    this.preview = new FormPreview((m) => this.post(m), () => this.draft.body, vscode.l10n.t('The preview shows only the beginning of this long text; the whole text is sent.'));
    const mediaRoot = webviewMediaRoot(services.context.extensionUri);
    panel.webview.html = formPageHtml(panel.webview, mediaRoot, [vscode.Uri.joinPath(mediaRoot, 'createIssue', 'templates.js'), vscode.Uri.joinPath(mediaRoot, 'createIssue', 'form.js')], formStrings(repo));
    this.disposables.push(
      panel.webview.onDidReceiveMessage((m: unknown) => this.receive(m)),
      panel.onDidDispose(() => this.dispose()),
      // Signed in again (a new token, a new client) or out: the next request resolves the account afresh.
      services.accounts.onDidChangeAccounts(() => (this.target = undefined)),
    );
    void this.loadOptions();
  }

  get currentDraft(): IssueDraft {
    return this.draft;
  }

  private get key(): string {
    return draftKey(this.repo);
  }

  private post(message: Record<string, unknown>): void {
    void this.panel.webview.postMessage(message);
  }

  private sendState(): void {
    const templates = templatesView(this.offer, this.draft.template, this.fields.get(this.draft.template ?? ''));
    this.post({ type: 'state', draft: this.draft, options: this.options, templates, repo: { instanceUrl: this.repo.instanceUrl, owner: this.repo.owner, repo: this.repo.repo, accountId: this.repo.accountId } });
    void this.preview.resend();
    this.post({ type: 'busy', busy: this.busy });
    if (this.lastErrors) this.post(this.lastErrors);
  }

  private async resolveTarget(): Promise<Target | undefined> {
    this.target ??= await targetOrSignIn(this.services, this.repo);
    return this.target;
  }

  /** The templates, read beside the pickers' lists; a server without the endpoints (404) has none. */
  private async loadOffer(target: Target): Promise<void> {
    try {
      this.offer = await loadTemplateOffer(target.client, this.repo.owner, this.repo.repo, this.loading.signal);
    } catch (e) {
      if (this.loading.signal.aborted) return;
      if (!(isGiteaError(e) && e.kind === 'notFound')) this.services.log.warn(`Create Issue form, ${this.repo.owner}/${this.repo.repo}: could not load the issue templates: ${messageOf(e)}`);
      this.offer = { templates: [], config: { blankIssuesEnabled: true, contactLinks: [] }, unreadable: [] };
    }
    for (const file of this.offer.unreadable) this.services.log.warn(`Create Issue form, ${this.repo.owner}/${this.repo.repo}: the issue template ${file} could not be read.`);
    await this.prepareFields();
    const settled = settleFormDraft(this.draft, chosenTemplate(this.offer, this.draft.template));
    if (settled !== this.draft) this.replaceDraft(settled);
  }

  /** Renders the chosen form's Markdown (once per template). */
  private async prepareFields(): Promise<void> {
    const template = chosenTemplate(this.offer, this.draft.template);
    if (!template || template.kind !== 'form' || this.fields.has(template.fileName)) return;
    this.fields.set(template.fileName, await fieldViews(template, vscode.l10n.t('The rest of this text is not shown.')));
  }

  private async loadOptions(): Promise<void> {
    try {
      const target = await this.resolveTarget();
      if (!target) return;
      const offer = this.loadOffer(target);
      this.options = await loadFormOptions(target, this.loading.signal, recentRepositories);
      await offer;
      for (const p of this.options.problems) this.services.log.warn(`Create Issue form, ${this.repo.owner}/${this.repo.repo}: could not load ${p}`);
      // An archived repository takes no issues: say so now (GET /repos → archived), not after Create answers 423.
      if (this.options.archived && !this.lastErrors) {
        this.lastErrors = { type: 'errors', fields: {}, general: archivedMessage(this.repo.owner, this.repo.repo), archived: { canUnarchive: this.options.isAdmin } };
      }
      this.sendState();
    } catch (e) {
      if (this.loading.signal.aborted) return;
      this.services.log.error(`Create Issue form: ${messageOf(e)}`);
      this.showErrors({ general: vscode.l10n.t('Could not load labels, milestones and assignees: {0}', messageOf(e)) });
    } finally {
      // A template is applied (labels by name) and a form checked once both the templates and the pickers are read.
      this.markOfferRead();
    }
  }

  /** Replaces the draft from the host side (prefill, tests) and shows it. A form chosen puts a typed body into its
   * first textarea (the selection of Create Issue from Selection). */
  replaceDraft(draft: IssueDraft): void {
    if (draft.template !== this.draft.template && draft.template !== undefined) {
      void this.choose(draft.template, draft);
      return;
    }
    this.draft = settleFormDraft(draft, chosenTemplate(this.offer, draft.template));
    this.store.set(this.key, draft);
    this.sendState();
  }

  private receive(message: unknown): void {
    const m = message as { type?: unknown; index?: unknown } | null;
    if (typeof m === 'object' && m !== null && m.type === 'openContactLink') return this.openContactLink(m.index);
    handleFormMessage(
      message,
      { ready: () => this.sendState(), change: (d) => this.change(d), submit: () => void this.submit(), discard: () => void this.discard(), preview: this.preview },
      { unarchive: () => void this.unarchiveAndSubmit() },
    );
  }

  private change(raw: unknown): void {
    const draft = parseDraft(raw, this.draft);
    if (!draft) return;
    if (draft.template !== this.draft.template) {
      void this.choose(draft.template, draft);
      return;
    }
    const bodyChanged = draft.body !== this.draft.body;
    this.draft = draft;
    this.store.set(this.key, draft);
    if (bodyChanged) this.preview.bodyChanged();
  }

  /** A template (or the blank issue, `''`; undefined: back to the chooser) chosen: its fields filled as Gitea fills them. */
  private async choose(file: string | undefined, draft: IssueDraft): Promise<void> {
    await this.offerRead;
    const template = chosenTemplate(this.offer, file);
    this.draft = file === undefined ? { ...draft, template: undefined } : file !== '' && !template ? draft : applyTemplate({ ...draft, template: this.draft.template }, template, this.options);
    this.store.set(this.key, this.draft);
    this.lastErrors = undefined;
    await this.prepareFields();
    this.preview.bodyChanged();
    this.sendState();
  }

  /** A contact link of config.yaml, by its index in the offer (the page never names the URL opened). */
  private openContactLink(index: unknown): void {
    const link = typeof index === 'number' ? this.offer?.config.contactLinks[index] : undefined;
    if (link) void openServerUrl(link.url, this.repo.instanceUrl);
  }

  private showErrors(errors: { fields?: Partial<Record<string, string>>; general?: string; archived?: { canUnarchive: boolean } }): void {
    this.lastErrors = { type: 'errors', fields: errors.fields ?? {}, general: errors.general, archived: errors.archived };
    this.post(this.lastErrors);
  }

  private setBusy(busy: boolean): void {
    this.busy = busy;
    this.post({ type: 'busy', busy });
  }

  /** Sends the draft. The draft is written to storage first and kept unless the server answers 201. */
  async submit(): Promise<SubmitOutcome | undefined> {
    if (this.busy) return undefined;
    await this.store.flush(this.key);
    const target = await this.resolveTarget();
    if (!target) return undefined;
    await this.offerRead;
    // A form's answers make the body; a required one left empty, or no template where one must be chosen, sends nothing.
    const checked = templateProblems(this.draft, this.offer);
    if (checked.status === 'invalid') {
      this.showErrors({ fields: checked.fields, general: checked.general });
      this.services.log.warn(`Create issue in ${this.repo.owner}/${this.repo.repo}: ${JSON.stringify(checked)}`);
      return checked;
    }
    this.setBusy(true);
    this.showErrors({});
    let outcome: SubmitOutcome;
    try {
      outcome = await submitIssue(target, checked.draft, { isAdmin: () => this.isAdmin(target) });
    } finally {
      this.setBusy(false);
    }
    switch (outcome.status) {
      case 'created':
        await this.created(outcome.issue.number, outcome.issue.html_url ?? undefined, outcome.issue.title);
        break;
      case 'invalid':
        this.showErrors({ fields: outcome.fields, general: outcome.general });
        break;
      case 'archived':
        this.showErrors({ general: outcome.general, archived: { canUnarchive: outcome.canUnarchive } });
        break;
      case 'failed':
        this.showErrors({ general: outcome.general });
        // The token was refused: the draft stays; after Sign In Again, Create sends it with the new token.
        if (outcome.kind === 'unauthorized') void offerSignInAgain(inertText(vscode.l10n.t('Could not create the issue: {0}', outcome.general)), target.account);
        break;
    }
    if (outcome.status !== 'created') this.services.log.warn(`Create issue in ${this.repo.owner}/${this.repo.repo}: ${JSON.stringify(outcome)}`);
    return outcome;
  }

  private async isAdmin(target: Target): Promise<boolean> {
    if (this.options) return this.options.isAdmin;
    const repository = await target.client.repoGet({ owner: this.repo.owner, repo: this.repo.repo });
    return repository.permissions?.admin === true;
  }

  private async unarchiveAndSubmit(): Promise<SubmitOutcome | undefined> {
    const target = await this.resolveTarget();
    if (!target) return undefined;
    this.setBusy(true);
    try {
      await unarchive(target);
      this.services.log.info(`Unarchived ${this.repo.owner}/${this.repo.repo} to create an issue.`);
    } catch (e) {
      this.showErrors({ general: vscode.l10n.t('Could not unarchive the repository: {0}', messageOf(e)) });
      return undefined;
    } finally {
      this.setBusy(false);
    }
    return this.submit();
  }

  private async created(number: number, url: string | undefined, title: string): Promise<void> {
    await this.store.clear(this.key);
    this.draft = emptyDraft();
    this.lastErrors = undefined;
    this.panel.dispose();
    this.services.views.refresh('issues');
    const open = vscode.l10n.t('Open in Browser');
    const actions = url && /^https?:\/\//i.test(url) ? [open] : [];
    void vscode.window
      .showInformationMessage(inertText(vscode.l10n.t('Created issue #{0} "{1}" in {2}/{3}.', number, title, this.repo.owner, this.repo.repo)), ...actions)
      .then((choice) => (choice === open && url ? openServerUrl(url, this.repo.instanceUrl) : undefined));
  }

  private async discard(): Promise<void> {
    const discard = vscode.l10n.t('Discard');
    const answer = await vscode.window.showWarningMessage(vscode.l10n.t('Discard this issue draft?'), { modal: true }, discard);
    if (answer !== discard) return;
    await this.store.clear(this.key);
    this.draft = emptyDraft();
    this.lastErrors = undefined;
    this.sendState();
  }

  private dispose(): void {
    this.loading.abort();
    this.preview.dispose();
    void this.store.flush(this.key);
    if (IssueFormPanel.open.get(this.key) === this) IssueFormPanel.open.delete(this.key);
    for (const d of this.disposables) d.dispose();
  }
}
