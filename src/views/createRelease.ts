// "Create Release" (repoCreateRelease): tag, target branch, name, notes, then draft / pre-release. When the
// server refuses (409 tag has a release, 404 target not found, 422 empty repository, …) the reason is explained
// and "Edit and Retry" reopens the steps with everything typed so far, at the step to fix.
import * as vscode from 'vscode';
import type { Branch, Release } from '../api';
import { isGiteaError } from '../api/errorKind';
import type { Services } from '../core/services';
import { BACK, askPickOrType, askSwitches, askText, type TypeOverItem } from '../core/quickInput';
import type { ReleasesProvider } from './releasesView';
import { resolveScope, type ViewScope } from './scope';
import { errorMessage } from './treeNode';
import { inertText } from '../shared/untrustedText';
import { openServerUrl } from '../core/openExternal';

export interface ReleaseDraft {
  readonly tag: string;
  readonly target: string;
  readonly name: string;
  readonly notes: string;
  readonly draft: boolean;
  readonly prerelease: boolean;
}

const EMPTY: ReleaseDraft = { tag: '', target: '', name: '', notes: '', draft: false, prerelease: false };
const TOTAL = 5;
/** What the user typed, per repository, until a release is created: a failure or a dismissal loses nothing. */
const drafts = new Map<string, ReleaseDraft>();

export async function createRelease(services: Services, provider: ReleasesProvider): Promise<Release | undefined> {
  const scope = await resolveScope(services);
  if (!scope) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Sign in and open a Gitea repository to create a release.'));
    return undefined;
  }
  let problem: { step: number; message: string } | undefined;
  for (;;) {
    const draft = await askDraft(scope, drafts.get(scope.key) ?? EMPTY, problem);
    if (!draft) return undefined;
    try {
      const release = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Creating release {0}…', inertText(draft.tag)) },
        () =>
          scope.client.repoCreateRelease({
            ...scope.params,
            body: {
              tag_name: draft.tag,
              ...(draft.target ? { target_commitish: draft.target } : {}),
              name: draft.name || draft.tag,
              body: draft.notes,
              draft: draft.draft,
              prerelease: draft.prerelease,
            },
          }),
      );
      drafts.delete(scope.key);
      provider.reload();
      void announce(release, scope.account.instanceUrl);
      return release;
    } catch (e) {
      problem = explainFailure(e, draft);
      const retry = vscode.l10n.t('Edit and Retry');
      if ((await vscode.window.showErrorMessage(problem.message, retry)) !== retry) return undefined;
    }
  }
}

async function announce(release: Release, instanceUrl: string): Promise<void> {
  const open = vscode.l10n.t('Open in Browser');
  const choice = await vscode.window.showInformationMessage(vscode.l10n.t('Release {0} created.', inertText(release.name || release.tag_name)), open);
  // html_url is the server's text like any other: the one check decides whether and how it opens.
  if (choice === open && release.html_url) await openServerUrl(release.html_url, instanceUrl);
}

/** The sentence for a refusal, and the step where the value to change is asked. */
export function explainFailure(e: unknown, d: ReleaseDraft): { step: number; message: string } {
  if (isGiteaError(e)) {
    switch (e.kind) {
      case 'conflict':
        return { step: 1, message: vscode.l10n.t('The tag "{0}" already has a release. Choose another tag.', inertText(d.tag)) };
      case 'notFound':
        return {
          step: 2,
          message: vscode.l10n.t('The target "{0}" was not found. Choose an existing branch or commit.', inertText(d.target || d.tag)),
        };
      case 'validation':
        if (/empty/i.test(e.serverMessage ?? '')) {
          return { step: 1, message: vscode.l10n.t('The repository is empty: push a commit before creating a release.') };
        }
        return { step: 1, message: vscode.l10n.t('The server refused the release: {0}', inertText(e.serverMessage || e.message)) };
      default:
        break;
    }
  }
  return { step: 1, message: vscode.l10n.t('Could not create the release: {0}', errorMessage(e)) };
}

/** Runs the steps from the first (or from the step of `problem`), with Back; saves the draft as it goes. */
async function askDraft(scope: ViewScope, start: ReleaseDraft, problem?: { step: number; message: string }): Promise<ReleaseDraft | undefined> {
  let d = start;
  let step = problem?.step ?? 1;
  const title = vscode.l10n.t('Create Release in {0}/{1}', scope.repo.owner, scope.repo.repo);
  const save = (next: ReleaseDraft): void => {
    d = next;
    drafts.set(scope.key, d);
  };
  while (step <= TOTAL) {
    const common = { title, step, totalSteps: TOTAL, back: step > 1, errorMessage: problem?.step === step ? problem.message : undefined };
    let result: unknown;
    switch (step) {
      case 1:
        result = await askText({
          ...common,
          prompt: vscode.l10n.t('Tag name (an existing tag, or a new one created at the target)'),
          value: d.tag,
          placeholder: 'v1.0.0',
          validate: (v) => (!v.trim() ? vscode.l10n.t('A tag name is required') : /\s/.test(v.trim()) ? vscode.l10n.t('A tag name has no spaces') : undefined),
        });
        if (typeof result === 'string') save({ ...d, tag: result.trim() });
        break;
      case 2:
        result = await askPickOrType({
          ...common,
          placeholder: vscode.l10n.t('Target branch or commit for a new tag (Enter on an empty box: the default branch)'),
          value: d.target,
          load: (signal) => branchItems(scope, signal),
        });
        if (typeof result === 'string') save({ ...d, target: result.trim() });
        break;
      case 3:
        result = await askText({ ...common, prompt: vscode.l10n.t('Release title'), value: d.name || d.tag });
        if (typeof result === 'string') save({ ...d, name: result.trim() });
        break;
      case 4:
        result = await askText({ ...common, prompt: vscode.l10n.t('Release notes (Markdown, optional)'), value: d.notes });
        if (typeof result === 'string') save({ ...d, notes: result });
        break;
      case 5:
        result = await askSwitches({
          ...common,
          placeholder: vscode.l10n.t('Check what applies, then press Enter to create the release'),
          switches: [
            { key: 'draft', label: vscode.l10n.t('Draft'), detail: vscode.l10n.t('Not published; visible to writers only'), on: d.draft },
            { key: 'prerelease', label: vscode.l10n.t('Pre-release'), detail: vscode.l10n.t('Marked as not ready for production'), on: d.prerelease },
          ],
        });
        if (Array.isArray(result)) save({ ...d, draft: result.includes('draft'), prerelease: result.includes('prerelease') });
        break;
    }
    if (result === undefined) return undefined;
    step = result === BACK ? Math.max(1, step - 1) : step + 1;
  }
  return d;
}

/** The default branch first, then the first page of branches: one page is enough to pick from or type over. */
async function branchItems(scope: ViewScope, signal: AbortSignal): Promise<TypeOverItem[]> {
  const [repo, page] = await Promise.all([
    // expected: without the repository the default branch is simply not put first.
    scope.client.repoGet(scope.params, { signal }).catch(() => undefined),
    scope.client.repoListBranches({ ...scope.params, page: 1 }, { signal }),
  ]);
  const def = repo?.default_branch ?? undefined;
  const names = page.items.map((b: Branch) => b.name).filter((n: string) => n !== def);
  return [
    ...(def ? [{ label: inertText(def), value: def, description: vscode.l10n.t('default branch') }] : []),
    ...names.map((n: string) => ({ label: inertText(n), value: n })),
  ];
}
