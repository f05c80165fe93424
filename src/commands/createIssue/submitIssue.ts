// Sending the Create Issue form: local checks, POST /repos/{o}/{r}/issues, and each failure turned into what
// the form shows (a message next to its field, or a banner: archived, precondition, forbidden).
import * as vscode from 'vscode';
import type { Issue } from '../../api';
import { isGiteaError } from '../../api/errorKind';
import { messageOf } from '../../core/errors';
import type { Target } from '../../core/target';
import { serverTakesProjectIds } from './formOptions';
import { fieldOfServerMessage, localProblems, toCreateIssueBody, type DraftField, type IssueDraft } from './issueDraft';

export type SubmitOutcome =
  | { readonly status: 'created'; readonly issue: Issue }
  /** Nothing was sent, or the server refused a field: messages by field, maybe a general one. */
  | { readonly status: 'invalid'; readonly fields: Readonly<Partial<Record<string, string>>>; readonly general?: string }
  /** 423: the repository is archived. `canUnarchive` for repository admins. */
  | { readonly status: 'archived'; readonly general: string; readonly canUnarchive: boolean }
  | { readonly status: 'failed'; readonly general: string; readonly kind?: string };

function localMessages(draft: IssueDraft): Partial<Record<DraftField, string>> {
  const fields: Partial<Record<DraftField, string>> = {};
  for (const [field, problem] of Object.entries(localProblems(draft)) as [DraftField, string][]) {
    fields[field] = problem === 'required' ? vscode.l10n.t('A title is required.') : vscode.l10n.t('Use a date such as 2026-05-31.');
  }
  return fields;
}

/** The banner of an archived repository: shown when the form opens, and after a 423. */
export function archivedMessage(owner: string, repo: string): string {
  return vscode.l10n.t('The repository {0}/{1} is archived: it takes no new issues.', owner, repo);
}

export async function submitIssue(target: Target, draft: IssueDraft, options: { isAdmin: () => Promise<boolean>; signal?: AbortSignal }): Promise<SubmitOutcome> {
  const local = localMessages(draft);
  if (Object.keys(local).length) return { status: 'invalid', fields: local };
  const { owner, repo } = target.repo;
  try {
    const issue = await target.client.issueCreateIssue({ owner, repo, body: toCreateIssueBody(draft, { sendProjects: serverTakesProjectIds(target.account) }) }, { signal: options.signal });
    return { status: 'created', issue };
  } catch (e) {
    if (!isGiteaError(e)) return { status: 'failed', general: messageOf(e) };
    const server = e.serverMessage || e.message;
    switch (e.kind) {
      case 'validation':
      case 'badRequest': {
        // 422 "[Title]: Required", "Assignee does not exist"; 400 for an unknown milestone, label or project.
        const field = fieldOfServerMessage(e.details.field ? `[${e.details.field}]` : server) ?? fieldOfServerMessage(server);
        return field ? { status: 'invalid', fields: { [field]: server } } : { status: 'invalid', fields: {}, general: server };
      }
      case 'archived':
        return {
          status: 'archived',
          general: archivedMessage(owner, repo),
          // expected: whoever cannot read their permissions is not offered to unarchive.
          canUnarchive: await options.isAdmin().catch(() => false),
        };
      case 'precondition':
        return {
          status: 'invalid',
          fields: {
            closed: vscode.l10n.t('The issue cannot be created closed while it has open dependencies. Untick "Create closed", or close the dependencies first.'),
          },
          general: server,
        };
      case 'forbidden':
        return {
          status: 'failed',
          kind: e.kind,
          general: vscode.l10n.t('You may not create issues in {0}/{1} (the server said: "{2}"). Ask a repository administrator for access.', owner, repo, server),
        };
      default:
        return { status: 'failed', kind: e.kind, general: e.message };
    }
  }
}

/** Unarchives the repository (repository admins only); the caller then sends the issue again. */
export async function unarchive(target: Target, signal?: AbortSignal): Promise<void> {
  await target.client.repoEdit({ owner: target.repo.owner, repo: target.repo.repo, body: { archived: false } }, { signal });
}
