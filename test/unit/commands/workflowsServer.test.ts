// The workflows' platform-neutral parts against the test server: the pull request behind a blamed line of a
// real clone, every page of a pull request's changed files, deploy key fingerprints as the server computes
// them, and the exact create-issue body the server receives.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type GiteaClient } from '../../../src/api';
import { blameLine } from '../../../src/git/blame';
import { gitExecutable, runTestGit } from '../../harness/gitExecutable';
import { CommitPullRequests } from '../../../src/commands/pullRequestForLine/commitPullRequests';
import { readAllPages } from '../../../src/api/paging';
import { buildTree, statusLook } from '../../../src/views/changedFiles/model';
import { parsePublicKey } from '../../../src/commands/deployKeys/sshKey';
import { emptyDraft, toCreateIssueBody } from '../../../src/commands/createIssue/issueDraft';
import { FIXTURES, sshEd25519PublicKey, startTestServer, type TestServer } from '../../server/index';

const demo = FIXTURES.repos.demo;
let server: TestServer;
let client: GiteaClient;
let clone = '';

before(async () => {
  server = await startTestServer();
  client = createClient({ baseUrl: server.url, auth: { kind: 'token', token: FIXTURES.users.alice.tokens.all } });
  clone = await mkdtemp(join(tmpdir(), 'gw-demo-'));
  const r = await runTestGit(['clone', '-q', `${server.url}${demo.fullName}.git`, clone], { cwd: tmpdir() });
  assert.equal(r.code, 0, r.stderr);
});

after(async () => {
  await server?.close();
  if (clone) await rm(clone, { recursive: true, force: true });
});

const repoKey = () => ({ instanceUrl: server.url, owner: demo.owner, repo: demo.name });

async function blamed(file: string, line: number, edit?: (text: string) => string) {
  const { readFile } = await import('node:fs/promises');
  const text = await readFile(join(clone, file), 'utf8');
  const result = await blameLine(clone, file, line, edit ? edit(text) : text, { git: gitExecutable() });
  assert.equal(result.kind, 'line');
  return result.kind === 'line' ? result.line : assert.fail();
}

test('a line from a pull request merged with a merge commit: blame names the branch commit, its merge finds #3', async () => {
  const line = await blamed('README.md', 7);
  assert.equal(line.content, 'Run `npm start` to start the demo.');
  const merged = await client.repoGetPullRequest({ owner: demo.owner, repo: demo.name, index: demo.pulls.mergedMerge });
  assert.notEqual(line.sha, merged.merge_commit_sha, 'blame names the branch commit, not the merge');
  const pulls = new CommitPullRequests();
  const start = server.requests.length;
  const pr = await pulls.find(client, repoKey(), clone, line.sha, { git: gitExecutable() });
  assert.equal(pr?.number, demo.pulls.mergedMerge);
  // The branch commit was asked first (404), then the merge commit that brought it in.
  const asked = server.requests.slice(start).filter((r) => r.apiPath?.endsWith('/pull')).map((r) => [r.apiPath, r.status]);
  assert.deepEqual(asked, [
    [`/repos/alice/demo/commits/${line.sha}/pull`, 404],
    [`/repos/alice/demo/commits/${merged.merge_commit_sha}/pull`, 200],
  ]);
  // Cached per SHA, 404s included: asking again sends nothing.
  const before = server.requests.length;
  assert.equal((await pulls.find(client, repoKey(), clone, line.sha, { git: gitExecutable() }))?.number, demo.pulls.mergedMerge);
  assert.equal(server.requests.length, before);
});

test('a line from a rebase-merged pull request: its commit is the merge commit of #4', async () => {
  const line = await blamed('src/search.ts', 2);
  assert.equal(line.content, '  if (!query) return [];');
  const pr = await new CommitPullRequests().find(client, repoKey(), clone, line.sha, { git: gitExecutable() });
  assert.equal(pr?.number, demo.pulls.mergedRebase);
  assert.equal(pr?.merge_commit_sha, line.sha);
  assert.ok(pr?.merged_by?.login);
});

test('a line committed straight to main has no pull request; an edited line is not committed', async () => {
  const line = await blamed('LICENSE', 1);
  assert.equal(await new CommitPullRequests().find(client, repoKey(), clone, line.sha, { git: gitExecutable() }), null);
  const edited = await blamed('README.md', 7, (t) => t.replace(/^Run .*$/m, 'Run `npm run dev` to start the demo.'));
  assert.equal(edited.uncommitted, true);
});

test('changed files of the open pull request: every page read, server statuses all known', async () => {
  const before = server.requests.length;
  const { items: files } = await readAllPages((page) => client.repoGetPullRequestFiles({ owner: demo.owner, repo: demo.name, index: demo.pulls.open, page, limit: 2 }));
  const asked = server.requests.slice(before).filter((r) => r.apiPath?.endsWith('/files'));
  const first = await client.repoGetPullRequestFiles({ owner: demo.owner, repo: demo.name, index: demo.pulls.open, page: 1, limit: 2 });
  assert.equal(asked.length, first.pageCount);
  assert.deepEqual(asked.map((r) => r.query.page).sort(), Array.from({ length: first.pageCount! }, (_, i) => String(i + 1)).sort());
  const statuses = new Set(files.map((f) => f.status));
  for (const s of ['added', 'deleted', 'renamed', 'changed']) assert.ok(statuses.has(s), `status ${s} in ${[...statuses]}`);
  const renamed = files.find((f) => f.status === 'renamed')!;
  assert.equal(renamed.previous_filename, 'src/util.ts');
  assert.equal(statusLook(renamed.status).badge, 'R');
  const leaves = (function count(nodes: ReturnType<typeof buildTree>): number {
    return nodes.reduce((n, node) => n + (node.kind === 'file' ? 1 : count(node.children)), 0);
  })(buildTree(files));
  assert.equal(leaves, files.length);
});

test('the fingerprint computed locally is the one the server stores and finds', async () => {
  const parsed = parsePublicKey(sshEd25519PublicKey('workflows-unit', 'ci@build'));
  assert.ok(parsed.ok);
  const created = await client.repoCreateKey({ owner: demo.owner, repo: demo.name, body: { key: parsed.key.line, title: 'unit test key', read_only: true } });
  assert.equal(created.fingerprint, parsed.key.fingerprint);
  const found = await client.repoListKeys({ owner: demo.owner, repo: demo.name, fingerprint: parsed.key.fingerprint });
  assert.deepEqual(found.items.map((k) => k.id), [created.id]);
  await client.repoDeleteKey({ owner: demo.owner, repo: demo.name, id: created.id });
  assert.equal((await client.repoListKeys({ owner: demo.owner, repo: demo.name, fingerprint: parsed.key.fingerprint })).items.length, 0);
});

test('the create-issue body reaches the server exactly as built from the form', async () => {
  const labels = (await client.issueListLabels({ owner: demo.owner, repo: demo.name })).items;
  const milestones = (await client.issueGetMilestonesList({ owner: demo.owner, repo: demo.name, state: 'open' })).items;
  assert.ok(labels.length >= 2 && milestones.length >= 1);
  const body = toCreateIssueBody({
    ...emptyDraft(),
    title: 'Search crashes on emoji',
    body: 'Steps:\n\n1. search for 🎉',
    labels: [labels[0]!.id, labels[1]!.id],
    milestone: milestones[0]!.id,
    assignees: ['bob'],
    dueDate: '2026-12-24',
    ref: 'main',
  });
  const issue = await client.issueCreateIssue({ owner: demo.owner, repo: demo.name, body });
  const sent = server.requests.filter((r) => r.method === 'POST' && r.apiPath === '/repos/alice/demo/issues').at(-1);
  assert.deepEqual(sent?.body, body);
  assert.equal(sent?.status, 201);
  assert.deepEqual(issue.labels?.map((l) => l.id).sort(), [labels[0]!.id, labels[1]!.id].sort());
  assert.equal(issue.milestone?.id, milestones[0]!.id);
  assert.deepEqual(issue.assignees?.map((u) => u.login), ['bob']);
  assert.match(issue.due_date ?? '', /^2026-12-24/);
});
