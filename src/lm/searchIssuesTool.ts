// The `searchIssues` tool: issues and pull requests of a repository (the open one by default), or the user's across
// the instance (assigned, created, mentioned, review requested), with state, type, label and text filters. One page
// of 30 at a time; titles are JSON strings (quote.ts).
import * as vscode from 'vscode';
import type { Issue } from '../api';
import type { Services } from '../core/services';
import { repoParams } from '../core/target';
import { FRAMING_NOTE, ResultText, value, word } from './quote';
import type { ToolImplementation } from './standIns';
import { readyTarget, repoFromInput, runTool } from './toolSupport';

export interface SearchIssuesInput {
  /** `repository` (default) or `mine`: the signed-in user's across the instance. */
  readonly scope?: 'repository' | 'mine';
  readonly relation?: 'assigned' | 'created' | 'mentioned' | 'reviewRequested';
  readonly state?: 'open' | 'closed' | 'all';
  readonly type?: 'issues' | 'pulls';
  /** Comma-separated label names. */
  readonly labels?: string;
  readonly query?: string;
  readonly repository?: string;
  readonly page?: number;
}

export const SEARCH_PAGE_SIZE = 30;

export function searchIssuesTool(services: Services): ToolImplementation {
  return {
    invoke(options, token) {
      const input = (options.input ?? {}) as SearchIssuesInput;
      return runTool(token, { what: vscode.l10n.t('the issues') }, async (signal) => {
        const target = await readyTarget(services, repoFromInput(services, input.repository));
        const page = Number.isSafeInteger(input.page) && input.page! > 0 ? input.page! : 1;
        const state: 'open' | 'closed' | 'all' = input.state === 'closed' || input.state === 'all' ? input.state : 'open';
        const type = input.type === 'issues' || input.type === 'pulls' ? input.type : undefined;
        const filters = {
          state,
          ...(type ? { type } : {}),
          ...(input.labels ? { labels: String(input.labels).slice(0, 500) } : {}),
          ...(input.query ? { q: String(input.query).slice(0, 500) } : {}),
          page,
          limit: SEARCH_PAGE_SIZE,
        };
        const me = target.account.username;
        const mine = input.scope === 'mine';
        const result = mine
          ? await target.client.issueSearchIssues(
              {
                ...filters,
                ...(input.relation === 'assigned' ? { assigned: true } : {}),
                ...(input.relation === 'created' ? { created: true } : {}),
                ...(input.relation === 'mentioned' ? { mentioned: true } : {}),
                ...(input.relation === 'reviewRequested' ? { review_requested: true } : {}),
              },
              { signal },
            )
          : await target.client.issueListIssues(
              {
                ...repoParams(target.repo),
                ...filters,
                ...(input.relation === 'assigned' ? { assigned_by: me } : {}),
                ...(input.relation === 'created' ? { created_by: me } : {}),
                ...(input.relation === 'mentioned' ? { mentioned_by: me } : {}),
              },
              { signal },
            );
        const out = new ResultText(vscode.l10n.t('[The result reached its size limit; ask for page {0}.]', page + 1));
        out.add(FRAMING_NOTE);
        const where = mine ? `the issues and pull requests of ${value(me)} on ${value(target.account.instanceUrl)}` : `${target.repo.owner}/${target.repo.repo}`;
        out.add(`Page ${page} of ${where} (${state}${type ? `, ${type}` : ''}): ${result.items.length} found${result.totalCount !== undefined ? ` of ${result.totalCount}` : ''}.`);
        for (const issue of result.items.slice(0, SEARCH_PAGE_SIZE)) if (!out.add(line(issue, mine))) break;
        if (!out.truncated && result.hasMore) out.add(vscode.l10n.t('[More results: ask for page {0}.]', page + 1));
        return out.toString();
      });
    },
  };
}

function line(issue: Issue, withRepo: boolean): string {
  const kind = issue.pull_request ? 'pull request' : 'issue';
  const repo = withRepo && issue.repository?.full_name ? word(issue.repository.full_name) : '';
  const labels = issue.labels.length ? ` labels ${issue.labels.map((l) => value(l.name)).join(', ')}` : '';
  return `- ${repo}#${issue.number} ${kind} (${word(issue.state)}) by ${value(issue.user?.login ?? issue.original_author)}${labels}, updated ${word(issue.updated_at ?? '?')}: title ${value(issue.title)}`;
}
