// A CHANGELOG-sized body on the issue page (issue #31), inside a real VS Code: the generated 337 KB changelog
// (test/fixtures/markdown/changelog/) as an issue's description shows whole, down to its last entry, with no cut
// note; the Markdown renders on its worker thread (the host's longest block meanwhile is a figure of `npm run bench`).
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { IssuePage } from '../../src/commands/issuePage/issuePagePanel';
import type { ShownCommentEntry } from '../../src/commands/issuePage/pageModel';
import type { RepoRef } from '../../src/core/services';
import type { TestServer } from '../server/index';
import { REPO_ROOT } from '../harness/paths';
import { demoSession } from './demoSession';
import { api } from './viewsSupport';

const CHANGELOG = readFileSync(join(REPO_ROOT, 'test', 'fixtures', 'markdown', 'changelog', 'CHANGELOG.md'), 'utf8');
/** The fixture's last entry (generate.mjs's LAST_ENTRY). */
const LAST_ENTRY = 'The first release of the fork, with the history of its parent project kept';

describe('issue page: a 337 KB changelog body, and a comment that would swell (Gitea 1.27 test server)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let repo: RepoRef;

  demoSession((s) => ({ server, repo } = s), { closeEditors: true });

  it('shows the whole body down to its last entry, with no cut note', async () => {
    const issue = await api<{ number: number }>(server, 'POST', '/repos/alice/demo/issues', { title: 'Changelog as a body', body: CHANGELOG });
    const page = await vscode.commands.executeCommand<IssuePage>('gitea.openIssue', { repo, number: issue.number });
    const description = (await page.whenLoaded())?.timeline[0] as ShownCommentEntry | undefined;
    assert.ok(description?.description, 'the description is the first entry');
    assert.ok(description.html.includes(`<li>${LAST_ENTRY}</li>`), description.html.slice(-400));
    assert.doesNotMatch(description.html, /markdown-cut|too long to show/);
    assert.equal((description.html.match(/<h2>/g) ?? []).length, (CHANGELOG.match(/^## /gm) ?? []).length, 'every release heading');
  });

  it('a comment of 64 KiB of `#1 ` (57 times its size linked, #41) shows as plain text, whole, under its note', async () => {
    const refs = '#1 '.repeat(22_000);
    const issue = await api<{ number: number }>(server, 'POST', '/repos/alice/demo/issues', { title: 'Many references', body: 'The comment below is made of references.' });
    await api(server, 'POST', `/repos/alice/demo/issues/${issue.number}/comments`, { body: refs });
    const page = await vscode.commands.executeCommand<IssuePage>('gitea.openIssue', { repo, number: issue.number });
    const comment = (await page.whenLoaded())?.timeline.find((e): e is ShownCommentEntry => e.kind === 'comment' && !e.description);
    assert.ok(comment, 'the comment is on the page');
    assert.ok(comment.html.startsWith('<p class="markdown-plain-note">This text would make too much HTML to show formatted'), comment.html.slice(0, 300));
    assert.ok(comment.html.endsWith(`<pre class="markdown-plain">${refs}</pre>\n`), 'the whole text');
    assert.doesNotMatch(comment.html, /<a /);
    assert.ok(comment.html.length < 8 * refs.length);
  });
});
