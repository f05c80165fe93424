// The `activePullRequest` tool: the pull request checked out in the open repository (or the current branch's, or the
// one named): title, description, state, head and base, mergeability, each reviewer's latest verdict, the unresolved
// review threads (file, line, side, outdated, every comment with its author; the views' model), the CI state of its
// head commit with each failed job's failing lines, and the changed files. Capped (quote.ts CAPS).
import * as vscode from 'vscode';
import type { Services } from '../core/services';
import { repoParams } from '../core/target';
import { messageOf } from '../shared/errors';
import { loadReviews } from '../views/changedFiles/review/reviewData';
import { ciState, recentFailedJobs, type CiState } from './ciFailures';
import { CAPS, FRAMING_NOTE, partsTail, quoted, ResultText, value, word } from './quote';
import type { ToolImplementation } from './standIns';
import { threadPlace, unresolvedThreads } from './threads';
import { runTool } from './toolSupport';
import { pullOfInput } from './workspacePull';

export interface ActivePullRequestInput {
  /** A pull request to read instead of the checked-out one: number, owner/repo#n or URL. */
  readonly pullRequest?: string | number;
}

export function activePullRequestTool(services: Services): ToolImplementation {
  return {
    invoke(options, token) {
      const input = (options.input ?? {}) as ActivePullRequestInput;
      return runTool(token, { what: vscode.l10n.t('the pull request') }, async (signal) => {
        const { target, index } = await pullOfInput(services, input.pullRequest, signal);
        const { client, repo } = target;
        const params = { ...repoParams(repo), index };
        // Two round trips: the pull request, its reviews, files and the repository's failed jobs at once; then each
        // review's comments (the API lists them per review only), the head commit's runs (by its SHA, from the pull
        // request) and the failing lines of its failed jobs.
        const recent = recentFailedJobs(client, repo.owner, repo.repo, signal);
        const pullRead = client.repoGetPullRequest(params, { signal });
        const ciRead = pullRead.then(async (pull): Promise<CiState | string> => {
          const sha = pull.head?.sha;
          if (!sha) return 'not available (no head commit)';
          return ciState(client, repo.owner, repo.repo, sha, signal, await recent).catch((e: unknown) => `not available:\n${quoted('error', 'server', messageOf(e), CAPS.comment)}`);
        });
        const [pull, reviewData, files, ci] = await Promise.all([
          pullRead,
          loadReviews(client, params, signal),
          client.repoGetPullRequestFiles({ ...params, page: 1, limit: CAPS.files }, { signal }),
          ciRead,
        ]);
        const sha = pull.head?.sha;

        const out = new ResultText(vscode.l10n.t('[The result reached its size limit; the issue tool reads the pull request\'s comments, the jobLog tool a job\'s failing lines.]'));
        out.add(FRAMING_NOTE);
        const state = pull.merged ? 'merged' : word(pull.state);
        out.add(`Pull request ${repo.owner}/${repo.repo}#${pull.number} (${state}${pull.draft ? ', draft' : ''})${pull.html_url ? ` ${value(pull.html_url)}` : ''}`);
        out.add(`Author: ${value(pull.user?.login)}`);
        out.add(`Head: ${value(pull.head?.label || pull.head?.ref)} at ${word(sha ?? 'unknown')}; base: ${value(pull.base?.ref)}`);
        out.add(`Mergeable: ${pull.merged ? 'already merged' : pull.mergeable === undefined ? 'unknown' : pull.mergeable ? 'yes' : 'no (conflicts or checks)'}`);
        out.add(`Title:\n${quoted('title', pull.user?.login, pull.title, CAPS.short)}`);
        out.add(`Description:\n${quoted('body', pull.user?.login, pull.body ?? '', CAPS.body)}`);

        // Each reviewer's latest verdict (review requests and others' pending reviews are not verdicts).
        const verdicts = new Map<string, string>();
        for (const r of reviewData.reviews) {
          const full = r as { state: string; user?: { login: string }; dismissed?: boolean };
          if (!full.user || full.state === 'PENDING' || full.state === 'REQUEST_REVIEW') continue;
          if (full.state === 'COMMENT' && verdicts.has(full.user.login)) continue;
          verdicts.set(full.user.login, full.dismissed ? `${word(full.state)} (dismissed)` : word(full.state));
        }
        const requested = reviewData.reviews.filter((r) => r.state === 'REQUEST_REVIEW').map((r) => (r as { user?: { login: string } }).user?.login).filter(Boolean);
        out.add(`Reviews: ${[...verdicts].map(([who, v]) => `${value(who)} ${v}`).join('; ') || 'none'}${requested.length ? `; review requested from ${requested.map((u) => value(u)).join(', ')}` : ''}`);

        const threads = unresolvedThreads(reviewData);
        out.add(`Unresolved review threads: ${threads.length}${threads.length > CAPS.threads ? ` (the first ${CAPS.threads} shown)` : ''}`);
        for (const t of threads.slice(0, CAPS.threads)) {
          const head = `Thread ${t.rootCommentId ?? '(not on the server)'} on ${threadPlace(t)}:`;
          const comments = t.comments.map((c) => quoted('comment', c.author, c.body, CAPS.comment));
          // A thread longer than the room left: its latest comments (the conversation's state), cut from the top.
          const text = partsTail(head, comments, out.room, 'comments of this thread');
          if (text === undefined || !out.add(text)) break;
        }

        out.add(ciText(ci));
        const listed = files.items.slice(0, CAPS.files);
        const total = files.totalCount ?? listed.length;
        out.add(
          `Changed files: ${total}${total > listed.length ? ` (the first ${listed.length} shown)` : ''}\n` +
            listed.map((f) => `${word(f.status ?? 'changed')} ${value(f.filename)}${f.previous_filename ? ` from ${value(f.previous_filename)}` : ''} +${f.additions ?? 0} -${f.deletions ?? 0}`).join('\n'),
        );
        return out.toString();
      });
    },
  };
}

function ciText(ci: CiState | string): string {
  if (typeof ci === 'string') return `CI: ${ci}`;
  if (!ci.runs.length) return 'CI: no Actions run for the head commit';
  const lines = [`CI runs of the head commit (newest first): ${ci.runs.map((r) => `run ${r.id} ${value(r.title)}: ${word(r.state)}`).join('; ')}`];
  for (const job of ci.failedJobs) {
    lines.push(`Failed job ${job.id} ${value(job.name)} (run ${job.runId}):`);
    if (job.unreadable !== undefined) lines.push(`  its log could not be read:\n${quoted('error', 'server', job.unreadable, CAPS.comment)}`);
    else if (!job.lines.length) lines.push('  its log names no file of the repository (the jobLog tool reads the log).');
    else lines.push(quoted('log lines', 'ci', job.lines.join('\n'), CAPS.logLines * (CAPS.logLine + 200)) + (job.more ? '\n  (more failing lines: the jobLog tool reads them all)' : ''));
  }
  if (ci.moreFailedJobs) lines.push(`${ci.moreFailedJobs} more failed jobs not read.`);
  return lines.join('\n');
}
