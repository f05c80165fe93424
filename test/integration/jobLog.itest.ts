// Show Log as a live, readable log (#40), in a real extension host against the test server: a running job's log
// grows in the editor as the runner (the server's appendJobLog hook) writes it, each poll asks only from the last
// offset, the editor follows the end only while it showed it, the status item says running and then how the job
// ended, polling stops when the job ends and when the editor closes; each step folds, its script listing is a
// comment range (folded when the log opens), the timestamps toggle.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { JobData } from '../../src/views/ciJobsView';
import { logStatus } from '../../src/views/jobLog/status';
import type { ViewsRegistry } from '../../src/views/registry';
import type { TreeNode } from '../../src/views/treeNode';
import { appendJobLog, finishJob, type TestServer } from '../server/index';
import { demoSession } from './demoSession';
import { dataNodes, describeNodes, registry, requestsTo, settled, sleep } from './viewsSupport';
import { waitFor } from './workflowsSupport';

describe('job log: live and readable', function () {
  this.timeout(240_000);
  let server: TestServer;
  let views: ViewsRegistry;

  demoSession((s) => ({ server } = s), { closeEditors: true });
  before(async () => (views = await registry()));
  after(async () => {
    if (views?.jobLogs.timestampsShown) await vscode.commands.executeCommand('gitea.ciJobs.toggleLogTimestamps');
  });

  async function jobNode(match: (d: JobData) => boolean): Promise<TreeNode> {
    views.ciJobs.refresh();
    const jobs: TreeNode[] = [];
    for (const run of dataNodes(await settled(views.ciJobs))) jobs.push(...dataNodes(await settled(views.ciJobs, run)));
    const node = jobs.find((n) => (n.data as JobData | undefined)?.kind === 'ciJob' && match(n.data as JobData));
    assert.ok(node, describeNodes(jobs));
    return node;
  }
  const logPath = (id: number) => `/repos/alice/demo/actions/jobs/${id}/logs`;
  const byteLength = (id: number) => Buffer.byteLength(server.state.jobs.find((j) => j.id === id)!.log);

  it('closing the editor of a running job\'s log stops its polling', async () => {
    const running = await jobNode((d) => d.job.status === 'in_progress');
    const id = (running.data as JobData).job.id;
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('gitea.ciJobs.showLog', running);
    const live = await waitFor('the follower', () => views.jobLogs.log(editor.document.uri)?.follower);
    assert.equal(live.running, true);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor('the follower to stop', () => !live.running);
    assert.equal(views.jobLogs.log(editor.document.uri), undefined);
    const from = server.requests.length;
    await sleep(6_000); // longer than the slowest interval (the window without the focus)
    assert.equal(requestsTo(server, logPath(id), from).length, 0);
    assert.equal(requestsTo(server, `/repos/alice/demo/actions/jobs/${id}`, from).length, 0);
  });

  it('a running job\'s log grows in the editor, read from the last offset; the end is followed; polling stops when the job ends', async () => {
    const running = await jobNode((d) => d.job.status === 'in_progress');
    const id = (running.data as JobData).job.id;
    const from = server.requests.length;
    const opened = byteLength(id);
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('gitea.ciJobs.showLog', running);
    const doc = editor.document;
    assert.match(doc.getText(), /^▼ Build$/m, 'the step titled with its name from the job');
    assert.doesNotMatch(doc.getText(), /::group::|::endgroup::|^\d{4}-\d\d-\d\dT/m);
    assert.equal(editor.selection.active.line, doc.lineCount - 1, 'a running job opens at its end');
    const live = views.jobLogs.log(doc.uri)!;
    await waitFor('the follower', () => live.follower?.running);
    assert.match(logStatus(live).text, /build: running/);

    appendJobLog(server.state, id, ['compiling src/app.ts', ...Array.from({ length: 150 }, (_, i) => `progress ${i}`)]);
    await waitFor('the new lines in the editor', () => doc.getText().includes('progress 149'));
    // The editor showed the end (a short log): it shows the new end.
    editor.revealRange(new vscode.Range(doc.lineCount - 1, 0, doc.lineCount - 1, 0));
    await sleep(300);
    appendJobLog(server.state, id, ['still at the end']);
    await waitFor('the line at the end, on screen', () => doc.getText().includes('still at the end') && editor.visibleRanges.at(-1)!.end.line >= doc.lineCount - 2);
    // Scrolled up: it stays put.
    editor.revealRange(new vscode.Range(0, 0, 0, 0), vscode.TextEditorRevealType.AtTop);
    await waitFor('the top on screen', () => editor.visibleRanges[0]!.start.line === 0);
    appendJobLog(server.state, id, Array.from({ length: 50 }, (_, i) => `more ${i}`));
    await waitFor('the lines below', () => doc.getText().includes('more 49'));
    await sleep(300);
    assert.equal(editor.visibleRanges[0]!.start.line, 0, 'the view stayed where the user scrolled');

    // Every ranged read started where the one before it ended (the first read the whole log).
    const reads = requestsTo(server, logPath(id), from);
    assert.equal(reads[0]!.headers.range, undefined);
    const starts = reads.slice(1).map((r) => Number(/^bytes=(\d+)-$/.exec(r.headers.range ?? '')?.[1]));
    assert.equal(starts[0], opened);
    for (let i = 1; i < starts.length; i++) assert.ok(starts[i]! >= starts[i - 1]!, starts.join(' '));

    finishJob(server.state, id, 'failure');
    await waitFor('the end of the job', () => live.end?.reason === 'ended');
    assert.match(doc.getText(), /^Job failed$/m);
    assert.match(logStatus(live).text, /build: failed/);
    const after = server.requests.length;
    await sleep(6_000);
    assert.equal(requestsTo(server, logPath(id), after).length, 0, 'no poll after the job ended');
  });

  it('each step folds under its title; the script listing is a comment range; the timestamps toggle', async () => {
    const lint = await jobNode((d) => d.job.name === 'lint' && d.job.conclusion === 'failure');
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('gitea.ciJobs.showLog', lint);
    const doc = editor.document;
    const ranges = views.jobLogs.provideFoldingRanges(doc);
    const titled = ranges.filter((r) => r.kind === vscode.FoldingRangeKind.Region).map((r) => doc.lineAt(r.start).text);
    assert.deepEqual(titled.filter((t) => t.startsWith('▼')), ['▼ Checkout', '▼ Lint']);
    const listings = ranges.filter((r) => r.kind === vscode.FoldingRangeKind.Comment);
    assert.equal(listings.length, 2);
    assert.deepEqual(listings.map((r) => doc.lineAt(r.start).text), ['│ git clone --depth 1 "$GITHUB_SERVER_URL/$GITHUB_REPOSITORY" .', '│ npm run lint']);
    for (const r of ranges) assert.ok(r.start < r.end && r.end < doc.lineCount);

    const plain = doc.getText();
    await vscode.commands.executeCommand('gitea.ciJobs.toggleLogTimestamps');
    await waitFor('the timestamps', () => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}Z ▼ Lint$/m.test(doc.getText()));
    assert.equal(doc.lineCount, plain.split('\n').length, 'the same lines');
    await vscode.commands.executeCommand('gitea.ciJobs.toggleLogTimestamps');
    await waitFor('the timestamps hidden again', () => doc.getText() === plain);
  });
});
