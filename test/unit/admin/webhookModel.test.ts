import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  HOOK_TYPES,
  buildCreateHookBody,
  buildEditHookBody,
  validateHookChanges,
  validateOrgHook,
  type HookSource,
} from '../../../src/commands/admin/webhookModel';

test('the ten hook types in the server order', () => {
  assert.deepEqual([...HOOK_TYPES], ['dingtalk', 'discord', 'gitea', 'gogs', 'msteams', 'slack', 'telegram', 'feishu', 'wechatwork', 'packagist']);
});

test('create: url and content_type are required, slack needs a channel, events must not be empty', () => {
  const problems = validateOrgHook({ org: 'acme', type: 'slack', config: { url: 'nope' }, events: [] });
  assert.deepEqual(Object.keys(problems).sort(), ['config.channel', 'config.content_type', 'config.url', 'events']);
  assert.deepEqual(validateOrgHook({ org: 'acme', type: 'gitea', config: { url: 'https://ci.example.com/hook', content_type: 'json' }, events: ['push'] }), {});
  assert.ok(validateOrgHook({ org: 'acme', type: 'jenkins', config: { url: 'https://x.example', content_type: 'json' }, events: ['push'] }).type);
});

test('create body: active and branch filter explicit, secret only when given, empty config values dropped', () => {
  const body = buildCreateHookBody({
    org: 'acme',
    type: 'gitea',
    config: { url: ' https://ci.example.com/hook ', content_type: 'json', secret: '' },
    events: ['push', 'pull_request'],
  });
  assert.deepEqual(body, {
    type: 'gitea',
    config: { url: 'https://ci.example.com/hook', content_type: 'json' },
    events: ['push', 'pull_request'],
    branch_filter: '*',
    active: true,
  });
  const withSecret = buildCreateHookBody({
    org: 'acme',
    type: 'slack',
    config: { url: 'https://hooks.slack.example/x', content_type: 'json', channel: '#dev' },
    events: ['push'],
    branch_filter: 'main',
    authorization_header: 'Bearer xyz',
    active: false,
    name: 'Chat',
  });
  assert.equal(withSecret.authorization_header, 'Bearer xyz');
  assert.equal(withSecret.active, false);
  assert.equal(withSecret.branch_filter, 'main');
  assert.equal(withSecret.name, 'Chat');
  assert.equal(withSecret.config.channel, '#dev');
});

const hook: HookSource = {
  id: 7,
  type: 'gitea',
  active: true,
  events: ['push', 'issues', 'some_future_event'],
  branch_filter: 'main',
  config: { url: 'https://old.example/hook', content_type: 'json' },
};

test('edit body keeps the current events and branch filter when only active changes', () => {
  assert.deepEqual(buildEditHookBody(hook, { active: false }), {
    events: ['push', 'issues', 'some_future_event'],
    branch_filter: 'main',
    active: false,
  });
});

test('edit body with no changes still sends events and branch filter (the server rewrites them)', () => {
  assert.deepEqual(buildEditHookBody(hook, {}), { events: ['push', 'issues', 'some_future_event'], branch_filter: 'main' });
  assert.deepEqual(buildEditHookBody({ id: 1, events: null }, {}), { events: [], branch_filter: '' });
});

test('edit body: changed url only in config; new events replace; authorization header only when entered', () => {
  assert.deepEqual(
    buildEditHookBody(hook, { url: 'https://new.example/hook', content_type: 'json', events: ['create'], authorization_header: 'Basic abc' }),
    { events: ['create'], branch_filter: 'main', config: { url: 'https://new.example/hook' }, authorization_header: 'Basic abc' },
  );
  assert.deepEqual(buildEditHookBody(hook, { branch_filter: '', active: true }), { events: ['push', 'issues', 'some_future_event'], branch_filter: '' });
});

test('edit validation', () => {
  assert.deepEqual(Object.keys(validateHookChanges({ url: 'x', content_type: 'xml', events: [] })).sort(), ['config.content_type', 'config.url', 'events']);
  assert.deepEqual(validateHookChanges({ active: false }), {});
});
