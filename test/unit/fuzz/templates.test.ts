// Pull request templates and commit messages (src/commands/createPullRequest/prefill.ts, pullTemplate.ts) are the
// repository's and its contributors' text: whatever they hold, the prefilled body closes the branch's issue, and a
// template gives trimmed names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { closesIssue, prefillPull } from '../../../src/commands/createPullRequest/prefill';
import { parsePullTemplate } from '../../../src/commands/createPullRequest/pullTemplate';
import { checkHostile, hostileText } from './hostile';
import { FUZZ_TARGETS } from './targets';

const TOKENS = FUZZ_TARGETS.find((t) => t.name === 'pull request templates and prefill')!.tokens;

test("fuzz: the prefilled body closes the branch's issue, whatever the template and the commits say", () => {
  checkHostile((size) => fc.tuple(hostileText(TOKENS, size), fc.constantFrom('#12', 'alice/demo#12')), ([text, issue]) => {
    const template = parsePullTemplate('PULL_REQUEST_TEMPLATE.md', text);
    for (const commits of [[], [{ message: text }], [{ message: text }, { message: 'fix: x' }]]) {
      const pf = prefillPull('issue-12-hostile', commits, template, issue);
      assert.equal(closesIssue(pf.body, issue), true, JSON.stringify(pf.body.slice(-120)));
      assert.equal(typeof pf.title, 'string');
    }
  });
});

test('fuzz: a keyword before the issue closes it wherever it stands in hostile text', () => {
  checkHostile((size) => fc.tuple(hostileText(TOKENS, size), fc.constantFrom('closes', 'Fixed', 'resolves:')), ([text, keyword]) => {
    assert.equal(closesIssue(`${text}\n${keyword} #12\n`, '#12'), true);
  });
});

test('fuzz: a Markdown template of any shape gives its body, and label and assignee names trimmed and non-empty', () => {
  checkHostile((size) => hostileText(TOKENS, size), (text) => {
    for (const path of ['PULL_REQUEST_TEMPLATE.md', '.gitea/pull_request_template.yml']) {
      const t = parsePullTemplate(path, text);
      if (!t) continue;
      assert.equal(typeof t.body, 'string');
      for (const name of [...t.labels, ...t.assignees]) assert.ok(name !== '' && name === name.trim(), JSON.stringify(name));
    }
  });
});
