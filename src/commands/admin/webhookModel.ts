// Webhook bodies: the organization hook create body (POST /orgs/{org}/hooks) and the user hook edit body
// (PATCH /user/hooks/{id}). Platform neutral (no `vscode`) so the rules are unit-tested.
//
// Trap of the real server: every PATCH of a hook rewrites `events` and `branch_filter` from the body (an omitted
// branch filter becomes "", omitted events become ["push"]). The edit body therefore always carries both, with
// the hook's current values for whatever the user did not change.

import { checkHttpUrl, plainText, type Translate } from '../../shared/validation';
import type { HookSource } from '../../shared/webhooks';
export { hookTarget } from '../../shared/webhooks';

/** The ten hook types the server accepts, in the server's order. */
export const HOOK_TYPES = [
  'dingtalk',
  'discord',
  'gitea',
  'gogs',
  'msteams',
  'slack',
  'telegram',
  'feishu',
  'wechatwork',
  'packagist',
] as const;
export type HookType = (typeof HOOK_TYPES)[number];

export const CONTENT_TYPES = ['json', 'form'] as const;

/** Event names of Gitea's hook API, grouped as on its webhook page. Unknown names on a hook are kept as they are. */
export const HOOK_EVENT_GROUPS: ReadonlyArray<{ group: 'repository' | 'issues' | 'pullRequests'; events: readonly string[] }> = [
  {
    group: 'repository',
    events: ['create', 'delete', 'fork', 'push', 'repository', 'release', 'package', 'wiki', 'status', 'workflow_run', 'workflow_job'],
  },
  { group: 'issues', events: ['issues', 'issue_assign', 'issue_label', 'issue_milestone', 'issue_comment'] },
  {
    group: 'pullRequests',
    events: [
      'pull_request',
      'pull_request_assign',
      'pull_request_label',
      'pull_request_milestone',
      'pull_request_comment',
      'pull_request_review_approved',
      'pull_request_review_rejected',
      'pull_request_review_comment',
      'pull_request_sync',
      'pull_request_review_request',
    ],
  },
];
export const ALL_HOOK_EVENTS: readonly string[] = HOOK_EVENT_GROUPS.flatMap((g) => g.events);

/** The fields of a Hook that the commands read (structural subset of the client's Hook). */
export type { HookSource } from '../../shared/webhooks';

/** CreateHookOption, plus the organization it is created in. */
export interface OrgHookInput {
  org: string;
  type: string;
  config: Record<string, string>;
  events?: string[];
  branch_filter?: string;
  /** Secret: goes into the one request only. */
  authorization_header?: string;
  active?: boolean;
  name?: string;
}

export interface CreateHookBody {
  type: string;
  config: { url: string; content_type: string; [key: string]: string };
  events: string[];
  branch_filter: string;
  active: boolean;
  authorization_header?: string;
  name?: string;
}

/** Problems of a create input, keyed by field (`config.url`, `config.content_type`, …). Empty when fine. */
export function validateOrgHook(input: OrgHookInput, t: Translate = plainText): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!input.org) problems.org = t('Choose the organization.');
  if (!(HOOK_TYPES as readonly string[]).includes(input.type)) {
    problems.type = t('Choose one of the hook types: {0}.', HOOK_TYPES.join(', '));
  }
  const url = checkHttpUrl(input.config.url ?? '', t);
  if (url) problems['config.url'] = url;
  if (!(CONTENT_TYPES as readonly string[]).includes(input.config.content_type ?? '')) {
    problems['config.content_type'] = t('Choose the content type: json or form.');
  }
  if (input.type === 'slack' && !(input.config.channel ?? '').trim()) {
    problems['config.channel'] = t('A Slack hook needs a channel, like #general.');
  }
  if (!input.events || input.events.length === 0) {
    problems.events = t('Choose at least one event (with none, the server subscribes the hook to push only).');
  }
  return problems;
}

/** The POST body. `active` is always sent: the API's default is false, unlike the web page's. */
export function buildCreateHookBody(input: OrgHookInput): CreateHookBody {
  const config: CreateHookBody['config'] = { url: (input.config.url ?? '').trim(), content_type: input.config.content_type ?? '' };
  for (const [k, v] of Object.entries(input.config)) if (v !== undefined && v !== '' && k !== 'url' && k !== 'content_type') config[k] = v;
  const body: CreateHookBody = {
    type: input.type,
    config,
    events: [...(input.events ?? [])],
    branch_filter: input.branch_filter?.trim() || '*',
    active: input.active ?? true,
  };
  if (input.authorization_header) body.authorization_header = input.authorization_header;
  if (input.name?.trim()) body.name = input.name.trim();
  return body;
}

/** What the user changed on an existing hook; absent = unchanged. */
export interface HookChanges {
  url?: string;
  content_type?: string;
  /** Further config keys (e.g. Slack's `channel`, or `secret`). */
  config?: Record<string, string>;
  events?: string[];
  branch_filter?: string;
  active?: boolean;
  name?: string;
  /** Secret: sent when entered, never shown or kept. */
  authorization_header?: string;
}

export interface EditHookBody {
  events: string[];
  branch_filter: string;
  active?: boolean;
  config?: Record<string, string>;
  name?: string;
  authorization_header?: string;
}

export function validateHookChanges(changes: HookChanges, t: Translate = plainText): Record<string, string> {
  const problems: Record<string, string> = {};
  if (changes.url !== undefined) {
    const p = checkHttpUrl(changes.url, t);
    if (p) problems['config.url'] = p;
  }
  if (changes.content_type !== undefined && !(CONTENT_TYPES as readonly string[]).includes(changes.content_type)) {
    problems['config.content_type'] = t('Choose the content type: json or form.');
  }
  if (changes.events !== undefined && changes.events.length === 0) {
    problems.events = t('Choose at least one event (with none, the server subscribes the hook to push only).');
  }
  return problems;
}

/** The PATCH body: current events and branch filter always, plus only the fields that changed. */
export function buildEditHookBody(current: HookSource, changes: HookChanges): EditHookBody {
  const body: EditHookBody = {
    events: [...(changes.events ?? current.events ?? [])],
    branch_filter: changes.branch_filter ?? current.branch_filter ?? '',
  };
  if (changes.active !== undefined && changes.active !== current.active) body.active = changes.active;
  const currentConfig = current.config ?? {};
  const config: Record<string, string> = {};
  if (changes.url !== undefined && changes.url.trim() !== currentConfig.url) config.url = changes.url.trim();
  if (changes.content_type !== undefined && changes.content_type !== currentConfig.content_type) {
    config.content_type = changes.content_type;
  }
  for (const [k, v] of Object.entries(changes.config ?? {})) if (v !== currentConfig[k]) config[k] = v;
  if (Object.keys(config).length > 0) body.config = config;
  if (changes.name !== undefined && changes.name !== (current.name ?? '')) body.name = changes.name;
  if (changes.authorization_header) body.authorization_header = changes.authorization_header;
  return body;
}

