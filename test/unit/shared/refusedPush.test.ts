// git's words for a push Gitea refused because the user may not write, and those that are something else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isRefusedWrite } from '../../../src/shared/refusedPush';

test('Gitea\'s refusals of a write are recognised', () => {
  // Gitea 1.27 with a git that has proc-receive: the pre-receive hook (cmd/hook.go fail()).
  assert.ok(isRefusedWrite([
    'remote: error:',
    'remote: error: User permission denied for writing.',
    'remote: error:',
    'To http://127.0.0.1:3000/alice/demo.git',
    ' ! [remote rejected] carol-docs -> carol-docs (pre-receive hook declined)',
    "error: failed to push some refs to 'http://127.0.0.1:3000/alice/demo.git'",
  ].join('\n')));
  assert.ok(isRefusedWrite("fatal: unable to access 'https://h/alice/demo.git/': The requested URL returned error: 403"));
  assert.ok(isRefusedWrite("remote: Repository not found\nfatal: repository 'https://h/alice/demo.git/' not found"));
});

test('other failures are not', () => {
  assert.ok(!isRefusedWrite('remote: error: Not allowed to push to protected branch main'));
  assert.ok(!isRefusedWrite(' ! [rejected]        main -> main (fetch first)'));
  assert.ok(!isRefusedWrite("fatal: unable to access 'https://h/x.git/': Could not resolve host: h"));
  assert.ok(!isRefusedWrite(''));
});

test('only the first 64 KiB are read; long output is linear', () => {
  assert.ok(!isRefusedWrite(`${'x'.repeat(70 * 1024)}User permission denied for writing`));
  assert.ok(!isRefusedWrite('remote: '.repeat(100_000)));
});
