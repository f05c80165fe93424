// Webhooks of users, organizations and repositories.
import { Hook } from '../schemas';
import { PAGING, json, list, op, type PageParams, type RepoParams } from './op';

export type HookType =
  | 'dingtalk' | 'discord' | 'gitea' | 'gogs' | 'msteams' | 'slack' | 'telegram' | 'feishu' | 'wechatwork' | 'packagist'
  | (string & {}); // Forgejo adds `forgejo`

export interface CreateHookOption {
  type: HookType;
  /** `url` and `content_type` (json or form) are required; slack also needs `channel`. */
  config: { url: string; content_type: 'json' | 'form' | (string & {}); [key: string]: string };
  events?: string[];
  branch_filter?: string;
  active?: boolean;
  authorization_header?: string;
  name?: string;
}
const CREATE_HOOK_FIELDS = [
  'type', 'config', 'events', 'branch_filter', 'active', 'authorization_header', 'name',
] as const satisfies readonly (keyof CreateHookOption)[];

/**
 * Every PATCH rewrites `events` and `branch_filter` (an omitted branch_filter becomes ""), so both are
 * required here: send the hook's current values for what the user did not change.
 */
export interface EditHookOption {
  events: string[];
  branch_filter: string;
  config?: Record<string, string>;
  active?: boolean;
  authorization_header?: string;
  name?: string;
}
const EDIT_HOOK_FIELDS = [
  'events', 'branch_filter', 'config', 'active', 'authorization_header', 'name',
] as const satisfies readonly (keyof EditHookOption)[];

export const hookOperations = {
  /** Organization owners only (forbidden otherwise); validation for a bad type, url or content type. */
  orgCreateHook: op<{ org: string; body: CreateHookOption }>()({
    id: 'orgCreateHook',
    method: 'POST',
    path: '/orgs/{org}/hooks',
    body: CREATE_HOOK_FIELDS,
    result: json(Hook),
  }),
  orgListHooks: op<{ org: string } & PageParams>()({
    id: 'orgListHooks',
    method: 'GET',
    path: '/orgs/{org}/hooks',
    query: PAGING,
    result: list(Hook),
  }),
  orgGetHook: op<{ org: string; id: number }>()({ id: 'orgGetHook', method: 'GET', path: '/orgs/{org}/hooks/{id}', result: json(Hook) }),
  /** Repository admins only. `authorization_header` is always "" in the answer. */
  repoListHooks: op<RepoParams & PageParams>()({
    id: 'repoListHooks',
    method: 'GET',
    path: '/repos/{owner}/{repo}/hooks',
    query: PAGING,
    result: list(Hook),
  }),
  repoGetHook: op<RepoParams & { id: number }>()({
    id: 'repoGetHook',
    method: 'GET',
    path: '/repos/{owner}/{repo}/hooks/{id}',
    result: json(Hook),
  }),
  userListHooks: op<PageParams>()({ id: 'userListHooks', method: 'GET', path: '/user/hooks', query: PAGING, result: list(Hook) }),
  userGetHook: op<{ id: number }>()({ id: 'userGetHook', method: 'GET', path: '/user/hooks/{id}', result: json(Hook) }),
  userEditHook: op<{ id: number; body: EditHookOption }>()({
    id: 'userEditHook',
    method: 'PATCH',
    path: '/user/hooks/{id}',
    body: EDIT_HOOK_FIELDS,
    result: json(Hook),
  }),
};
