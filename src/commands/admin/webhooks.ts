// "Gitea: Create Organization Webhook" (orgCreateHook) and "Gitea: Edit User Webhook" (userEditHook).
// The authorization header and the signing secret are secret inputs: they go into the one request only.
// Tests and other commands pass the full option object (create) or `{ id, changes }` (edit) and skip the form.
import * as vscode from 'vscode';
import type { Hook } from '../../api';
import type { Services } from '../../core/services';
import { readAllPages } from '../../api/paging';
import { PICKER_PAGES, accountTarget, argObject, pickOrg, showAdminFailure } from './adminContext';
import { runForm, type ChoiceOption, type FormField } from './quickForm';
import {
  CONTENT_TYPES,
  HOOK_EVENT_GROUPS,
  HOOK_TYPES,
  buildCreateHookBody,
  buildEditHookBody,
  hookTarget,
  validateHookChanges,
  validateOrgHook,
  type HookChanges,
  type OrgHookInput,
} from './webhookModel';
import { checkHttpUrl } from '../../shared/validation';
import { COMMAND } from '../../core/commandIds';
import { inertText } from '../../shared/untrustedText';

export const CREATE_ORG_WEBHOOK = COMMAND.createOrgWebhook;
export const EDIT_USER_WEBHOOK = COMMAND.editUserWebhook;

const t = vscode.l10n.t;

/** The values of the webhook form (both commands). */
interface HookForm {
  type: string;
  url: string;
  content_type: string;
  channel: string;
  name: string;
  events: string[];
  branch_filter: string;
  active: boolean;
  secret: string | undefined;
  authorization_header: string | undefined;
}

const TYPE_NAMES: Record<string, string> = {
  dingtalk: 'DingTalk',
  discord: 'Discord',
  gitea: 'Gitea',
  gogs: 'Gogs',
  msteams: 'Microsoft Teams',
  slack: 'Slack',
  telegram: 'Telegram',
  feishu: 'Feishu / Lark',
  wechatwork: 'WeCom (WeChat Work)',
  packagist: 'Packagist',
};

function eventOptions(): ChoiceOption[] {
  const groupName = { repository: t('repository'), issues: t('issues'), pullRequests: t('pull requests') };
  return HOOK_EVENT_GROUPS.flatMap((g) => g.events.map((e) => ({ value: e, label: e, description: groupName[g.group] })));
}

function hookFields(creating: boolean): FormField<HookForm>[] {
  const target = t('Target');
  const trigger = t('Trigger');
  const security = t('Security');
  const fields: FormField<HookForm>[] = [
    {
      key: 'type',
      group: target,
      label: t('Type'),
      kind: 'choice',
      visible: () => creating,
      options: () => HOOK_TYPES.map((v) => ({ value: v, label: v, description: TYPE_NAMES[v] })),
    },
    { key: 'url', group: target, label: t('Target URL'), kind: 'text', placeholder: 'https://', validate: (s) => checkHttpUrl(s, t) },
    {
      key: 'content_type',
      group: target,
      label: t('Content type'),
      kind: 'choice',
      options: () => CONTENT_TYPES.map((v) => ({ value: v, label: v, description: v === 'json' ? 'application/json' : 'application/x-www-form-urlencoded' })),
    },
    { key: 'channel', group: target, label: t('Slack channel'), kind: 'text', placeholder: '#general', visible: (v) => v.type === 'slack' },
    { key: 'name', group: target, label: t('Name (optional)'), kind: 'text' },
    {
      key: 'events',
      group: trigger,
      label: t('Events'),
      kind: 'multi',
      options: eventOptions,
      placeholder: t('Events that trigger the webhook'),
      detail: t('"issues" and "pull_request" include all their issue and pull request events.'),
    },
    {
      key: 'branch_filter',
      group: trigger,
      label: t('Branch filter'),
      kind: 'text',
      placeholder: '*',
      detail: t('A glob over branch names, e.g. "main" or "{main,release/*}"; "*" or empty means every branch.'),
    },
    { key: 'active', group: trigger, label: t('Active'), kind: 'boolean' },
    {
      key: 'secret',
      group: security,
      label: t('Signing secret'),
      kind: 'secret',
      detail: creating ? t('Signs each delivery (HMAC). Never stored by the extension.') : t('Enter to replace; the server never shows it.'),
    },
    {
      key: 'authorization_header',
      group: security,
      label: t('Authorization header'),
      kind: 'secret',
      detail: creating
        ? t('Sent with each delivery, e.g. "Bearer <token>". Never stored by the extension.')
        : t('Gitea replaces the stored header on every edit and never shows it: enter it again to keep it (empty removes it).'),
    },
  ];
  return fields;
}

function hookProblems(v: HookForm): Record<string, string> {
  const problems = validateOrgHook({ org: '-', type: v.type, config: { url: v.url, content_type: v.content_type, channel: v.channel }, events: v.events }, t);
  const mapped: Record<string, string> = {};
  for (const [k, msg] of Object.entries(problems)) mapped[k.replace(/^config\./, '')] = msg;
  return mapped;
}

function toOrgHookInput(org: string, v: HookForm): OrgHookInput {
  const config: Record<string, string> = { url: v.url, content_type: v.content_type };
  if (v.type === 'slack') config.channel = v.channel;
  if (v.secret) config.secret = v.secret;
  return { org, type: v.type, config, events: v.events, branch_filter: v.branch_filter, active: v.active, name: v.name, authorization_header: v.authorization_header };
}

/** Creates an organization webhook; resolves with the hook the server created, or undefined. */
export async function createOrgWebhook(services: Services, arg?: unknown): Promise<Hook | undefined> {
  const args = argObject(arg);
  const programmatic = typeof args?.type === 'string' && typeof args?.config === 'object';
  const account = await accountTarget(services, args);
  if (!account) return undefined;
  let input: OrgHookInput;
  if (programmatic) {
    input = args as unknown as OrgHookInput;
    const problems = Object.values(validateOrgHook(input, t));
    if (problems.length > 0) throw new Error(problems.join(' '));
  } else {
    const org = await pickOrg(account.client, t('Create Organization Webhook'), args?.org);
    if (!org) return undefined;
    const initial: HookForm = {
      type: 'gitea',
      url: '',
      content_type: 'json',
      channel: '',
      name: '',
      events: ['push'],
      branch_filter: '*',
      active: true,
      secret: undefined,
      authorization_header: undefined,
    };
    const values = await runForm<HookForm>(
      {
        title: t('New webhook of {0}', org),
        submitLabel: () => t('Create webhook'),
        fields: hookFields(true),
        problems: hookProblems,
        dirty: (v) => v.url !== '' || v.authorization_header !== undefined || v.secret !== undefined,
        allowUnchanged: true,
      },
      initial,
    );
    if (!values) return undefined;
    input = toOrgHookInput(org, values);
  }
  const body = buildCreateHookBody(input);
  const secrets = [input.authorization_header, input.config.secret];
  try {
    const hook = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: t('Creating the webhook of {0}…', inertText(input.org)) }, () =>
      account.client.orgCreateHook({ org: input.org, body }),
    );
    services.log.info(`Created ${hook.type} webhook #${hook.id} of ${input.org}`);
    void vscode.window.showInformationMessage(inertText(t('Created the {0} webhook of {1} for {2}.', hook.type, input.org, hookTarget(hook))));
    return hook;
  } catch (e) {
    return showAdminFailure(services, 'orgCreateHook', t('Could not create the webhook of {0}', input.org), e, { target: input.org, secrets }, programmatic);
  }
}

function formFromHook(hook: Hook): HookForm {
  return {
    type: hook.type,
    url: hook.config.url ?? '',
    content_type: hook.config.content_type ?? 'json',
    channel: hook.config.channel ?? '',
    name: hook.name ?? '',
    events: [...hook.events],
    branch_filter: hook.branch_filter ?? '',
    active: hook.active ?? false,
    secret: undefined,
    authorization_header: undefined,
  };
}

/** What differs between the hook and the form (events and branch filter are always sent anyway). */
function changesFrom(before: HookForm, after: HookForm): HookChanges {
  const changes: HookChanges = {};
  if (after.url !== before.url) changes.url = after.url;
  if (after.content_type !== before.content_type) changes.content_type = after.content_type;
  if (after.channel !== before.channel) changes.config = { channel: after.channel };
  if (after.secret) changes.config = { ...changes.config, secret: after.secret };
  if (after.events.join('\n') !== before.events.join('\n')) changes.events = after.events;
  if (after.branch_filter !== before.branch_filter) changes.branch_filter = after.branch_filter;
  if (after.active !== before.active) changes.active = after.active;
  if (after.name !== before.name) changes.name = after.name;
  if (after.authorization_header) changes.authorization_header = after.authorization_header;
  return changes;
}

async function pickUserHook(client: Awaited<ReturnType<typeof accountTarget>>): Promise<Hook | undefined> {
  if (!client) return undefined;
  const hooks = readAllPages((page) => client.client.userListHooks({ page }), { maxPages: PICKER_PAGES }).then(({ items }) => {
    if (items.length === 0) void vscode.window.showInformationMessage(t('{0} has no user webhooks.', inertText(client.account.username)));
    return items.map((h) => ({
      label: inertText(hookTarget(h)),
      description: inertText([h.type, h.active ? t('active') : t('inactive')].join(' · ')),
      detail: inertText(h.events.join(', ')),
      hook: h,
    }));
  });
  const picked = await vscode.window.showQuickPick(hooks, { title: t('Edit User Webhook'), placeHolder: t('Webhook'), ignoreFocusOut: true });
  return picked?.hook;
}

/** Edits a webhook of the signed-in user; resolves with the hook as the server answered, or undefined. */
export async function editUserWebhook(services: Services, arg?: unknown): Promise<Hook | undefined> {
  const args = argObject(arg);
  const programmatic = typeof args?.id === 'number' && typeof args?.changes === 'object';
  const account = await accountTarget(services, args);
  if (!account) return undefined;
  let hook: Hook | undefined;
  let changes: HookChanges;
  try {
    hook = typeof args?.id === 'number' ? await account.client.userGetHook({ id: args.id }) : await pickUserHook(account);
  } catch (e) {
    return showAdminFailure(services, 'userEditHook', t('Could not load the webhooks'), e, {}, programmatic);
  }
  if (!hook) return undefined;
  if (programmatic) {
    changes = args.changes as HookChanges;
    const problems = Object.values(validateHookChanges(changes, t));
    if (problems.length > 0) throw new Error(problems.join(' '));
  } else {
    const before = formFromHook(hook);
    const values = await runForm<HookForm>(
      {
        title: t('Webhook {0}', hookTarget(hook)),
        submitLabel: (v) => {
          const n = Object.keys(changesFrom(before, v)).length;
          return n === 0 ? t('Save (nothing changed yet)') : t('Save {0} change(s)', n);
        },
        fields: hookFields(false),
        problems: hookProblems,
        dirty: (v) => Object.keys(changesFrom(before, v)).length > 0,
      },
      before,
    );
    if (!values) return undefined;
    changes = changesFrom(before, values);
  }
  const body = buildEditHookBody(hook, changes);
  const id = hook.id;
  try {
    const updated = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: t('Saving the webhook…') }, () =>
      account.client.userEditHook({ id, body }),
    );
    services.log.info(`Edited user webhook #${id}: ${Object.keys(body).sort().join(', ')}`);
    void vscode.window.showInformationMessage(t('Saved the webhook {0}.', inertText(hookTarget(updated))));
    return updated;
  } catch (e) {
    return showAdminFailure(services, 'userEditHook', t('Could not save the webhook'), e, { secrets: [changes.authorization_header, changes.config?.secret] }, programmatic);
  }
}
