// The language-model tools' implementations by name (dist/workbench.js): one line per tool. Registered at activation
// through the relays of ./standIns.ts, which load them on a tool's first call.
import type { Services } from '../core/services';
import { activePullRequestTool } from './activePullRequestTool';
import { commentTool } from './commentTool';
import { createIssueTool } from './createIssueTool';
import { createPullRequestTool } from './createPullRequestTool';
import { issueTool } from './issueTool';
import { jobLogTool } from './jobLogTool';
import { notificationsTool } from './notificationsTool';
import { replyToReviewThreadTool } from './replyToReviewThreadTool';
import { rerunFailedJobsTool } from './rerunFailedJobsTool';
import { searchIssuesTool } from './searchIssuesTool';
import type { ToolImplementation } from './standIns';

/** The tool names of package.json (`contributes.languageModelTools`). */
export const TOOL = {
  comment: 'gitea_comment',
  createIssue: 'gitea_createIssue',
  createPullRequest: 'gitea_createPullRequest',
  replyToReviewThread: 'gitea_replyToReviewThread',
  rerunFailedJobs: 'gitea_rerunFailedJobs',
  issue: 'gitea_issue',
  activePullRequest: 'gitea_activePullRequest',
  jobLog: 'gitea_jobLog',
  notifications: 'gitea_notifications',
  searchIssues: 'gitea_searchIssues',
} as const;

export function languageModelTools(services: Services): ReadonlyMap<string, ToolImplementation> {
  return new Map<string, ToolImplementation>([
    [TOOL.activePullRequest, activePullRequestTool(services)],
    [TOOL.comment, commentTool(services)],
    [TOOL.createIssue, createIssueTool(services)],
    [TOOL.createPullRequest, createPullRequestTool(services)],
    [TOOL.issue, issueTool(services)],
    [TOOL.jobLog, jobLogTool(services)],
    [TOOL.notifications, notificationsTool(services)],
    [TOOL.replyToReviewThread, replyToReviewThreadTool(services)],
    [TOOL.rerunFailedJobs, rerunFailedJobsTool(services)],
    [TOOL.searchIssues, searchIssuesTool(services)],
  ]);
}
