// A running job's log read a piece at a time (#40): the test server answers `Range: bytes=N-` on job logs as Gitea
// does (Go's http.ServeContent: 206 + Content-Range, 416 + `bytes */size` past the end, 200 for an empty log), the
// client's readJobLogFrom reads those answers, and the follower (src/shared/jobLogFollow.ts) asks each poll only from
// its last offset, hands over whole lines, and stops when the job ends or the account is refused.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type GiteaClient } from '../../../src/api';
import { JobLogFollower, type FollowEnd, type FollowedJob } from '../../../src/shared/jobLogFollow';
import { appendJobLog, finishJob, startTestServer, FIXTURES, type TestServer } from '../../server/index';

const demo = { owner: 'alice', repo: 'demo' };

describe('job logs: ranged reads and the follower', () => {
  let server: TestServer;
  let alice: GiteaClient;
  let jobId: number;
  before(async () => {
    server = await startTestServer();
    alice = createClient({ baseUrl: server.url, auth: { kind: 'token', token: FIXTURES.users.alice.tokens.all } });
    jobId = server.state.jobs.find((j) => j.status === 'running' && j.taskId)!.id;
  });
  after(() => server?.close());

  const logOf = () => server.state.jobs.find((j) => j.id === jobId)!.log;
  const logRequests = (from: number) => server.requests.slice(from).filter((r) => r.apiPath === `/repos/alice/demo/actions/jobs/${jobId}/logs`);

  it('the server: 206 with Content-Range from the offset, 416 with the size past the end, the whole log without Range', async () => {
    const size = Buffer.byteLength(logOf());
    const url = `${server.apiUrl}/repos/alice/demo/actions/jobs/${jobId}/logs`;
    const headers = { authorization: `token ${FIXTURES.users.alice.tokens.all}` };
    const part = await fetch(url, { headers: { ...headers, range: 'bytes=10-' } });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range'), `bytes 10-${size - 1}/${size}`);
    assert.equal(await part.text(), Buffer.from(logOf()).subarray(10).toString());
    const past = await fetch(url, { headers: { ...headers, range: `bytes=${size}-` } });
    assert.equal(past.status, 416);
    assert.equal(past.headers.get('content-range'), `bytes */${size}`);
    const whole = await fetch(url, { headers });
    assert.equal(whole.status, 200);
    assert.equal(whole.headers.get('accept-ranges'), 'bytes');
    assert.equal(await whole.text(), logOf());
  });

  it('readJobLogFrom: the new bytes from an offset, nothing new at the end, the whole log from 0', async () => {
    const size = Buffer.byteLength(logOf());
    const from = await alice.readJobLogFrom({ ...demo, job_id: jobId, from: size - 5 });
    assert.equal(from.kind, 'partial');
    assert.deepEqual(from.kind === 'partial' && [from.start, from.size, Buffer.from(from.bytes).toString()], [size - 5, size, logOf().slice(-5)]);
    assert.deepEqual(await alice.readJobLogFrom({ ...demo, job_id: jobId, from: size }), { kind: 'nothingNew' });
    const whole = await alice.readJobLogFrom({ ...demo, job_id: jobId, from: 0 });
    assert.equal(whole.kind, 'whole');
  });

  it('the follower: each poll asks from its last offset; new lines arrive whole; it stops when the job ends', async () => {
    const start = Buffer.byteLength(logOf());
    const texts: string[] = [];
    const jobs: FollowedJob[] = [];
    let end: FollowEnd | undefined;
    const polled: (() => void)[] = [];
    const nextPoll = () => new Promise<void>((r) => polled.push(r));
    const from = server.requests.length;
    const follower = new JobLogFollower(
      {
        readJob: (signal) => alice.getWorkflowJob({ ...demo, job_id: jobId }, { signal }),
        readLog: (offset, signal) => alice.readJobLogFrom({ ...demo, job_id: jobId, from: offset }, { signal }),
        delayMs: () => 10,
        onText: (t) => void texts.push(t),
        onJob: (j) => {
          jobs.push(j);
          polled.splice(0).forEach((r) => r());
        },
        onEnd: (e) => (end = e),
      },
      start,
    );
    follower.start();
    await nextPoll();
    appendJobLog(server.state, jobId, ['first new line', 'second new line']);
    // A line the runner has not finished: it waits for its end.
    server.state.jobs.find((j) => j.id === jobId)!.log += '2026-12-06T11:52:03.0000000Z half';
    while (!texts.join('').includes('second new line')) await nextPoll();
    assert.ok(!texts.join('').includes('half'));
    server.state.jobs.find((j) => j.id === jobId)!.log += ' a line\n';
    finishJob(server.state, jobId, 'failure');
    while (!end) await new Promise((r) => setTimeout(r, 10));
    assert.equal(end.reason, 'ended');
    assert.equal(jobs.at(-1)?.conclusion, 'failure');
    const all = texts.join('');
    assert.match(all, /Z half a line\n/);
    assert.match(all, /Job failed\n$/);
    assert.equal(start + Buffer.byteLength(all), Buffer.byteLength(logOf()), 'every byte once');
    // Each ranged request started where the one before ended.
    const ranges = logRequests(from).map((r) => Number(/^bytes=(\d+)-$/.exec(r.headers.range ?? '')?.[1]));
    assert.equal(ranges[0], start);
    for (let i = 1; i < ranges.length; i++) assert.ok(ranges[i]! >= ranges[i - 1]!, `${ranges}`);
    assert.equal(follower.running, false);
    const after = server.requests.length;
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(server.requests.length, after, 'no poll after the end');
  });

  it('the follower stops when the account is refused', async () => {
    const refused = createClient({ baseUrl: server.url, auth: { kind: 'token', token: 'not-a-token' } });
    const end = await new Promise<FollowEnd>((resolve) => {
      new JobLogFollower({
        readJob: (signal) => refused.getWorkflowJob({ ...demo, job_id: jobId }, { signal }),
        readLog: (offset, signal) => refused.readJobLogFrom({ ...demo, job_id: jobId, from: offset }, { signal }),
        delayMs: () => 10,
        onText: () => undefined,
        onJob: () => undefined,
        onEnd: resolve,
      }).start();
    });
    assert.equal(end.reason, 'refused');
  });
});
