// The `issue` tool: an issue or pull request by number, `owner/repo#n` or URL, with its labels, milestone, assignees,
// dependencies and comments (CAPS.comments from `commentsOffset`, each capped; the result says how to read on).
import * as vscode from 'vscode';
import { repoParams } from '../core/target';
import type { Services } from '../core/services';
import { CAPS, FRAMING_NOTE, quoted, ResultText, safeAuthor, value, word } from './quote';
import type { ToolImplementation } from './standIns';
import { issueRefFromInput, readyTarget, runTool, ToolRefusal } from './toolSupport';

export interface IssueInput {
  readonly issue?: string | number;
  readonly repository?: string;
  readonly commentsOffset?: number;
}

export function issueTool(services: Services): ToolImplementation {
  return {
    invoke(options, token) {
      const input = (options.input ?? {}) as IssueInput;
      const what = vscode.l10n.t('the issue {0}', String(input.issue ?? '').slice(0, 200));
      return runTool(token, { what }, async (signal) => {
        if (input.issue === undefined || input.issue === '') throw new ToolRefusal(vscode.l10n.t('Name the issue: its number, owner/repo#number or its URL.'));
        const ref = issueRefFromInput(services, input.issue, input.repository);
        if (ref instanceof ToolRefusal) throw ref;
        const { client, repo } = await readyTarget(services, ref.repo);
        const params = { ...repoParams(repo), index: ref.number };
        const issueAnswer = client.issueGetIssue(params, { signal });
        const commentsAnswer = client.issueGetComments(params, { signal });
        // expected: the comments' failure is reported below, after the issue's own (Gitea answers a missing issue's
        // comments with a 500, the issue itself with a 404: the 404 says what happened).
        commentsAnswer.catch(() => undefined);
        // expected: dependencies are off on the repository (or the instance is older); the result says none were read.
        const dependenciesAnswer = client.issueListIssueDependencies({ ...params, limit: 50 }, { signal }).then((p) => p.items, () => undefined);
        const issue = await issueAnswer;
        const [comments, dependencies] = await Promise.all([commentsAnswer, dependenciesAnswer]);
        const offset = Math.max(0, Math.min(Number(input.commentsOffset) || 0, comments.items.length));
        const shown = comments.items.slice(offset, offset + CAPS.comments);
        let added = 0;
        const out = new ResultText(() =>
          vscode.l10n.t('[The result reached its size limit; ask again with commentsOffset: {0} for the comments after those shown.]', offset + added),
        );
        out.add(FRAMING_NOTE);
        const kind = issue.pull_request ? 'Pull request' : 'Issue';
        out.add(`${kind} ${repo.owner}/${repo.repo}#${issue.number} (${word(issue.state)})${issue.html_url ? ` ${value(issue.html_url)}` : ''}`);
        out.add(`Author: ${value(issue.user?.login ?? issue.original_author)}`);
        out.add(`Labels: ${issue.labels.map((l) => value(l.name)).join(', ') || 'none'}`);
        out.add(`Milestone: ${issue.milestone ? value(issue.milestone.title) : 'none'}`);
        out.add(`Assignees: ${issue.assignees.map((a) => value(a.login)).join(', ') || 'none'}`);
        out.add(
          `Depends on: ${dependencies === undefined ? 'not available' : dependencies.map((d) => `#${d.number} (${word(d.state)}) ${value(d.title)}`).join('; ') || 'none'}`,
        );
        const author = issue.user?.login ?? issue.original_author;
        out.add(`Title:\n${quoted('title', author, issue.title, CAPS.short)}`);
        out.add(`Description:\n${quoted('body', author, issue.body ?? '', CAPS.body)}`);
        out.add(`Comments: ${comments.items.length}${shown.length ? `; from number ${offset + 1}, up to ${CAPS.comments}:` : ''}`);
        for (const c of shown) {
          const by = c.user?.login ?? c.original_author;
          if (!out.add(`Comment ${offset + added + 1} by ${value(safeAuthor(by))} at ${word(c.created_at ?? '?')}:\n${quoted('comment', by, c.body ?? '', CAPS.comment)}`)) break;
          added++;
        }
        const next = offset + added;
        if (!out.truncated && next < comments.items.length) out.add(vscode.l10n.t('[{0} more comments: ask again with commentsOffset: {1}.]', comments.items.length - next, next));
        return out.toString();
      });
    },
  };
}
