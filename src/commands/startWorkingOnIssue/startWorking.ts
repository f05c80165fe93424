// Starting work on an issue in the clone, through the git extension's API only: the default branch fetched so the
// new branch starts from its newest commit, a branch named by `gitea.issueBranchName` (asked, prefilled), switched
// to with uncommitted changes carried along or stashed (the user says which), the issue remembered for the branch
// (`branch.<name>.gitea-issue`, read by Create Pull Request for `Closes #N` and by the status bar), and the issue
// assigned to the user when they want it (`gitea.assignIssueWhenStartingWork`).
import * as vscode from 'vscode';
import type { Issue } from '../../api';
import { UNTRACKED_STATUSES, type GitRepository } from '../../git/gitApi';
import { gitArgs } from '../../git/gitCommands';
import { runGit } from '../../git/gitProcess';
import { clonedRepository } from '../../git/gitRepositories';
import { branchConfigKey } from '../../git/pullRequestBranch';
import { DEFAULT_ISSUE_BRANCH_NAME, formatIssueKey, ISSUE_CONFIG_VARIABLE, issueBranchName, parseIssueKey } from '../../git/issueBranch';
import { usableBranchName } from '../../git/pullRequestBranch';
import { messageOf } from '../../core/errors';
import type { RepoRef, Services } from '../../core/services';
import type { Target } from '../../core/target';
import { checkServerRefName, refNameProblem, refNameProblemText } from '../../shared/refName';
import { inertText } from '../../shared/untrustedText';
import { recentRepositories } from '../../core/recentRepositories';

export type StartResult =
  | { readonly kind: 'started'; readonly branch: string; readonly created: boolean; readonly carried: 'clean' | 'carried' | 'stashed'; readonly assigned: boolean }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly message: string };

/** Scripted answers (tests, other commands): the branch name, what to do with changes, whether to assign. */
export interface StartOptions {
  readonly branch?: string;
  readonly changes?: 'carry' | 'stash';
  readonly assign?: boolean;
}

type AssignSetting = 'ask' | 'always' | 'never';

function assignSetting(): AssignSetting {
  const v = vscode.workspace.getConfiguration().get<unknown>('gitea.assignIssueWhenStartingWork');
  return v === 'always' || v === 'never' ? v : 'ask';
}

function branchTemplate(): string {
  const v = vscode.workspace.getConfiguration().get<unknown>('gitea.issueBranchName');
  return typeof v === 'string' && v.trim() ? v : DEFAULT_ISSUE_BRANCH_NAME;
}

/** Tracked files with uncommitted changes (staged, unstaged, in conflict); untracked files do not stop a switch. */
async function changedFiles(repository: GitRepository): Promise<number> {
  await repository.status();
  const { indexChanges, workingTreeChanges, mergeChanges } = repository.state;
  return new Set([...indexChanges, ...workingTreeChanges, ...mergeChanges].filter((c) => !UNTRACKED_STATUSES.has(c.status)).map((c) => c.uri.toString())).size;
}

/** The branch of this issue already made (remembered in git config), if any. */
async function rememberedBranch(repository: GitRepository, key: string): Promise<string | undefined> {
  const suffix = `.${ISSUE_CONFIG_VARIABLE}`;
  for (const { key: k, value } of await repository.getConfigs()) {
    if (!k.toLowerCase().startsWith('branch.') || !k.toLowerCase().endsWith(suffix)) continue;
    const parsed = parseIssueKey(value);
    if (parsed && formatIssueKey(parsed) === key) return k.slice('branch.'.length, -suffix.length);
  }
  return undefined;
}

async function askBranchName(issue: Issue, suggested: string, locals: readonly string[]): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title: vscode.l10n.t('Start Working on #{0}', issue.number),
    prompt: vscode.l10n.t('The new branch, from the up-to-date default branch'),
    value: suggested,
    ignoreFocusOut: true,
    validateInput: (v) => {
      const name = usableBranchName(v.trim());
      if (!name) return notABranchName(v.trim());
      return locals.includes(name) ? vscode.l10n.t('A branch {0} exists already.', inertText(name)) : undefined;
    },
  });
}

/** Why git refuses `typed` as a branch name (the name is the user's or made from the server's issue title). */
function notABranchName(typed: string): string {
  const problem = refNameProblem(typed.replace(/^refs\/heads\//, ''));
  const reason = problem ? refNameProblemText(problem, vscode.l10n.t) : vscode.l10n.t('it names a ref outside refs/heads');
  return vscode.l10n.t('git does not accept {0} as a branch name: {1}.', inertText(JSON.stringify(typed.slice(0, 80))), reason);
}

/** What to do with uncommitted changes: carried onto the new branch (git refuses if they clash), or stashed. */
async function askChanges(count: number): Promise<'carry' | 'stash' | undefined> {
  const carry = vscode.l10n.t('Bring Them Along');
  const stash = vscode.l10n.t('Stash Them');
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('You have uncommitted changes in {0} file(s). Bring them to the new branch, or stash them?', count),
    { modal: true },
    carry,
    stash,
  );
  return choice === carry ? 'carry' : choice === stash ? 'stash' : undefined;
}

export async function startWorking(services: Services, target: Target, clone: RepoRef, number: number, options: StartOptions = {}): Promise<StartResult> {
  if (!clone.rootUri || !clone.remoteName) return { kind: 'failed', message: inertText(vscode.l10n.t('{0}/{1} is not cloned in this workspace.', clone.owner, clone.repo)) };
  const cloned = await clonedRepository(clone.rootUri);
  if (!cloned) return { kind: 'failed', message: vscode.l10n.t('The git extension has no repository at {0}.', inertText(clone.rootUri.fsPath)) };
  const { repository } = cloned;
  const params = { owner: target.repo.owner, repo: target.repo.repo };
  const [issue, repo] = await Promise.all([target.client.issueGetIssue({ ...params, index: number }), recentRepositories.read(target, params)]);
  const key = formatIssueKey({ instanceUrl: clone.instanceUrl, owner: params.owner, repo: params.repo, index: issue.number });
  const remote = clone.remoteName;
  const base = repo.default_branch || 'main';
  // The server's default branch is fetched and branched from: git sees it only once it is a valid branch name.
  const refused = checkServerRefName(base, vscode.l10n.t('the default branch of {0}/{1}', params.owner, params.repo), vscode.l10n.t);
  if (refused) return { kind: 'failed', message: inertText(refused) };
  await repository.status();
  const locals = (await repository.getBranches({ remote: false })).map((b) => b.name).filter((n): n is string => !!n);
  const existing = await rememberedBranch(repository, key);

  let branch = existing && locals.includes(existing) ? existing : undefined;
  if (!branch) {
    const suggested = issueBranchName(branchTemplate(), issue, target.account.username) ?? `issue-${issue.number}`;
    const typed = options.branch ?? (await askBranchName(issue, suggested, locals));
    branch = typed === undefined ? undefined : usableBranchName(typed.trim());
    if (!branch) return typed === undefined ? { kind: 'cancelled' } : { kind: 'failed', message: notABranchName(typed.trim()) };
    if (locals.includes(branch)) return { kind: 'failed', message: vscode.l10n.t('A branch {0} exists already.', inertText(branch)) };
  }

  let carried: 'clean' | 'carried' | 'stashed' = 'clean';
  if (repository.state.HEAD?.name !== branch) {
    const count = await changedFiles(repository);
    if (count) {
      const choice = options.changes ?? (await askChanges(count));
      if (!choice) return { kind: 'cancelled' };
      if (choice === 'stash') {
        const message = vscode.l10n.t('Gitea Workbench: before starting work on #{0}', issue.number);
        if (repository.createStash) await repository.createStash({ message });
        else {
          // The git extension's API has createStash from VS Code 1.97 on; before, git itself stashes (then the
          // status is read again, as the extension would after its own stash).
          const stashed = await runGit(gitArgs.stashPush(message), { git: cloned.gitPath, cwd: repository.rootUri.fsPath });
          if (stashed.code !== 0) return { kind: 'failed', message: inertText(stashed.stderr.trim() || `git stash exited with ${stashed.code}`) };
          await repository.status();
        }
      }
      carried = choice === 'carry' ? 'carried' : 'stashed';
    }
  }

  const created = !locals.includes(branch);
  if (created) {
    // The default branch as the server has it now, so the work starts from its newest commit.
    await repository.fetch({ remote, ref: base });
    await repository.createBranch(branch, true, `${remote}/${base}`);
    const remembered = await runGit(gitArgs.setBranchConfig(branchConfigKey(branch, ISSUE_CONFIG_VARIABLE), key), { git: cloned.gitPath, cwd: repository.rootUri.fsPath });
    if (remembered.code !== 0) services.log.warn(`Could not remember ${key} for ${branch}: ${remembered.stderr.trim()}`);
  } else if (repository.state.HEAD?.name !== branch) {
    await repository.checkout(branch);
  }
  await repository.status();
  services.log.info(`Working on ${params.owner}/${params.repo}#${issue.number} on ${created ? 'the new branch' : 'the branch'} ${branch} (changes ${carried}).`);

  const assigned = await maybeAssign(services, target, issue, options.assign);
  void vscode.window.showInformationMessage(
    created
      ? inertText(vscode.l10n.t('Switched to the new branch {0} from {1}/{2}: commit your work, then create a pull request.', branch, remote, base))
      : vscode.l10n.t('Switched to {0}, the branch of #{1}.', inertText(branch), issue.number),
  );
  return { kind: 'started', branch, created, carried, assigned };
}

/**
 * Assigns the issue to the user, as the setting (or the scripted answer) says. With `ask` the question does not hold
 * the command up: it is answered whenever the user clicks.
 */
async function maybeAssign(services: Services, target: Target, issue: Issue, scripted: boolean | undefined): Promise<boolean> {
  const me = target.account.username.toLowerCase();
  if ((issue.assignees ?? []).some((a) => a.login.toLowerCase() === me)) return false;
  const setting = assignSetting();
  if (scripted === undefined && setting === 'ask') {
    const yes = vscode.l10n.t('Assign to Me');
    void vscode.window
      .showInformationMessage(vscode.l10n.t('Assign #{0} to you?', issue.number), yes)
      .then((choice) => (choice === yes ? assignToMe(services, target, issue) : false));
    return false;
  }
  return (scripted ?? setting === 'always') ? assignToMe(services, target, issue) : false;
}

async function assignToMe(services: Services, target: Target, issue: Issue): Promise<boolean> {
  try {
    const logins = [...(issue.assignees ?? []).map((a) => a.login), target.account.username];
    await target.client.issueEditIssue({ owner: target.repo.owner, repo: target.repo.repo, index: issue.number, body: { assignees: logins } });
    services.views.refresh('issues');
    return true;
  } catch (e) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Could not assign #{0} to you: {1}', issue.number, inertText(messageOf(e))));
    return false;
  }
}
