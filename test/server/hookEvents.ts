// Webhook event normalisation as Gitea's addHook/editHook do it: "issues" switches on every issue event,
// "pull_request" every pull request event; an empty list means ["push"]. Answers list events in a fixed order
// (Gitea iterates a map, so clients must not rely on the order).

const ISSUE_EVENTS = ['issue_assign', 'issue_label', 'issue_milestone', 'issue_comment'];
const PULL_EVENTS = [
  'pull_request_assign',
  'pull_request_label',
  'pull_request_milestone',
  'pull_request_comment',
  'pull_request_review_approved',
  'pull_request_review_rejected',
  'pull_request_review_comment',
  'pull_request_sync',
  'pull_request_review_request',
];
const DIRECT_BEFORE = ['create', 'delete', 'fork', 'push'];
const DIRECT_AFTER = ['wiki', 'repository', 'release', 'package', 'status', 'workflow_run', 'workflow_job'];

export const ALL_HOOK_EVENTS = [...DIRECT_BEFORE, 'issues', ...ISSUE_EVENTS, 'pull_request', ...PULL_EVENTS, ...DIRECT_AFTER];

export function normalizeHookEvents(requested: string[] | undefined): string[] {
  const events = (requested && requested.length ? requested : ['push']).map((e) => e.toLowerCase());
  const has = (e: string) => events.includes(e);
  const out: string[] = [];
  for (const e of DIRECT_BEFORE) if (has(e)) out.push(e);
  if (has('issues') || has('issues_only')) out.push('issues');
  for (const e of ISSUE_EVENTS) if (has(e) || has('issues')) out.push(e);
  if (has('pull_request') || has('pull_request_only')) out.push('pull_request');
  for (const e of PULL_EVENTS) if (has(e) || has('pull_request')) out.push(e);
  for (const e of DIRECT_AFTER) if (has(e)) out.push(e);
  return out;
}

export const HOOK_TYPES = ['dingtalk', 'discord', 'gitea', 'gogs', 'msteams', 'slack', 'telegram', 'feishu', 'wechatwork', 'packagist'];
