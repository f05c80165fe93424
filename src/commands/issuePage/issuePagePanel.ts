// The issue (and pull request) page: one webview panel per `instanceUrl|owner/repo#number`, revealed when opened
// again and restored after a reload. The host loads the data, renders the Markdown (pageModel.ts) and runs the
// actions; the webview only shows and reports through the validated protocol (messages.ts).
import * as vscode from 'vscode';
import type { Issue } from '../../api';
import { messageOf } from '../../core/errors';
import type { Services } from '../../core/services';
import type { Target } from '../../core/target';
import { targetOrSignIn } from '../../core/targetOrSignIn';
import { isRefusedCredential, refusedAccountOf, runSignInAgain } from '../../core/signInAgain';
import type { CommentDrafts } from './commentDrafts';
import { parseInbound, pageKey, parsePageRef, type PageOutbound, type PageRef, type PickField } from './messages';
import { holdMarkdownWorker, warmMarkdownWorker } from '../../shared/markdownOffThread';
import { buildPage, holdsKeptHtml, stubHeader, type PageData, type PageStub } from './pageModel';
import { pageHtml } from './pageHtml';
import { bodyCutNote, bodyPlainNote, eventText, pageStrings } from './pageStrings';
import { pickChange, runPullAction, type PageRequest } from './pageActions';
import { headShaHint, startPullLoad } from './pullLoad';
import { PageCache } from './pageCache';
import { PartedPoster } from './partedPost';
import { PageReactions } from './reactions';
import { PageTimes, type PageTimesRead } from './timeTracking';
import { loadEarlier, openInstanceUrl, openReference, readTimeline, type PageSnapshot } from './pageTimeline';
import { timelineHints, type PullTimelineCounts } from './timelinePaging';
import { recentRepositories } from '../../core/recentRepositories';
import { webviewMediaRoot } from '../../core/webviewResource';

export const ISSUE_PAGE_VIEW_TYPE = 'gitea.issuePage';

/** What an action ended with (the command's callers and the tests read it). */
export type ActionOutcome = { readonly ok: true } | { readonly ok: false; readonly message: string };

export class IssuePage {
  private static readonly open = new Map<string, IssuePage>();
  /** What pages showed, for the cache lifetime: opening one again within it sends no request (pageCache.ts). */
  static readonly cache = new PageCache<PageSnapshot>();
  /** The time-tracking section each cached page showed (read after the page, so kept beside its snapshot). */
  static readonly timesCache = new PageCache<PageTimesRead>();
  private data: PageData | undefined;
  private snapshot: PageSnapshot | undefined;
  private earlierLoad: Promise<unknown> | undefined;
  private stub: PageStub;
  private target: Target | undefined;
  private busy = false;
  private loading: AbortController | undefined;
  private loaded: Promise<PageData | undefined> = Promise.resolve(undefined);
  private readonly disposables: vscode.Disposable[] = [];
  /** The page's hold on the Markdown worker: a page of megabytes keeps its long bodies' HTML there (pageModel.ts). */
  private readonly markdownHold = holdMarkdownWorker();
  /** Long messages (a page of long bodies) go in parts: the host never serialises megabytes in one go. */
  private readonly poster = new PartedPoster(
    (m) => this.panel.webview.postMessage(m),
    (e: unknown) => this.services.log.info(`Issue page ${this.key}: a message was not delivered (${messageOf(e)})`),
  );
  /** The issue's and the comments' reactions, shown after the page painted (reactions.ts). */
  readonly reactions: PageReactions;
  /** The time-tracking section, read after the page painted (timeTracking.ts). */
  readonly times: PageTimes;

  /** The pages open now (the tests count them). */
  static get openPages(): readonly IssuePage[] {
    return [...IssuePage.open.values()];
  }

  /** Opens the page of `ref`, or reveals the one already open (reloaded only when older than the cache lifetime). */
  static show(services: Services, drafts: CommentDrafts, ref: PageRef, stub?: PageStub, target?: Target): IssuePage {
    const existing = IssuePage.open.get(pageKey(ref));
    if (existing) {
      existing.panel.reveal();
      if (!IssuePage.cache.get(existing.key)) void existing.reload();
      return existing;
    }
    const title = stub?.title ? `#${ref.number} ${stub.title}` : `#${ref.number} · ${ref.owner}/${ref.repo}`;
    const panel = vscode.window.createWebviewPanel(ISSUE_PAGE_VIEW_TYPE, title, vscode.ViewColumn.Active, {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [webviewMediaRoot(services.context.extensionUri)],
    });
    return new IssuePage(services, drafts, ref, panel, stub ?? { number: ref.number }, target);
  }

  /** Re-attaches a panel VS Code restored after a window reload (its state is the webview's: validated). */
  static restore(services: Services, drafts: CommentDrafts, panel: vscode.WebviewPanel, state: unknown): void {
    const ref = parsePageRef((state as { ref?: unknown } | undefined)?.ref);
    if (!ref) {
      panel.dispose();
      return;
    }
    panel.webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: [webviewMediaRoot(services.context.extensionUri)] };
    IssuePage.open.get(pageKey(ref))?.panel.dispose();
    new IssuePage(services, drafts, ref, panel, { number: ref.number }, undefined);
  }

  private constructor(
    private readonly services: Services,
    private readonly drafts: CommentDrafts,
    readonly ref: PageRef,
    readonly panel: vscode.WebviewPanel,
    stub: PageStub,
    target: Target | undefined,
  ) {
    this.stub = stub;
    this.target = target;
    this.reactions = new PageReactions({
      key: pageKey(ref),
      owner: ref.owner,
      repo: ref.repo,
      index: ref.number,
      log: services.log,
      isComment: (id) => !!this.data?.timeline.some((e) => e.kind === 'comment' && e.id === id),
      target: () => this.resolveTarget(),
      post: (m) => this.post(m),
    });
    this.times = new PageTimes(ref, services.log, (m) => this.post(m));
    IssuePage.open.set(this.key, this);
    panel.webview.html = pageHtml(panel.webview, webviewMediaRoot(services.context.extensionUri), ref.instanceUrl, panel.title, pageStrings());
    this.disposables.push(
      panel.webview.onDidReceiveMessage((m: unknown) => void this.handle(m)),
      // Signed in again (a new token, a new client) or out: the next request resolves the account afresh.
      services.accounts.onDidChangeAccounts(() => (this.target = undefined)),
      panel.onDidDispose(() => this.dispose()),
      // While the page is open the Markdown worker stays; when the last page closes it ends (its heap with it).
      this.markdownHold,
    );
    if (!this.fromCache()) void this.reload();
  }

  /** Shows what the cache holds for this page (same account), if it is within its lifetime. */
  private fromCache(): boolean {
    const cached = IssuePage.cache.get(this.key);
    if (!cached || (this.ref.accountId !== undefined && cached.accountId !== this.ref.accountId) || (this.target && this.target.account.id !== cached.accountId)) return false;
    this.snapshot = cached;
    this.data = cached.data;
    this.panel.title = `#${cached.data.header.number} ${cached.data.header.title}`;
    this.loaded = Promise.resolve(cached.data);
    return true;
  }

  get key(): string {
    return pageKey(this.ref);
  }

  /** The comment being typed, as stored. */
  get draft(): string {
    return this.drafts.get(this.key);
  }

  /** The page's data once the current load ended (undefined when it failed). */
  whenLoaded(): Promise<PageData | undefined> {
    return this.loaded;
  }

  private post(message: PageOutbound): void {
    this.poster.post(message);
  }

  private sendAll(): void {
    const page = this.data ?? { header: stubHeader(this.stub), labels: [], assignees: [], dependencies: [], blocks: [], timeline: [] };
    this.post({ type: 'page', page: { ...page, ref: this.ref }, loading: !this.data });
    this.post({ type: 'draft', body: this.draft });
    this.post({ type: 'busy', busy: this.busy });
  }

  /** The page's account when it waits for Sign In Again. */
  private refusedAccount(): { id: string } | undefined {
    return refusedAccountOf(this.services, { instanceUrl: this.ref.instanceUrl, accountId: this.ref.accountId });
  }

  /** The error's Sign In Again… button: signing in again (same account, new token) loads the page afresh. */
  private async signInAgain(): Promise<ActionOutcome> {
    if (!(await runSignInAgain(this.refusedAccount() ?? this.target?.account))) return { ok: false, message: 'not signed in again' };
    this.post({ type: 'error', message: undefined });
    await this.reload();
    return { ok: true };
  }

  private async resolveTarget(): Promise<Target | undefined> {
    this.target ??= await targetOrSignIn(this.services, {
      instanceUrl: this.ref.instanceUrl,
      owner: this.ref.owner,
      repo: this.ref.repo,
      accountId: this.ref.accountId,
    });
    return this.target;
  }

  /** Loads (again) everything the page shows; the stub shows meanwhile. */
  reload(freshReactions = true): Promise<PageData | undefined> {
    // Going to the server: what the cache held must not outlive a failed load (after a change, say).
    IssuePage.cache.delete(this.key);
    IssuePage.timesCache.delete(this.key);
    // The Markdown worker starts while the requests run: the bodies render as soon as they come.
    warmMarkdownWorker();
    this.loading?.abort();
    const controller = new AbortController();
    this.loading = controller;
    this.loaded = this.load(controller.signal, freshReactions);
    return this.loaded;
  }

  private async load(signal: AbortSignal, freshReactions: boolean): Promise<PageData | undefined> {
    const target = await this.resolveTarget();
    if (!target && this.refusedAccount()) {
      this.post({ type: 'error', message: vscode.l10n.t('Could not load #{0}: the server refused the access token. Sign in again to go on.', this.ref.number), signInAgain: true });
    }
    if (!target || signal.aborted) return undefined;
    const params = { owner: this.ref.owner, repo: this.ref.repo, index: this.ref.number };
    try {
      const client = target.client;
      const issueLoad = client.issueGetIssue(params, { signal });
      // The issue's reactions are asked for now, beside the page's own requests; they are shown after it painted.
      this.reactions.start(target, freshReactions);
      // A pull request's branches, reviews and CI status load alongside the timeline (a failed extra shows as absent),
      // from the start when the row said it is one (pullLoad.ts).
      const noteMissing = (what: string, e: unknown) => this.services.log.info(`Issue page ${this.key}: no ${what} (${messageOf(e)})`);
      let pullAnswered: (counts: PullTimelineCounts | undefined) => void = () => undefined;
      const pullRequestLoad = new Promise<PullTimelineCounts | undefined>((resolve) => (pullAnswered = resolve));
      const pullLoad = startPullLoad(client, params, { isPull: this.stub.isPull, headSha: this.stub.headSha }, issueLoad, noteMissing, signal, pullAnswered);
      // An issue, or a failed read, answers no pull request: the timeline's hints do not wait for one.
      pullLoad.then(
        () => pullAnswered(undefined),
        () => {
          // expected: a failed read answers no pull request; the failure itself is awaited below
          pullAnswered(undefined);
        },
      );
      pullLoad.catch(() => {
        // expected: the same failure is thrown by issueLoad or awaited below; this only keeps it from going unhandled
      });
      // Dependencies are an extra: the page shows without them when the server refuses (disabled tracker).
      const dependenciesLoad = client.issueListIssueDependencies(params, { signal }).then(
        (p) => p.items,
        (e: unknown) => {
          noteMissing('dependencies', e);
          return [] as Issue[];
        },
      );
      // What this issue blocks, the other side of the same relation (Gitea's page shows both).
      const blocksLoad = client.issueListBlocks(params, { signal }).then(
        (p) => p.items,
        (e: unknown) => {
          noteMissing('blocked issues', e);
          return [] as Issue[];
        },
      );
      const repositoryLoad = recentRepositories.read(target, params, signal);
      // expected: its failure is logged by canWriteLoad (and by the time-tracking section, which then shows none).
      repositoryLoad.catch(() => undefined);
      const canWriteLoad = repositoryLoad.then(
        (r) => (r.permissions ? r.permissions.push === true || r.permissions.admin === true : undefined),
        (e: unknown) => void this.services.log.info(`Issue page ${this.key}: no permissions (${messageOf(e)})`),
      );
      // Long histories load their newest pages; "Load earlier" fetches the rest (timelinePaging.ts).
      const capped = (pages: number) => this.services.log.warn(`Issue page ${this.key}: the timeline is read up to page ${pages}; the server still answered full pages.`);
      const [issue, timeline] = await Promise.all([issueLoad, readTimeline(client, params, timelineHints(issueLoad, pullRequestLoad), signal, capped)]);
      const [pull, dependencies, blocks, canWrite] = await Promise.all([pullLoad, dependenciesLoad, blocksLoad, canWriteLoad]);
      if (signal.aborted) return undefined;
      // The head just read is the next reload's hint (the row's may be older).
      if (pull) this.stub = { ...this.stub, headSha: headShaHint(pull.pull.head?.sha) };
      const input = {
        issue,
        timeline: timeline.items,
        me: target.account.username,
        instanceUrl: this.ref.instanceUrl,
        repo: { owner: this.ref.owner, repo: this.ref.repo },
        cutNote: bodyCutNote(),
        plainNote: bodyPlainNote(),
        pull: pull && { base: pull.details.base, head: pull.details.head, merged: pull.details.merged },
        dependencies,
        blocks,
        hold: this.markdownHold,
      };
      const page = await buildPage(input);
      if (signal.aborted) return undefined;
      this.data = this.withEventText(page);
      this.data = { ...this.data, pull: pull?.details, canWrite, earlier: timeline.paging.earlierPages };
      this.snapshot = { data: this.data, input, paging: timeline.paging, accountId: target.account.id };
      // A page whose HTML is kept on the worker goes with it: not cached (over the cache's bytes anyway).
      if (holdsKeptHtml(this.data)) IssuePage.cache.delete(this.key);
      else IssuePage.cache.set(this.key, this.snapshot);
      this.panel.title = `#${issue.number} ${issue.title}`;
      this.sendAll();
      // After the page's own message: reactions and tracked times never hold back its first paint.
      void this.reactions.show();
      if (!issue.pull_request) void this.times.load(target, signal, repositoryLoad, issue).then((times) => this.keepTimes(times));
      return this.data;
    } catch (e) {
      if (signal.aborted) return undefined;
      this.services.log.error(`Issue page ${this.key}: ${messageOf(e)}`);
      this.post({ type: 'error', message: vscode.l10n.t('Could not load #{0}: {1}', this.ref.number, messageOf(e)), ...signInAgainFlag(e) });
      return undefined;
    }
  }

  /** The page's cache keeps the time-tracking section it showed (opened again within its lifetime: no request). */
  private keepTimes(times: PageTimesRead): void {
    if (IssuePage.cache.get(this.key)) IssuePage.timesCache.set(this.key, times);
  }

  /** The time-tracking section's read under way (the tests wait for it before counting requests). */
  timesSettled(): Promise<unknown> {
    return this.times.settled();
  }

  private withEventText(page: PageData): PageData {
    return { ...page, timeline: page.timeline.map((e) => (e.kind === 'event' ? { ...e, text: eventText(e) } : e)) };
  }

  /** Handles one message of the webview (the tests send the same messages). Malformed ones are dropped. */
  async handle(message: unknown): Promise<ActionOutcome | undefined> {
    const m = parseInbound(message);
    if (!m) {
      this.services.log.warn(`Issue page ${this.key}: ignored a malformed message from the webview.`);
      return undefined;
    }
    switch (m.type) {
      case 'ready':
        this.sendAll();
        // A page shown from the cache (or a webview shown again) gets its reactions now; a loading one after it loaded.
        if (this.data) {
          void this.resolveTarget().then((t) => {
            if (!t) return;
            void this.reactions.load(t, false);
            if (!this.data?.header.isPull) this.times.show(t, IssuePage.timesCache.get(this.key));
          });
        }
        return undefined;
      case 'react':
        return this.reactions.react(m);
      case 'reactionsWanted':
        this.reactions.want(m.ids);
        return undefined;
      case 'refresh':
        await this.reload();
        return undefined;
      case 'loadEarlier':
        return this.loadEarlier();
      case 'signInAgain':
        return this.signInAgain();
      case 'openRef':
        await openReference(this.ref, m);
        return { ok: true };
      case 'openUrl':
        return (await openInstanceUrl(this.ref, m.url)) ? { ok: true } : { ok: false, message: 'not an address of the instance' };
      case 'draft':
        this.drafts.set(this.key, m.body);
        return undefined;
      case 'comment':
        this.drafts.set(this.key, m.body);
        return this.act((t, p) => t.client.issueCreateComment({ ...p, body: { body: m.body } }), () => this.drafts.clear(this.key));
      case 'setState':
        return this.act((t, p) => t.client.issueEditIssue({ ...p, body: { state: m.state } }));
      case 'editComment':
        return this.act((t, p) => t.client.issueEditComment({ owner: p.owner, repo: p.repo, id: m.id, body: { body: m.body } }));
      case 'deleteComment': {
        const remove = vscode.l10n.t('Delete');
        const answer = await vscode.window.showWarningMessage(vscode.l10n.t('Delete this comment?'), { modal: true }, remove);
        if (answer !== remove) return { ok: false, message: 'cancelled' };
        return this.act((t, p) => t.client.issueDeleteComment({ owner: p.owner, repo: p.repo, id: m.id }));
      }
      case 'editTitle':
        return this.act((t, p) => t.client.issueEditIssue({ ...p, body: { title: m.title } }));
      case 'editBody':
        // The webview keeps the text being edited until the page shows it saved: a refusal loses nothing.
        return this.act((t, p) => t.client.issueEditIssue({ ...p, body: { body: m.body } }));
      case 'pick':
        return this.pick(m.field);
      case 'pullAction':
        await runPullAction(m.action, this.ref);
        return { ok: true };
      case 'timeAction':
        return (await this.times.run(m.action)) as ActionOutcome | undefined;
      case 'deleteTime':
        return this.deleteTime(m.id);
    }
  }

  /** Puts the timeline page before the shown ones above them (one at a time; a reload in between wins). */
  private async loadEarlier(): Promise<ActionOutcome> {
    const snapshot = this.snapshot;
    const target = await this.resolveTarget();
    if (!snapshot || !target || this.earlierLoad) return { ok: false, message: 'nothing to load' };
    const params = { owner: this.ref.owner, repo: this.ref.repo, index: this.ref.number };
    const load = loadEarlier(target.client, params, snapshot, (p) => this.withEventText(p));
    this.earlierLoad = load;
    try {
      const result = await load;
      if (!result || this.snapshot !== snapshot) return { ok: false, message: 'nothing to load' };
      this.snapshot = result.snapshot;
      this.data = result.snapshot.data;
      if (holdsKeptHtml(result.snapshot.data)) IssuePage.cache.delete(this.key);
      else IssuePage.cache.update(this.key, result.snapshot);
      this.post({ type: 'earlier', entries: result.entries, earlier: result.snapshot.data.earlier ?? 0 });
      return { ok: true };
    } catch (e) {
      const message = messageOf(e);
      this.services.log.warn(`Issue page ${this.key}: ${message}`);
      this.post({ type: 'error', message });
      return { ok: false, message };
    } finally {
      this.earlierLoad = undefined;
    }
  }

  /** Deletes one of the user's tracked times (asked first), then reloads the page (its timeline notes it). */
  private async deleteTime(id: number): Promise<ActionOutcome> {
    const target = await this.resolveTarget();
    if (!target) return { ok: false, message: vscode.l10n.t('No account for this repository.') };
    try {
      if (!(await this.times.delete(target, id))) return { ok: false, message: 'cancelled' };
    } catch (e) {
      const message = messageOf(e);
      this.services.log.warn(`Issue page ${this.key}: ${message}`);
      this.post({ type: 'error', message, ...signInAgainFlag(e) });
      return { ok: false, message };
    }
    await this.reload(false);
    return { ok: true };
  }

  /** Runs the host's picker of a side-bar field, then sends what was picked. */
  private async pick(field: PickField): Promise<ActionOutcome> {
    const target = await this.resolveTarget();
    if (!target) return { ok: false, message: vscode.l10n.t('No account for this repository.') };
    let request: PageRequest | undefined;
    try {
      request = await pickChange(field, target, { owner: this.ref.owner, repo: this.ref.repo, index: this.ref.number }, this.services.log);
    } catch (e) {
      const message = messageOf(e);
      this.services.log.warn(`Issue page ${this.key}: ${message}`);
      this.post({ type: 'error', message });
      return { ok: false, message };
    }
    return request ? this.act(request) : { ok: false, message: 'cancelled' };
  }

  /** Runs one change against the server; on success runs `accepted`, reloads the page and the Issues view. */
  private async act(
    request: (target: Target, params: { owner: string; repo: string; index: number }) => Promise<unknown>,
    accepted?: () => Promise<void>,
  ): Promise<ActionOutcome> {
    if (this.busy) return { ok: false, message: vscode.l10n.t('Another change is being sent.') };
    // The draft is on disk before the request: a crash or a closed window loses nothing.
    await this.drafts.flush(this.key);
    const target = await this.resolveTarget();
    if (!target) return { ok: false, message: vscode.l10n.t('No account for this repository.') };
    this.setBusy(true);
    this.post({ type: 'error', message: undefined });
    try {
      await request(target, { owner: this.ref.owner, repo: this.ref.repo, index: this.ref.number });
    } catch (e) {
      const message = messageOf(e);
      this.services.log.warn(`Issue page ${this.key}: ${message}`);
      this.post({ type: 'error', message, ...signInAgainFlag(e) });
      return { ok: false, message };
    } finally {
      this.setBusy(false);
    }
    await accepted?.();
    this.post({ type: 'draft', body: this.draft });
    this.services.views.refresh('issues');
    if (this.data?.header.isPull) this.services.views.refresh('pullRequests');
    // Reactions are unchanged by these edits: the reload keeps them.
    await this.reload(false);
    return { ok: true };
  }

  private setBusy(busy: boolean): void {
    this.busy = busy;
    this.post({ type: 'busy', busy });
  }

  private dispose(): void {
    this.loading?.abort();
    this.reactions.dispose();
    void this.drafts.flush(this.key);
    if (IssuePage.open.get(this.key) === this) IssuePage.open.delete(this.key);
    for (const d of this.disposables) d.dispose();
    // The page's model and HTML go with the page (the cache keeps its own entry), whoever still holds this object.
    this.data = undefined;
    this.snapshot = undefined;
    this.loaded = Promise.resolve(undefined);
  }
}

/** The error message's flag that shows the page's Sign In Again… button. */
function signInAgainFlag(e: unknown): { signInAgain?: true } {
  return isRefusedCredential(e) ? { signInAgain: true } : {};
}
