// Run Workflow… on a workflow row: the ref (branches and tags by name, the default branch first; a typed name is
// taken as a branch), then one step per input the workflow file declares at that ref under
// `on.workflow_dispatch.inputs` (choices and booleans picked, text and numbers typed and checked: Gitea's API checks
// no input, so required ones and numbers are checked here). Back keeps every value; a refusal reopens the last step
// with the reason. The new run (Gitea 1.26+ names it in the answer; earlier, the newest dispatched run of the file)
// is shown and selected in the CI Jobs view.
import * as vscode from 'vscode';
import { readAllPages } from '../../api/paging';
import { isGiteaError } from '../../api/errorKind';
import { isCancellation, messageOf, showFailure } from '../../core/errors';
import { askPick, askPickOrType, askText, BACK, type PickItem, type StepResult, type TypeOverItem } from '../../core/quickInput';
import type { Services } from '../../core/services';
import { giteaAtLeast } from '../../shared/account';
import { isRepoPath } from '../../shared/repoPath';
import { inertText } from '../../shared/untrustedText';
import { actionRefusal, inputProblem, orderRefs, parseDispatchInputs, type DispatchInput, type InputProblem } from '../../shared/workflowDispatch';
import type { CiJobsProvider } from '../ciJobsView';
import type { ViewScope } from '../scope';
import { TreeNode } from '../treeNode';
import { showRun } from './runActions';
import type { WorkflowData } from './workflowsGroup';

export function problemText(problem: InputProblem, input: DispatchInput): string {
  switch (problem) {
    case 'required':
      return vscode.l10n.t('{0} is required.', input.name);
    case 'notNumber':
      return vscode.l10n.t('{0} takes a number, such as 3 or 0.5.', input.name);
    case 'notOption':
      return vscode.l10n.t('{0} takes one of: {1}.', input.name, input.options.join(', '));
    case 'notBoolean':
      return vscode.l10n.t('{0} takes true or false.', input.name);
  }
}

async function loadRefs(scope: ViewScope, signal: AbortSignal): Promise<TypeOverItem[]> {
  const [repo, branches, tags] = await Promise.all([
    scope.client.repoGet({ ...scope.params }, { signal }),
    readAllPages((page) => scope.client.repoListBranches({ ...scope.params, page }, { signal }), { signal }),
    readAllPages((page) => scope.client.repoListTags({ ...scope.params, page }, { signal }), { signal }),
  ]);
  const refs = orderRefs(repo.default_branch, branches.items.map((b) => b.name ?? '').filter(Boolean), tags.items.map((t) => t.name ?? '').filter(Boolean));
  return refs.map((r) => ({
    label: `$(${r.kind === 'tag' ? 'tag' : 'git-branch'}) ${inertText(r.name)}`,
    description: r.isDefault ? vscode.l10n.t('default branch') : r.kind === 'tag' ? vscode.l10n.t('tag') : undefined,
    value: r.ref,
  }));
}

/** A ref as the dispatch sends it: picked refs are full, a typed name is a branch. */
function fullRef(value: string): string {
  return value.startsWith('refs/') ? value : `refs/heads/${value}`;
}
const shortRef = (ref: string) => ref.replace(/^refs\/(?:heads|tags)\//, '');

/** What of a workflow file is read for its inputs (as Gitea, 1 MiB); the rest is never parsed. */
const MAX_WORKFLOW_BYTES = 1024 * 1024;

type Inputs = { kind: 'inputs'; inputs: readonly DispatchInput[] } | { kind: 'problem'; message: string };

async function inputsAt(scope: ViewScope, workflow: WorkflowData['workflow'], ref: string): Promise<Inputs> {
  const shownFile = inertText(workflow.path ?? workflow.id);
  if (!isRepoPath(workflow.path)) return { kind: 'problem', message: vscode.l10n.t('The server named the workflow file {0}, which is not a file path.', shownFile) };
  let text: string;
  try {
    const bytes = await scope.client.repoGetRawFile({ ...scope.params, filepath: workflow.path, ref: shortRef(ref) });
    text = new TextDecoder().decode(bytes.subarray(0, MAX_WORKFLOW_BYTES));
  } catch (e) {
    if (isGiteaError(e) && e.kind === 'notFound') return { kind: 'problem', message: vscode.l10n.t('{0} has no {1}: pick another branch or tag.', inertText(shortRef(ref)), shownFile) };
    throw e;
  }
  const parsed = parseDispatchInputs(text);
  if (parsed.kind === 'noDispatch') return { kind: 'problem', message: vscode.l10n.t('{0} on {1} has no workflow_dispatch trigger: it cannot be run by hand.', shownFile, inertText(shortRef(ref))) };
  if (parsed.kind === 'invalid') return { kind: 'problem', message: vscode.l10n.t('{0} on {1} is not a workflow Gitea can read: {2}', shownFile, inertText(shortRef(ref)), inertText(parsed.problem)) };
  return parsed;
}

function askInput(input: DispatchInput, value: string, o: { title: string; step: number; totalSteps: number; errorMessage?: string }): Promise<StepResult<string>> {
  const prompt = [input.name, input.description].filter(Boolean).join(': ') + (input.required ? ` ${vscode.l10n.t('(required)')}` : '');
  if (input.type === 'choice' || input.type === 'boolean') {
    const values = input.type === 'boolean' ? ['true', 'false'] : input.options;
    const items: PickItem<string>[] = values.map((v) => ({ label: inertText(v), value: v, description: v === input.default ? vscode.l10n.t('default') : undefined }));
    if (!input.required && input.type === 'choice') items.push({ label: vscode.l10n.t('(none)'), value: '' });
    return askPick({ ...o, placeholder: inertText(o.errorMessage ?? prompt), items, active: value, back: true });
  }
  return askText({
    ...o,
    prompt,
    value,
    back: true,
    placeholder: input.type === 'environment' ? vscode.l10n.t('An environment name') : undefined,
    validate: (v) => {
      const problem = inputProblem(input, v);
      return problem && problemText(problem, input);
    },
  });
}

export async function runWorkflow(services: Services, provider: CiJobsProvider, node: unknown): Promise<boolean> {
  const scope = provider.currentScope;
  const data = node instanceof TreeNode ? (node.data as WorkflowData | undefined) : undefined;
  if (!scope || data?.kind !== 'workflow') return false;
  const workflow = data.workflow;
  const shownName = inertText(workflow.name || workflow.id);
  let ref = '';
  let inputs: readonly DispatchInput[] = [];
  const values = new Map<string, string>();
  let step = 0;
  let errorMessage: string | undefined;
  for (;;) {
    const title = ref ? vscode.l10n.t('Run {0} on {1}', shownName, inertText(shortRef(ref))) : vscode.l10n.t('Run {0}', shownName);
    const totalSteps = 1 + inputs.length;
    if (step === 0) {
      const picked = await askPickOrType({
        title, step: 1, totalSteps: Math.max(totalSteps, 1), errorMessage, value: '',
        placeholder: vscode.l10n.t('The branch or tag to run the workflow on'),
        load: (signal) => loadRefs(scope, signal),
      });
      errorMessage = undefined;
      if (picked === undefined || picked === BACK) return false;
      ref = fullRef(picked);
      let found: Inputs;
      try {
        found = await vscode.window.withProgress({ location: { viewId: provider.viewId } }, () => inputsAt(scope, workflow, ref));
      } catch (e) {
        if (isCancellation(e)) return false;
        errorMessage = vscode.l10n.t('Could not read the workflow file: {0}', messageOf(e));
        continue;
      }
      if (found.kind === 'problem') {
        errorMessage = found.message;
        continue;
      }
      inputs = found.inputs;
      step = 1;
    } else if (step <= inputs.length) {
      const input = inputs[step - 1]!;
      const answer = await askInput(input, values.get(input.name) ?? input.default, { title, step: step + 1, totalSteps, errorMessage });
      errorMessage = undefined;
      if (answer === undefined) return false;
      if (answer === BACK) {
        step--;
        continue;
      }
      values.set(input.name, answer);
      const problem = inputProblem(input, answer);
      if (problem) errorMessage = problemText(problem, input);
      else step++;
    } else {
      const refusal = await dispatch(services, provider, scope, workflow, ref, inputs, values);
      if (refusal === undefined) return true;
      if (refusal === false) return false;
      errorMessage = refusal;
      step = inputs.length; // the last input, or the ref when there is none
    }
  }
}

/** Dispatches; true when the run started, a message to show on the last step for a refusal, false for a failure shown. */
async function dispatch(
  services: Services, provider: CiJobsProvider, scope: ViewScope, workflow: WorkflowData['workflow'], ref: string,
  inputs: readonly DispatchInput[], values: ReadonlyMap<string, string>,
): Promise<string | false | undefined> {
  const sent: Record<string, string> = {};
  for (const input of inputs) {
    const value = values.get(input.name) ?? input.default;
    if (value !== '') sent[input.name] = value;
  }
  const shownName = inertText(workflow.name || workflow.id);
  const shownRef = inertText(shortRef(ref));
  let runId: number | undefined;
  try {
    runId = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Starting {0} on {1}…', shownName, shownRef) }, async () => {
      const details = await scope.client.ActionsDispatchWorkflow({
        ...scope.params,
        workflow_id: workflow.id,
        ...(giteaAtLeast(scope.account, 1, 26) ? { return_run_details: true } : {}),
        body: { ref, ...(inputs.length ? { inputs: sent } : {}) },
      });
      if (details) return details.workflow_run_id;
      // Before 1.26 the answer is empty: the newest dispatched run of this file is the one.
      const runs = await scope.client.getWorkflowRuns({ ...scope.params, event: 'workflow_dispatch' });
      return runs.items.find((r) => (r.path ?? '').startsWith(`${workflow.id}@`))?.id;
    });
  } catch (e) {
    if (isCancellation(e)) return false;
    const refusal = isGiteaError(e) ? actionRefusal(e) : undefined;
    switch (refusal) {
      case 'forbidden':
        return vscode.l10n.t('Running a workflow needs write access to the repository\'s Actions.');
      case 'disabled':
        return vscode.l10n.t('{0} is disabled: enable it first.', shownName);
      case 'gone':
        return vscode.l10n.t('The server has no {0} on {1} (any more).', inertText(workflow.path ?? workflow.id), shownRef);
      case 'noDispatch':
        return vscode.l10n.t('{0} on {1} has no workflow_dispatch trigger: it cannot be run by hand.', shownName, shownRef);
      default:
        showFailure(services, vscode.l10n.t('Could not start {0}', shownName), e);
        return false;
    }
  }
  services.log.info(`Dispatched ${workflow.id} on ${ref}${runId !== undefined ? ` (run ${runId})` : ''}.`);
  if (runId !== undefined) await showRun(provider, scope, runId, services.log);
  else provider.refresh();
  void vscode.window.showInformationMessage(vscode.l10n.t('Started {0} on {1}: the new run waits for a runner.', shownName, shownRef));
  return undefined;
}
