// The `createPullRequest` tool: a pull request from the branch checked out in the open repository, by the Create Pull
// Request form's rules and with its code (commands/createPullRequest): into the parent when the repository is a fork,
// the base repository's default branch unless one is named, the title and description from the branch's commits and
// the repository's template unless given (with `Closes #N` for the branch's issue, the template's labels and
// assignees), the branch pushed first when the server lacks it or some of its commits. It asks first (writingTool.ts),
// showing all of that; Gitea's checks the form makes before sending (nothing to compare, already open) refuse.
import * as vscode from 'vscode';
import { gitFailure, pushBranch, pushState, rememberPullRequest, type PushState } from '../commands/createPullRequest/branchState';
import { emptyPullDraft, titleToSend, wipPrefixOf, type PullDraft } from '../commands/createPullRequest/pullDraft';
import type { PullFormOptions } from '../commands/createPullRequest/pullOptions';
import { draftPrefix, PullSession } from '../commands/createPullRequest/pullSession';
import { checkBeforeCreate, createPull, type PullSubmitOutcome } from '../commands/createPullRequest/submitPull';
import type { Services } from '../core/services';
import { refNameProblem } from '../shared/refName';
import { CAPS, quoted, value } from './quote';
import type { ToolImplementation } from './standIns';
import { readyTarget, ToolRefusal } from './toolSupport';
import { checkedText, writingTool, type Confirmation } from './writingTool';
import { TITLE_MAX } from './createIssueTool';

export interface CreatePullRequestInput {
  readonly title?: string;
  readonly body?: string;
  /** The base branch; the base repository's default branch when not given. */
  readonly base?: string;
  /** A work in progress (Gitea marks it by a title prefix). */
  readonly draft?: boolean;
}

export interface PullPlan {
  readonly session: PullSession;
  readonly draft: PullDraft;
  readonly options: PullFormOptions;
  readonly push: PushState;
}

/** Why an outcome the form shows at its fields is no pull request: its messages (they quote the server), framed. */
function outcomeRefusal(o: Exclude<PullSubmitOutcome, { status: 'created' }>): ToolRefusal {
  const lines = o.status === 'cancelled' ? [] : o.status === 'failed' ? [o.general] : [...Object.values(o.fields), ...('general' in o && o.general ? [o.general] : [])];
  return new ToolRefusal([vscode.l10n.t('The pull request was not created.'), ...(lines.length ? [quoted('error', 'server', lines.join('\n'), CAPS.comment)] : [])].join('\n'));
}

async function plan(services: Services, input: CreatePullRequestInput, signal: AbortSignal): Promise<PullPlan> {
  const title = input.title === undefined ? '' : checkedText(input.title, vscode.l10n.t('The title'), TITLE_MAX);
  const body = input.body === undefined ? '' : checkedText(input.body, vscode.l10n.t('The description'), undefined, true);
  if (input.base !== undefined && (typeof input.base !== 'string' || refNameProblem(input.base))) {
    throw new ToolRefusal(vscode.l10n.t('{0} is not a branch name git accepts.', value(String(input.base))));
  }
  const target = await readyTarget(services, services.repos.active);
  const session = await PullSession.start(services, target, target.repo);
  if (typeof session === 'string') throw new ToolRefusal(session);
  const view = await session.load(signal);
  const choice = view.baseChoices[0];
  if (!choice) throw new ToolRefusal(vscode.l10n.t('The server did not say which repository the pull request goes into.'));
  const [options, push] = await Promise.all([session.optionsFor(choice.fullName, signal, choice.defaultBranch), pushState(session.repository, session.head.remote, session.branch)]);
  if (options.archived) throw new ToolRefusal(vscode.l10n.t('{0} is archived: it takes no pull requests.', options.repo));
  const base = input.base || choice.defaultBase || options.defaultBase || '';
  if (!base) throw new ToolRefusal(vscode.l10n.t('{0} has no default branch: name the base branch.', choice.fullName));
  let draft: PullDraft = { ...emptyPullDraft(), title, body, base, head: session.branch, baseRepo: choice.fullName, draft: input.draft === true };
  draft = session.prefill(draft, options, await session.commitsAgainst(choice.fullName, base));
  if (!draft.draft && wipPrefixOf(draft.title, [draftPrefix()])) draft = { ...draft, draft: true };
  const problem = await checkBeforeCreate(session.targets(draft, signal), draft);
  if (problem) throw outcomeRefusal(problem as Exclude<PullSubmitOutcome, { status: 'created' }>);
  return { session, draft, options, push };
}

function confirmation(p: PullPlan): Confirmation {
  const { session, draft } = p;
  const account = session.target.account;
  const labels = p.options.labels.filter((l) => draft.labels.includes(l.id)).map((l) => l.name);
  const pushing = !p.push.onRemote || p.push.ahead > 0;
  return {
    title: vscode.l10n.t('Create a pull request in {0}?', draft.baseRepo),
    question: vscode.l10n.t('Create this pull request as {0} in {1} ({2})?', account.username, draft.baseRepo, account.instanceUrl),
    parts: [
      { label: vscode.l10n.t('Merge the branch (of {0}) into the branch:', session.headFullName), text: `${draft.head}\n${draft.base}` },
      ...(pushing
        ? [
            p.push.onRemote
              ? { label: vscode.l10n.t('First push {0} commit(s) of the branch to the remote:', p.push.ahead), text: session.head.remote }
              : { label: vscode.l10n.t('First push the branch (and track it) to the remote:'), text: session.head.remote },
          ]
        : []),
      { label: vscode.l10n.t('Title:'), text: titleToSend(draft, draftPrefix()) },
      { label: vscode.l10n.t('Description:'), text: draft.body },
      ...(labels.length ? [{ label: vscode.l10n.t('Labels:'), text: labels.join('\n') }] : []),
      ...(draft.assignees.length ? [{ label: vscode.l10n.t('Assignees:'), text: draft.assignees.join('\n') }] : []),
    ],
    progress: vscode.l10n.t('Creating a pull request in {0}', draft.baseRepo),
  };
}

/** git's message without the user and password of a URL it names (a remote's URL may carry a token). Linear: a
 * match starts at `://` and its run holds no `/`, so no two runs overlap. */
function withoutUserInfo(text: string): string {
  return text.replace(/:\/\/[^\s/@]*@/g, '://');
}

export function createPullRequestTool(services: Services): ToolImplementation {
  return writingTool<PullPlan>('createPullRequest', {
    plan: (input, signal) => plan(services, (input ?? {}) as CreatePullRequestInput, signal),
    confirmation,
    async send({ session, draft, push }, signal) {
      if (!push.onRemote || push.ahead > 0) {
        try {
          await pushBranch(session.repository, session.head.remote, draft.head, !push.tracks);
        } catch (e) {
          throw new ToolRefusal(`${vscode.l10n.t('Could not push {0} to {1}: nothing was sent to the server.', value(draft.head), value(session.head.remote))}\n${quoted('error', 'git', withoutUserInfo(gitFailure(e)), CAPS.comment)}`);
        }
        services.log.info(`Pushed ${draft.head} to ${session.head.remote} before creating a pull request (language-model tool).`);
      }
      const targets = session.targets(draft, signal);
      const outcome = await createPull(targets, draft);
      if (outcome.status !== 'created') throw outcomeRefusal(outcome);
      const pull = outcome.pull;
      await rememberPullRequest(session.repository, session.gitPath, draft.head, { instanceUrl: session.clone.instanceUrl, owner: targets.baseOwner, repo: targets.baseRepo, index: pull.number, title: pull.title })
        .catch((e: unknown) => services.log.warn(`Could not remember pull request #${pull.number} for ${draft.head}: ${gitFailure(e)}`));
      services.views.refresh('pullRequests', 'branchStatus');
      return [
        `Created pull request ${targets.baseOwner}/${targets.baseRepo}#${pull.number} as ${value(session.target.account.username)} from ${value(draft.head)} into ${value(draft.base)}${pull.html_url ? `: ${value(pull.html_url)}` : '.'}`,
        ...(outcome.warning ? [quoted('error', 'server', outcome.warning, CAPS.comment)] : []),
      ].join('\n');
    },
    failureLead: () => vscode.l10n.t('The pull request was not created.'),
  });
}
