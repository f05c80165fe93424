// What the writing language-model tools send when asking goes wrong, on a test server started in this process (so
// the exact requests it received can be read), signed in as alice with alice/demo active. For each tool (#41): the
// first read fails once (nothing is asked, and an invocation then sends nothing); 25 questions in a row, then their
// 25 answers (each sends its own, none pushed out by the others); the state changes between the question and the
// answer (nothing is sent). In each, the test server's write requests are counted and compared with the text of the
// confirmation the user answered. As in lmWriteTools.itest.ts, the confirmation and the invocation are the
// extension's own implementation called in turn, as VS Code calls them. `comment` reads nothing before it asks (its
// plan is the input, the account and the active repository), so its first request is its write, failed once here.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Services } from '../../src/core/services';
import { commentTool } from '../../src/lm/commentTool';
import { createIssueTool } from '../../src/lm/createIssueTool';
import { createPullRequestTool } from '../../src/lm/createPullRequestTool';
import { fenceFor } from '../../src/lm/quote';
import { replyToReviewThreadTool } from '../../src/lm/replyToReviewThreadTool';
import { rerunFailedJobsTool } from '../../src/lm/rerunFailedJobsTool';
import { escapeMarkdown } from '../../src/views/text';
import { FIXTURES, type TestServer } from '../server/index';
import type { JobRec, RunRec } from '../server/state';
import { branchWithCommits, cloneForSuite } from './createPullRequestSupport';
import { demoSession } from './demoSession';
import { block, CHANGED, confirmationOf, textOf, token, unasked } from './lmWriteSupport';
import { api } from './viewsSupport';
import { services, waitFor } from './workflowsSupport';

/** `text` as a block of a confirmation (its fence longer than any run of backticks in it). */
const shown = (label: string, text: string) => block(label, text, fenceFor(text));

describe('Writing tools: nothing is sent that was not shown (a failed first read, 25 questions in a row, a change before the answer)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let svc: Services;
  const writes = (from: number) => server.requests.slice(from).filter((r) => r.kind === 'api' && r.method !== 'GET');

  demoSession((s) => ({ server } = s), { closeEditors: true });
  before(async () => {
    svc = await services();
  });

  const BAD_GATEWAY = { status: 502, body: '<html><body><h1>502 Bad Gateway</h1></body></html>', contentType: 'text/html' };
  const failFirst = (method: string, apiPath: string) => server.failOnce({ match: (r) => r.method === method && r.apiPath === apiPath, ...BAD_GATEWAY });

  it('createIssue: a failed labels read asks nothing and the invocation sends nothing; asked again, exactly that is sent', async () => {
    const tool = createIssueTool(svc);
    const input = { title: 'Labels read once failing', labels: ['bug'] };
    const from = server.requests.length;
    failFirst('GET', '/repos/alice/demo/labels');
    await assert.rejects(tool.prepareInvocation!({ input }, token()), (e: Error) => /^The issue was not created\. Nothing was asked or sent: what would be sent could not be read\.\n/.test(e.message) && e.message.includes('502'));
    assert.ok(server.requests.slice(from).some((r) => r.apiPath === '/repos/alice/demo/labels' && r.status === 502), 'the read failed');
    // VS Code calls no invoke after that; were it called (auto-approval, a host that ignores the error), nothing is sent.
    assert.equal(textOf(await tool.invoke({ input }, token())), unasked('The issue was not created.'));
    assert.deepEqual(writes(from), []);
    const c = await confirmationOf(tool, input);
    assert.ok(c.text.includes(block('Labels:', 'bug')));
    assert.match(textOf(await tool.invoke({ input }, token())), /^Created issue alice\/demo#\d+/);
    const bug = (await api<{ id: number; name: string }[]>(server, 'GET', '/repos/alice/demo/labels')).find((l) => l.name === 'bug')!;
    assert.deepEqual(writes(from).map((r) => [r.method, r.apiPath, r.body]), [['POST', '/repos/alice/demo/issues', { title: input.title, labels: [bug.id] }]]);
  });

  it('createIssue: 25 questions in a row, then 25 answers: each sends its own, none pushed out', async () => {
    const tool = createIssueTool(svc);
    const inputs = Array.from({ length: 25 }, (_, i) => ({ title: `In a row ${i + 1}`, body: `Body ${i + 1}` }));
    const from = server.requests.length;
    for (const input of inputs) await confirmationOf(tool, input);
    assert.deepEqual(writes(from), []);
    for (const input of inputs) assert.match(textOf(await tool.invoke({ input }, token())), /^Created issue alice\/demo#\d+ as "alice"/, input.title);
    assert.deepEqual(writes(from).map((r) => r.body), inputs);
    assert.equal(textOf(await tool.invoke({ input: inputs[0] }, token())), unasked('The issue was not created.'), 'a yes answers once');
    assert.equal(writes(from).length, 25);
  });

  it('createIssue: a label renamed between the question and the answer: nothing is sent', async () => {
    const tool = createIssueTool(svc);
    const input = { title: 'Label renamed meanwhile', labels: ['docs'] };
    await confirmationOf(tool, input);
    const demo = server.state.repos.find((r) => r.name === 'demo' && r.ownerId === server.state.userByName('alice')!.id)!;
    const docs = server.state.labels.find((l) => l.repoId === demo.id && l.name === 'docs')!;
    docs.name = 'Docs';
    try {
      const from = server.requests.length;
      assert.equal(textOf(await tool.invoke({ input }, token())), CHANGED);
      assert.deepEqual(writes(from), []);
    } finally {
      docs.name = 'docs';
    }
  });

  it('comment: 25 questions in a row each post their own; an input never asked, or asked for another text, posts nothing', async () => {
    const tool = commentTool(svc);
    const inputs = Array.from({ length: 25 }, (_, i) => ({ issue: '1', body: `Comment ${i + 1} in a row` }));
    const from = server.requests.length;
    for (const input of inputs) await confirmationOf(tool, input);
    for (const input of inputs) assert.match(textOf(await tool.invoke({ input }, token())), /^Posted comment \d+ as "alice" on alice\/demo#1/);
    assert.deepEqual(writes(from).map((r) => [r.method, r.apiPath, r.body]), inputs.map((i) => ['POST', '/repos/alice/demo/issues/1/comments', { body: i.body }]));
    const since = server.requests.length;
    await confirmationOf(tool, { issue: '1', body: 'Shown' });
    assert.equal(textOf(await tool.invoke({ input: { issue: '1', body: 'Not shown' } }, token())), unasked('The comment was not posted.'));
    assert.equal(textOf(await tool.invoke({ input: { issue: '2', body: 'Shown' } }, token())), unasked('The comment was not posted.'));
    assert.deepEqual(writes(since), []);
  });

  it('comment: the first request failing once (502) sends it once, and never again without a new question', async () => {
    const tool = commentTool(svc);
    const input = { issue: '1', body: 'Posted through a 502' };
    await confirmationOf(tool, input);
    const from = server.requests.length;
    failFirst('POST', '/repos/alice/demo/issues/1/comments');
    assert.match(textOf(await tool.invoke({ input }, token())), /^The comment was not posted\.\n/);
    assert.equal(textOf(await tool.invoke({ input }, token())), unasked('The comment was not posted.'), 'the question was used');
    assert.deepEqual(writes(from).map((r) => [r.apiPath, r.status, r.body]), [['/repos/alice/demo/issues/1/comments', 502, { body: input.body }]]);
  });

  it('rerunFailedJobs: a failed jobs read asks nothing; a job failing between the question and the answer: nothing is re-run', async () => {
    const demo = server.state.repos.find((r) => r.name === 'demo')!;
    const jobsOf = (runId: number) => server.state.jobs.filter((j) => j.runId === runId);
    const run = server.state.runs.find((r) => r.repoId === demo.id && jobsOf(r.id).length > 0 && !jobsOf(r.id).some((j) => ['waiting', 'running', 'blocked'].includes(j.status)));
    assert.ok(run, 'a finished run');
    const failed = jobsOf(run.id)[0]!;
    failed.status = 'failure';
    const tool = rerunFailedJobsTool(svc);
    const input = { run: run.id };
    const from = server.requests.length;
    server.failOnce({ match: (r) => r.method === 'GET' && r.apiPath === `/repos/alice/demo/actions/runs/${run.id}/jobs`, status: 429, body: '{"message":"Too Many Requests"}' });
    await assert.rejects(tool.prepareInvocation!({ input }, token()), (e: Error) => e.message.startsWith('The jobs were not re-run. Nothing was asked or sent'));
    assert.equal(textOf(await tool.invoke({ input }, token())), unasked('The jobs were not re-run.'));
    await confirmationOf(tool, input);
    failed.name = `${failed.name} (renamed)`;
    assert.equal(textOf(await tool.invoke({ input }, token())), CHANGED, 'a failed job not as shown');
    assert.deepEqual(writes(from), []);
  });

  it('replyToReviewThread: a failed reviews read asks nothing; a new comment in the thread before the answer: nothing is sent', async () => {
    const pull = FIXTURES.repos.demo.pulls.open;
    const files = await api<{ filename: string; status: string }[]>(server, 'GET', `/repos/alice/demo/pulls/${pull}/files`);
    // Another place than the earlier test's thread (threads are grouped by file, side and line).
    const taken = files.find((f) => f.status === 'added')!.filename;
    const path = files.find((f) => f.filename !== taken)?.filename ?? taken;
    const line = path === taken ? 2 : 1;
    const bob = { Authorization: `token ${FIXTURES.users.bob.tokens.all}`, 'Content-Type': 'application/json' };
    const res = await fetch(`${server.apiUrl}/repos/alice/demo/pulls/${pull}/reviews`, {
      method: 'POST', headers: bob, body: JSON.stringify({ event: 'COMMENT', body: '', comments: [{ path, body: 'Why this name?', new_position: line, old_position: 0 }] }),
    });
    const review = (await res.json()) as { id: number };
    assert.ok(res.ok, JSON.stringify(review));
    const [comment] = await api<{ id: number }[]>(server, 'GET', `/repos/alice/demo/pulls/${pull}/reviews/${review.id}/comments`);
    const tool = replyToReviewThreadTool(svc);
    const input = { thread: comment!.id, body: 'Because of the spec.', pullRequest: String(pull) };
    const from = server.requests.length;
    failFirst('GET', `/repos/alice/demo/pulls/${pull}/reviews`);
    await assert.rejects(tool.prepareInvocation!({ input }, token()), (e: Error) => e.message.startsWith('The reply was not sent. Nothing was asked or sent'));
    assert.equal(textOf(await tool.invoke({ input }, token())), unasked('The reply was not sent.'));
    const c = await confirmationOf(tool, input);
    assert.ok(c.text.includes(block('Its last comment, by bob:', 'Why this name?')));
    const more = await fetch(`${server.apiUrl}/repos/alice/demo/pulls/${pull}/comments/${comment!.id}/replies`, { method: 'POST', headers: bob, body: JSON.stringify({ body: 'Never mind, merge it.' }) });
    assert.ok(more.ok, `bob replied: ${more.status}`);
    assert.equal(textOf(await tool.invoke({ input }, token())), CHANGED, 'the thread\'s last comment is not the one shown');
    assert.deepEqual(writes(from).map((r) => r.apiPath), [`/repos/alice/demo/pulls/${pull}/comments/${comment!.id}/replies`], 'only bob\'s reply');
    assert.equal(writes(from)[0]!.headers.authorization, `token ${FIXTURES.users.bob.tokens.all}`);
  });

  it('createIssue: a title that reads reversed and a body with invisible text are shown with a note that says so, and sent as shown', async () => {
    const tool = createIssueTool(svc);
    // U+202E shows "exe.txt" as "txt.exe"; the tag characters spell "IGNORE" where nobody sees it.
    const title = 'Fix the \u202Eexe.txt upload';
    const body = 'Looks fine.\u{E0049}\u{E0047}\u{E004E}\u{E004F}\u{E0052}\u{E0045}\u200B';
    const input = { title, body };
    const c = await confirmationOf(tool, input);
    const note = (count: number, names: string) => escapeMarkdown(`The text above holds ${count} invisible or direction-changing characters (${names}): they are sent as they are.`);
    assert.ok(c.text.includes(`${shown('Title:', title)}\n\n${note(1, 'U+202E')}\n\n`), c.text);
    assert.ok(c.text.includes(`${shown('Description:', body)}\n\n${note(7, 'U+E0049, U+E0047, U+E004E, U+E004F, U+E0052')}`), c.text);
    const from = server.requests.length;
    assert.match(textOf(await tool.invoke({ input }, token())), /^Created issue alice\/demo#\d+/);
    assert.deepEqual(writes(from).map((r) => [r.method, r.apiPath, r.body]), [['POST', '/repos/alice/demo/issues', { title, body }]]);
  });

  it('comment: the active repository switched between the question and the answer: nothing is posted (its #1 is another issue)', async () => {
    const tool = commentTool(svc);
    const input = { issue: '1', body: 'For the issue shown' };
    const c = await confirmationOf(tool, input);
    assert.equal(c.title, 'Comment on alice/demo#1?');
    const from = server.requests.length;
    await vscode.commands.executeCommand('gitea.selectRepository', { owner: 'carol', repo: 'notes', instanceUrl: server.url });
    try {
      await waitFor('carol/notes to be the active repository', () => svc.repos.active?.repo === 'notes');
      assert.equal(textOf(await tool.invoke({ input }, token())), CHANGED);
    } finally {
      await vscode.commands.executeCommand('gitea.selectRepository', { owner: 'alice', repo: 'demo', instanceUrl: server.url });
      await waitFor('alice/demo to be the active repository again', () => svc.repos.active?.repo === 'demo');
    }
    assert.equal(textOf(await tool.invoke({ input }, token())), unasked('The comment was not posted.'), 'back on alice/demo: the question was used');
    assert.deepEqual(writes(from), []);
  });

  it('rerunFailedJobs: 25 questions in a row (25 runs), then 25 answers: each re-runs the run and the jobs it showed', async () => {
    const demo = server.state.repo(FIXTURES.repos.demo.id)!;
    const model = server.state.runs.find((r) => r.repoId === demo.id && r.status === 'failure')!;
    assert.ok(model, 'the seed has a failed run');
    // 25 finished runs of ci.yml, each with a passed build and a failed test of its own name.
    const runs = Array.from({ length: 25 }, (_, i) => {
      const run: RunRec = { ...model, id: server.state.nextId('action_run'), runNumber: 1000 + i, title: `In a row ${i + 1}`, attempt: 1 };
      server.state.runs.push(run);
      const [, failed] = (['success', 'failure'] as const).map((status, j) => {
        const job: JobRec = { id: server.state.nextId('action_run_job'), runId: run.id, repoId: demo.id, name: j ? `test ${i + 1}` : 'build',
          labels: ['ubuntu-latest'], status, attempt: 1, taskId: server.state.nextId('action_task'), runnerId: 1, runnerName: 'runner-01',
          created: model.created, started: model.started, stopped: model.stopped, steps: [], log: '' };
        server.state.jobs.push(job);
        return job;
      });
      return { run, failed: failed! };
    });
    const tool = rerunFailedJobsTool(svc);
    const from = server.requests.length;
    const asked: string[] = [];
    for (const { run } of runs) asked.push((await confirmationOf(tool, { run: run.id })).text);
    assert.deepEqual(writes(from), [], 'asking sends nothing');
    for (const { run, failed } of runs) {
      assert.match(textOf(await tool.invoke({ input: { run: run.id } }, token())), new RegExp(`^Re-running 1 failed jobs of run ${run.id} in alice/demo \\(${failed.id} "${failed.name}"\\)`));
    }
    const sent = writes(from);
    assert.deepEqual(sent.map((r) => [r.method, r.apiPath, r.body]), runs.map(({ run }) => ['POST', `/repos/alice/demo/actions/runs/${run.id}/rerun-failed-jobs`, undefined]));
    // Each request re-ran the run its confirmation named, and there the job it listed, no other.
    runs.forEach(({ run, failed }, i) => {
      assert.ok(asked[i]!.startsWith(escapeMarkdown(`Re-run the 1 failed jobs of run ${run.id} in alice/demo as alice`)), asked[i]);
      assert.ok(asked[i]!.includes(shown('Jobs:', `${failed.id} test ${i + 1}`)), asked[i]);
      assert.deepEqual(server.state.jobs.filter((j) => j.runId === run.id && j.status === 'waiting').map((j) => j.name), [`test ${i + 1}`], 're-run');
    });
    assert.equal(textOf(await tool.invoke({ input: { run: runs[0]!.run.id } }, token())), unasked('The jobs were not re-run.'), 'a yes answers once');
    assert.equal(writes(from).length, 25);
  });

  it('replyToReviewThread: 25 questions in a row (25 threads), then 25 answers: each reply goes to the thread it showed', async () => {
    const pull = FIXTURES.repos.demo.pulls.open;
    const files = await api<{ filename: string; status: string }[]>(server, 'GET', `/repos/alice/demo/pulls/${pull}/files`);
    const path = files.find((f) => f.status === 'added')!.filename;
    // bob's review with 25 line comments, lines apart from the other tests' threads: 25 threads.
    const lines = Array.from({ length: 25 }, (_, i) => 101 + i);
    const res = await fetch(`${server.apiUrl}/repos/alice/demo/pulls/${pull}/reviews`, {
      method: 'POST',
      headers: { Authorization: `token ${FIXTURES.users.bob.tokens.all}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ event: 'COMMENT', body: '', comments: lines.map((line) => ({ path, body: `Line ${line}: why?`, new_position: line, old_position: 0 })) }),
    });
    const review = (await res.json()) as { id: number };
    assert.ok(res.ok, JSON.stringify(review));
    const comments = await api<{ id: number; body: string }[]>(server, 'GET', `/repos/alice/demo/pulls/${pull}/reviews/${review.id}/comments`);
    assert.equal(comments.length, 25);
    const tool = replyToReviewThreadTool(svc);
    const inputs = comments.map((c, i) => ({ thread: c.id, body: `Answer ${i + 1} in a row`, pullRequest: String(pull) }));
    const from = server.requests.length;
    const asked: string[] = [];
    for (const input of inputs) asked.push((await confirmationOf(tool, input)).text);
    assert.deepEqual(writes(from), [], 'asking sends nothing');
    for (const input of inputs) {
      assert.match(textOf(await tool.invoke({ input }, token())), new RegExp(`^Replied as "alice" to review thread ${input.thread} \\(comment \\d+\\) of alice/demo#${pull}\\.$`));
    }
    const sent = writes(from);
    assert.deepEqual(sent.map((r) => [r.method, r.apiPath, r.body]), inputs.map((i) => ['POST', `/repos/alice/demo/pulls/${pull}/comments/${i.thread}/replies`, { body: i.body }]));
    sent.forEach((r, i) => {
      const c = comments[i]!;
      assert.ok(asked[i]!.startsWith(escapeMarkdown(`Reply as alice to review thread ${c.id} of alice/demo#${pull}`)), asked[i]);
      assert.ok(asked[i]!.includes(shown('Its last comment, by bob:', c.body)), asked[i]);
      assert.ok(asked[i]!.includes(shown('The reply:', (r.body as { body: string }).body)), asked[i]);
    });
    assert.equal(textOf(await tool.invoke({ input: inputs[0] }, token())), unasked('The reply was not sent.'), 'a yes answers once');
    assert.equal(writes(from).length, 25);
  });

  describe('createPullRequest: nothing pushed or sent that was not shown', () => {
    const clone = cloneForSuite(() => server);
    const pushes = (since: number) => server.requests.slice(since).filter((r) => r.kind === 'git' && r.path.endsWith('git-receive-pack'));

    it('a failed first read asks nothing; a commit made between the question and the answer: nothing pushed, nothing sent', async () => {
      await branchWithCommits(clone(), 'topic/agent-changed', 'origin/main', ['Change under review']);
      const tool = createPullRequestTool(svc);
      const from = server.requests.length;
      server.failOnce({ match: (r) => r.kind === 'api' && r.method === 'GET' && r.apiPath === '/repos/alice/demo', status: 502, body: 'Bad Gateway', contentType: 'text/plain' });
      await assert.rejects(tool.prepareInvocation!({ input: {} }, token()), (e: Error) => e.message.startsWith('The pull request was not created. Nothing was asked or sent'));
      assert.ok(server.requests.slice(from).some((r) => r.apiPath === '/repos/alice/demo' && r.status === 502), 'the read failed');
      assert.equal(textOf(await tool.invoke({ input: {} }, token())), unasked('The pull request was not created.'));
      const c = await confirmationOf(tool, {});
      assert.ok(c.text.includes(block('Title:', 'Change under review')), c.text);
      await clone().git('commit', '--quiet', '--allow-empty', '-m', 'Slipped in after the question');
      assert.equal(textOf(await tool.invoke({ input: {} }, token())), CHANGED);
      assert.deepEqual(writes(from), []);
      assert.deepEqual(pushes(from), [], 'nothing pushed');
    });
    it('25 questions in a row (25 titles), then 25 answers: each creates the pull request it showed (each closed before the next)', async function () {
      this.timeout(900_000);
      const branch = 'topic/agent-in-a-row';
      await branchWithCommits(clone(), branch, 'origin/main', ['Asked 25 times']);
      // Pushed beforehand: no question includes a push, and an answer pushes nothing.
      await clone().git('push', '--quiet', '-u', 'origin', branch);
      const tool = createPullRequestTool(svc);
      const inputs = Array.from({ length: 25 }, (_, i) => ({ title: `In a row ${i + 1}`, body: `Description ${i + 1}` }));
      const from = server.requests.length;
      const asked: string[] = [];
      for (const input of inputs) asked.push((await confirmationOf(tool, input)).text);
      assert.deepEqual(writes(from), [], 'asking sends nothing');
      const created: number[] = [];
      for (const input of inputs) {
        const at = server.requests.length;
        const text = textOf(await tool.invoke({ input }, token()));
        const number = Number(/^Created pull request alice\/demo#(\d+) as "alice" from "topic\/agent-in-a-row" into "main"/.exec(text)?.[1]);
        assert.ok(number > 0, text);
        assert.deepEqual(writes(at).map((r) => [r.method, r.apiPath, r.body]), [['POST', '/repos/alice/demo/pulls', { head: branch, base: 'main', ...input }]]);
        created.push(number);
        // Closed (as on the web) so that the next answer finds no open one for the branch, and may create its own.
        await api(server, 'PATCH', `/repos/alice/demo/issues/${number}`, { state: 'closed' });
      }
      const sent = writes(from).filter((r) => r.method === 'POST');
      assert.equal(sent.length, 25);
      assert.deepEqual(writes(from).filter((r) => r.method !== 'POST').map((r) => [r.method, r.apiPath]), created.map((n) => ['PATCH', `/repos/alice/demo/issues/${n}`]), 'the rest are the test\'s own closes');
      sent.forEach((r, i) => {
        const body = r.body as { head: string; base: string; title: string; body: string };
        assert.ok(!asked[i]!.includes('push'), asked[i]);
        assert.ok(asked[i]!.includes(shown('Merge the branch (of alice/demo) into the branch:', `${body.head}\n${body.base}`)), asked[i]);
        assert.ok(asked[i]!.includes(shown('Title:', body.title)), asked[i]);
        assert.ok(asked[i]!.includes(shown('Description:', body.body)), asked[i]);
      });
      assert.deepEqual(pushes(from), [], 'nothing pushed by the tool');
      assert.equal(textOf(await tool.invoke({ input: inputs[0] }, token())), unasked('The pull request was not created.'), 'a yes answers once');
      assert.equal(writes(from).length, 50);
    });
  });
});
