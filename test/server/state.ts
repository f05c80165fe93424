// In-memory state of the instance: the tables (see records.ts) and lookups by id and name.
import type {
  Account, ActionRec, AutoMergeRec, CommentRec, CommitStatusRec, DependencyRec, DeployKeyRec, HookRec, IssueRec, JobRec, LabelRec, MilestoneRec,
  OrgRec, ProjectRec, ReactionRec, ReleaseRec, RepoRec, ReviewRec, RunRec, StopwatchRec, TeamRec, TokenRec, TrackedTimeRec, UserRec,
  ArtifactRec, RunnerRec, SecretRec, VariableRec,
} from './records';
import type { NotificationRec } from './notifications';

export * from './records';

type Counters = Record<string, number>;

export class ServerState {
  readonly users: UserRec[] = [];
  readonly orgs: OrgRec[] = [];
  readonly teams: TeamRec[] = [];
  readonly tokens: TokenRec[] = [];
  readonly repos: RepoRec[] = [];
  readonly labels: LabelRec[] = [];
  readonly milestones: MilestoneRec[] = [];
  readonly projects: ProjectRec[] = [];
  readonly issues: IssueRec[] = [];
  readonly dependencies: DependencyRec[] = [];
  readonly stopwatches: StopwatchRec[] = [];
  readonly trackedTimes: TrackedTimeRec[] = [];
  readonly comments: CommentRec[] = [];
  readonly reactions: ReactionRec[] = [];
  readonly reviews: ReviewRec[] = [];
  readonly commitStatuses: CommitStatusRec[] = [];
  readonly autoMerges: AutoMergeRec[] = [];
  readonly hooks: HookRec[] = [];
  readonly deployKeys: DeployKeyRec[] = [];
  readonly releases: ReleaseRec[] = [];
  readonly runs: RunRec[] = [];
  readonly jobs: JobRec[] = [];
  readonly artifacts: ArtifactRec[] = [];
  readonly secrets: SecretRec[] = [];
  readonly variables: VariableRec[] = [];
  readonly runners: RunnerRec[] = [];
  /** `${ownerId}/${repoId}` → the active runner registration token of that scope. */
  readonly runnerTokens = new Map<string, string>();
  readonly actions: ActionRec[] = [];
  /** Repository id → the workflow files disabled in its Actions settings (Gitea's ActionsConfig.DisabledWorkflows). */
  readonly disabledWorkflows = new Map<number, Set<string>>();
  /** Run id → the inputs a workflow_dispatch sent (the run's event payload, for tests to read). */
  readonly dispatchInputs = new Map<number, Record<string, string>>();
  readonly notifications: NotificationRec[] = [];
  /** Old `owner/name` (lower-case) → repository id, after renames (answered with a 307 like Gitea). */
  readonly repoRedirects = new Map<string, number>();
  /** Site settings that change behaviour (Gitea's app.ini). */
  readonly settings = {
    disableStars: false,
    disableMigrations: false,
    allowCrossRepositoryDependencies: true,
    /** Gitea's [storage.actions_artifacts] SERVE_DIRECT: the download redirects to this object store's signed URL. */
    artifactStoreUrl: '',
    /** How long an artifact's signed download link is valid (Gitea: 60 minutes); ≤ 0 gives links expired at once. */
    artifactLinkLifetimeS: 60 * 60,
    /** Gitea's [ui] REACTIONS: what GET /settings/ui lists as allowed_reactions and what may be added. */
    reactions: ['+1', '-1', 'laugh', 'hooray', 'confused', 'heart', 'rocket', 'eyes'],
  };
  private readonly counters: Counters = {};

  /** Next id of a table; seeds may set ids explicitly, so this always exceeds the largest id used. */
  nextId(table: string): number {
    this.counters[table] = (this.counters[table] ?? 0) + 1;
    return this.counters[table];
  }
  /** Records that `id` is taken in `table` (explicit ids in the seed). */
  useId(table: string, id: number): number {
    this.counters[table] = Math.max(this.counters[table] ?? 0, id);
    return id;
  }

  account(id: number): Account | undefined {
    return this.users.find((u) => u.id === id) ?? this.orgs.find((o) => o.id === id);
  }
  user(id: number): UserRec | undefined {
    return this.users.find((u) => u.id === id);
  }
  userByName(name: string): UserRec | undefined {
    const n = name.toLowerCase();
    return this.users.find((u) => u.login.toLowerCase() === n);
  }
  orgByName(name: string): OrgRec | undefined {
    const n = name.toLowerCase();
    return this.orgs.find((o) => o.login.toLowerCase() === n);
  }
  accountByName(name: string): Account | undefined {
    return this.userByName(name) ?? this.orgByName(name);
  }
  repo(id: number): RepoRec | undefined {
    return this.repos.find((r) => r.id === id);
  }
  repoByName(owner: string, name: string): RepoRec | undefined {
    const acc = this.accountByName(owner);
    if (!acc) return undefined;
    const n = name.toLowerCase();
    return this.repos.find((r) => r.ownerId === acc.id && r.name.toLowerCase() === n);
  }
  ownerOf(repo: RepoRec): Account {
    const acc = this.account(repo.ownerId);
    if (!acc) throw new Error(`repository ${repo.id} has no owner`);
    return acc;
  }
  fullName(repo: RepoRec): string {
    return `${this.ownerOf(repo).login}/${repo.name}`;
  }
  issue(id: number): IssueRec | undefined {
    return this.issues.find((i) => i.id === id);
  }
  issueByIndex(repoId: number, index: number): IssueRec | undefined {
    return this.issues.find((i) => i.repoId === repoId && i.index === index);
  }
  label(id: number): LabelRec | undefined {
    return this.labels.find((l) => l.id === id);
  }
  milestone(id: number): MilestoneRec | undefined {
    return this.milestones.find((m) => m.id === id);
  }
  team(id: number): TeamRec | undefined {
    return this.teams.find((t) => t.id === id);
  }
  comment(id: number): CommentRec | undefined {
    return this.comments.find((c) => c.id === id);
  }
  review(id: number): ReviewRec | undefined {
    return this.reviews.find((r) => r.id === id);
  }
  run(id: number): RunRec | undefined {
    return this.runs.find((r) => r.id === id);
  }
}
