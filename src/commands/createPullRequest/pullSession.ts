// One Create Pull Request form's context: the clone and its checked-out branch, the repository the branch is pushed
// to and, when that is a fork on the instance, its parent (the default base repository, the head then sent as
// `owner:branch`), the issue the branch was started from, and the form's options per base repository. The form
// starts on the head repository as the extension last read it (`guessBases`), while the server is asked again (`load`):
// everything else goes at once (options, template, commits, open pull request), and what depended on the guess is
// done again when the server's answer differs.
import * as vscode from 'vscode';
import type { PullRequest, Repository } from '../../api';
import type { GitCommit, GitRepository } from '../../git/gitApi';
import type { IssueKey } from '../../git/issueBranch';
import { clonedRepository } from '../../git/gitRepositories';
import type { RepoRef, Services } from '../../core/services';
import type { Target } from '../../core/target';
import { refNameProblem, refNameProblemText } from '../../shared/refName';
import { inertText } from '../../shared/untrustedText';
import {
  baseTrackingRef, commitsSince, headRemote, issueOfBranch, localBranches, remoteRepos, type RemoteRepo,
} from './branchState';
import { prefillPull } from './prefill';
import { DEFAULT_WIP_PREFIXES, type PullDraft } from './pullDraft';
import { loadPullFormOptions, type PullFormOptions } from './pullOptions';
import { findOpenPull, type PullTargets } from './submitPull';
import { recentRepositories } from '../../core/recentRepositories';

/** `gitea.pullRequestDraftPrefix`: the title prefix that marks a draft (the instance's first WORK_IN_PROGRESS_PREFIXES). */
export function draftPrefix(): string {
  const value = vscode.workspace.getConfiguration().get<unknown>('gitea.pullRequestDraftPrefix');
  return typeof value === 'string' && value.trim() ? value.trim() : DEFAULT_WIP_PREFIXES[0]!;
}

/** A repository the pull request can go into: the head's, or its parent when the head's is a fork. */
export interface BaseChoice {
  readonly fullName: string;
  readonly owner: string;
  readonly repo: string;
  /** Where pull requests go by default: its default target branch, else its default branch. */
  readonly defaultBase?: string;
  /** Its default branch (where the template is read). */
  readonly defaultBranch?: string;
  /** The fork's parent. */
  readonly parent: boolean;
}

export interface SessionView {
  readonly branch: string;
  readonly headRepo: string;
  readonly baseChoices: readonly BaseChoice[];
  readonly headBranches: readonly string[];
  readonly issue?: string;
}

const split = (fullName: string): { owner: string; repo: string } => {
  const i = fullName.indexOf('/');
  return { owner: fullName.slice(0, i), repo: fullName.slice(i + 1) };
};

/** The base repositories a head repository offers: its parent first when it is a fork. */
function baseChoices(repository: Repository): BaseChoice[] {
  const choice = (r: Repository, parent: boolean): BaseChoice => ({
    fullName: r.full_name, ...split(r.full_name), defaultBase: r.default_target_branch || r.default_branch || undefined, defaultBranch: r.default_branch || undefined, parent,
  });
  return repository.fork && repository.parent ? [choice(repository.parent, true), choice(repository, false)] : [choice(repository, false)];
}

/** Whether two lists offer the same base repositories with the same default branches. */
export function sameBases(a: readonly BaseChoice[], b: readonly BaseChoice[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export class PullSession {
  private readonly options = new Map<string, Promise<PullFormOptions>>();
  private headRead: Promise<Repository> | undefined;
  private local: Promise<void> | undefined;
  private remotes: RemoteRepo[] = [];
  private choices: BaseChoice[] = [];
  private branches: string[] = [];
  issue: IssueKey | undefined;

  private constructor(
    readonly services: Services,
    readonly target: Target,
    readonly clone: RepoRef,
    readonly repository: GitRepository,
    /** The git extension's git, for what goes through runGit. */
    readonly gitPath: string,
    readonly branch: string,
    readonly head: RemoteRepo,
  ) {}

  /** The session of the clone's checked-out branch, or why there is none (a sentence). */
  static async start(services: Services, target: Target, clone: RepoRef, branch?: string): Promise<PullSession | string> {
    if (!clone.rootUri) return inertText(vscode.l10n.t('{0}/{1} is not cloned in this workspace: open the clone to create a pull request from its branch.', clone.owner, clone.repo));
    const cloned = await clonedRepository(clone.rootUri);
    if (!cloned) return vscode.l10n.t('The git extension has no repository at {0}.', inertText(clone.rootUri.fsPath));
    const { repository } = cloned;
    // The git extension's state lags behind git run elsewhere (a terminal): ask git now.
    await repository.status();
    const name = branch ?? repository.state.HEAD?.name;
    if (!name) return vscode.l10n.t('No branch is checked out in {0}: check out the branch with your changes first.', inertText(clone.rootUri.fsPath));
    // A branch named by the command's argument reaches git (push, log): only a name git reads as a branch.
    const problem = refNameProblem(name);
    if (problem) return vscode.l10n.t('{0} is not a valid git branch name: {1}.', inertText(JSON.stringify(name.slice(0, 80))), refNameProblemText(problem, vscode.l10n.t));
    // expected: a branch given by name that is not local has no upstream to tell the remote.
    const ref = name === repository.state.HEAD?.name ? repository.state.HEAD : await repository.getBranch(name).catch(() => undefined);
    const head = headRemote(services, repository, clone, ref) ?? { remote: clone.remoteName ?? 'origin', owner: clone.owner, repo: clone.repo };
    const session = new PullSession(services, target, clone, repository, cloned.gitPath, name, head);
    session.remotes = remoteRepos(services, repository, clone);
    return session;
  }

  get headFullName(): string {
    return `${this.head.owner}/${this.head.repo}`;
  }

  /** The issue of the branch and the local branches (git, once). */
  readLocal(): Promise<void> {
    this.local ??= Promise.all([issueOfBranch(this.repository, this.branch), localBranches(this.repository)]).then(([issue, branches]) => {
      this.issue = issue;
      this.branches = branches;
    });
    return this.local;
  }

  /** The head repository from the server (asked once per form). */
  private readHead(signal: AbortSignal): Promise<Repository> {
    this.headRead ??= recentRepositories.read(this.target, this.head, signal);
    return this.headRead;
  }

  /** The head repository from the server (its parent, when a fork), the issue and the local branches. */
  async load(signal: AbortSignal): Promise<SessionView> {
    const [repository] = await Promise.all([this.readHead(signal), this.readLocal()]);
    this.choices = baseChoices(repository);
    return this.viewOf(this.choices);
  }

  /**
   * What the form can start on before the server answers (at once: it waits for nothing, git included): the base
   * repositories as the head repository was last read (a view, a page or another form read it), else the head as its
   * own base with its default branch unknown.
   */
  guessBases(): BaseChoice[] {
    const known = recentRepositories.recent(this.target.account.id, this.head.owner, this.head.repo);
    return known ? baseChoices(known) : [{ fullName: this.headFullName, owner: this.head.owner, repo: this.head.repo, parent: false }];
  }

  private viewOf(choices: readonly BaseChoice[]): SessionView {
    return { branch: this.branch, headRepo: this.headFullName, baseChoices: choices, headBranches: this.branches, issue: this.issueReference(choices[0]?.fullName) };
  }

  choice(fullName: string): BaseChoice | undefined {
    return this.choices.find((c) => c.fullName.toLowerCase() === fullName.toLowerCase());
  }

  /**
   * The options of a base repository (read once per form). `knownDefaultBranch`: its default branch as last known
   * (else as the server's answer of this form says), where the template is read from while the server is asked.
   */
  optionsFor(fullName: string, signal: AbortSignal, knownDefaultBranch?: string): Promise<PullFormOptions> {
    const key = fullName.toLowerCase();
    let options = this.options.get(key);
    if (!options) {
      const at = split(fullName);
      const repository = key === this.headFullName.toLowerCase() ? this.readHead(signal) : recentRepositories.read(this.target, at, signal);
      const known = knownDefaultBranch ?? this.choice(fullName)?.defaultBranch;
      options = loadPullFormOptions(this.target.client, at, this.target.account.username, repository, signal, known);
      // expected: a failed read is not kept, so that the next change of the base repository tries again.
      options.catch(() => this.options.delete(key));
      this.options.set(key, options);
    }
    return options;
  }

  /** `#12` in the issue's own repository, `owner/repo#12` from another. */
  issueReference(baseFullName: string | undefined): string | undefined {
    const issue = this.issue;
    if (!issue || issue.instanceUrl !== this.clone.instanceUrl) return undefined;
    const same = baseFullName?.toLowerCase() === `${issue.owner}/${issue.repo}`.toLowerCase();
    return same ? `#${issue.index}` : `${issue.owner}/${issue.repo}#${issue.index}`;
  }

  /** The branch's commits that the base branch has not (as the clone knows the base), newest first. */
  commitsAgainst(baseFullName: string, base: string | undefined): Promise<readonly GitCommit[]> {
    return commitsSince(this.repository, base ? baseTrackingRef(this.remotes, split(baseFullName), this.head.remote, base) : undefined, this.branch);
  }

  /** The text the form starts with, from the commits against the base, the template and the issue. */
  prefill(draft: PullDraft, options: PullFormOptions, commits: readonly GitCommit[]): PullDraft {
    const p = prefillPull(this.branch, commits, options.template, this.issueReference(draft.baseRepo));
    const labelIds = options.labels.filter((l) => p.labelNames.some((n) => n.toLowerCase() === l.name.toLowerCase())).map((l) => l.id);
    const assignees = options.assignees.filter((a) => p.assignees.some((n) => n.toLowerCase() === a.login.toLowerCase())).map((a) => a.login);
    return {
      ...draft,
      title: draft.title || p.title,
      body: draft.body || p.body,
      labels: draft.labels.length ? draft.labels : labelIds,
      assignees: draft.assignees.length ? draft.assignees : assignees,
      prefilled: true,
    };
  }

  /** The client side of a request for the draft's base repository. */
  targets(draft: PullDraft, signal?: AbortSignal): PullTargets {
    const base = split(draft.baseRepo || this.headFullName);
    const headOwner = draft.baseRepo && draft.baseRepo.toLowerCase() !== this.headFullName.toLowerCase() ? this.head.owner : undefined;
    return { client: this.target.client, baseOwner: base.owner, baseRepo: base.repo, headOwner, wipPrefix: draftPrefix(), signal };
  }

  /** The open pull request of the draft's head and base, if any (shown when the form opens). */
  existing(draft: PullDraft, signal: AbortSignal): Promise<PullRequest | undefined> {
    return draft.base && draft.head ? findOpenPull(this.targets(draft, signal), draft.base, draft.head) : Promise.resolve(undefined);
  }
}
