// Time tracking inside a real VS Code against a test server of this process (alice/demo tracks time): a stopwatch
// started from the issue page shows in the status bar and stops from there (its time then on the page); one started
// by another client (a direct API call, as a second window would) appears after a poll; Add Time… and deleting
// one's own tracked time (asked first) from the page; Cancel from the palette; the Issues row's command.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { IssuePage } from '../../src/commands/issuePage/issuePagePanel';
import type { PageOutbound, PageTimesState } from '../../src/commands/issuePage/messages';
import type { RepoRef, Services } from '../../src/core/services';
import type { RunningStopwatch } from '../../src/timeTracking/stopwatchStatus';
import { FIXTURES, type TestServer } from '../server/index';
import { answerPrompt } from './commandsSupport';
import { scriptQuickInputs } from './viewsQuickInput';
import { demoSession } from './demoSession';
import { api, EXTENSION_ID, replaceMessage } from './viewsSupport';
import { waitFor } from './workflowsSupport';

const demo = FIXTURES.repos.demo;
const POLL = 'gitea.notifications.pollInterval';
type Status = { text: string; shown: RunningStopwatch } | undefined;
const status = () => vscode.commands.executeCommand<Status>('gitea.stopwatch.status');

/** The last time-tracking section the page sent to its webview. */
function watchTimes(page: IssuePage): { last: () => PageTimesState | undefined } {
  let last: PageTimesState | undefined;
  const post = page.panel.webview.postMessage.bind(page.panel.webview);
  page.panel.webview.postMessage = (m: PageOutbound) => {
    if (m.type === 'times') last = m.times;
    return post(m);
  };
  return { last: () => last };
}

async function openPage(repo: RepoRef, number: number): Promise<{ page: IssuePage; times: () => PageTimesState | undefined }> {
  const page = await vscode.commands.executeCommand<IssuePage | undefined>('gitea.openIssue', { repo, number });
  assert.ok(page && (await page.whenLoaded()), `the page of #${number} loaded`);
  const watched = watchTimes(page);
  await page.reload();
  await waitFor('the time-tracking section', () => watched.last()?.enabled === true);
  return { page, times: watched.last };
}

describe('time tracking (test server)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let repo: RepoRef;
  let services: Services;

  demoSession((s) => ({ server, repo } = s), { closeEditors: true });
  before(async () => {
    services = vscode.extensions.getExtension<{ services: Services }>(EXTENSION_ID)!.exports.services;
    // The harness turns the account polls off (0); the stopwatch follows the badge's interval.
    await vscode.workspace.getConfiguration().update(POLL, 60, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await vscode.workspace.getConfiguration().update(POLL, 0, vscode.ConfigurationTarget.Global);
  });

  it('a stopwatch started from the issue page shows in the status bar, stops from there, and its time is on the page', async () => {
    const number = demo.issues.crash;
    const { page, times } = await openPage(repo, number);
    assert.equal(times()?.running, false);
    assert.deepEqual(await page.handle({ type: 'timeAction', action: 'start' }), { ok: true });
    await waitFor('the stopwatch in the status bar', async () => (await status())?.shown.number === number);
    const shown = (await status())!;
    assert.match(shown.text, new RegExp(`^\\$\\(watch\\) \\d+:\\d\\d:\\d\\d #${number} `));
    assert.equal(shown.shown.repo.owner, 'alice');
    await waitFor('the page to show it running', () => times()?.running === true);
    // The status item's click: its menu, Stop Stopwatch picked.
    const menu = answerPrompt('showQuickPick', (items) => (items as vscode.QuickPickItem[]).find((i) => i.label.includes('Stop Stopwatch')));
    try {
      assert.deepEqual(await vscode.commands.executeCommand('gitea.stopwatchMenu', shown.shown), { ok: true });
    } finally {
      menu.restore();
    }
    await waitFor('the status item to go', async () => (await status()) === undefined);
    await waitFor('the tracked time on the page', () => times()?.running === false && (times()?.entries ?? []).length === 1);
    assert.equal(times()!.entries![0]!.user, 'alice');
    assert.equal(times()!.entries![0]!.mine, true);
  });

  it('a stopwatch started by another client appears after a poll; Cancel Stopwatch from the palette drops it', async () => {
    const number = demo.issues.darkMode;
    await api(server, 'POST', `/repos/alice/demo/issues/${number}/stopwatch/start`);
    // What the poll interval does in a second window: the next poll reads /user/stopwatches.
    services.views.refresh('stopwatch');
    await waitFor('the other client’s stopwatch', async () => (await status())?.shown.number === number);
    assert.deepEqual(await vscode.commands.executeCommand('gitea.cancelStopwatch'), { ok: true });
    await waitFor('the status item to go', async () => (await status()) === undefined);
    const tracked = await api<unknown[]>(server, 'GET', `/repos/alice/demo/issues/${number}/times`);
    assert.equal(tracked.length, 0, 'a cancelled stopwatch tracks nothing');
  });

  it('Start Stopwatch from the palette asks which issue: the open issues, or a number typed (as typed only when not listed)', async () => {
    const number = demo.issues.darkMode;
    let listed: string[] = [];
    let typedNew: string[] = [];
    let typedListed: string[] = [];
    const inputs = scriptQuickInputs([
      async (ui) => {
        await ui.loaded();
        listed = ui.items.map((i) => i.label);
        ui.type('#4242');
        typedNew = ui.items.map((i) => `${i.label} ${i.description ?? ''}`.trim());
        ui.type(`#${number}`);
        typedListed = ui.items.map((i) => i.label);
        ui.pick(listed.find((l) => l.startsWith(`$(issues) #${number} `))!);
      },
    ]);
    let outcome: unknown;
    try {
      outcome = await vscode.commands.executeCommand('gitea.startStopwatch');
    } finally {
      inputs.restore();
    }
    assert.equal(inputs.seen[0]?.placeholder, 'Pick an open issue, or type its number');
    const open = (await api<{ number: number }[]>(server, 'GET', '/repos/alice/demo/issues?state=open&type=issues&page=1')).map((i) => i.number);
    assert.deepEqual(listed.map((l) => Number(/^\$\(issues\) #(\d+) /.exec(l)?.[1])).sort((a, b) => a - b), open.sort((a, b) => a - b), 'every open issue, and only issues');
    assert.equal(typedNew[0], '$(arrow-right) #4242 (as typed)', 'a number not listed comes first, as typed');
    assert.equal(typedListed.filter((l) => l.startsWith('$(arrow-right)')).length, 0, 'a listed number is not offered twice');
    assert.deepEqual(outcome, { ok: true });
    await waitFor('the stopwatch on the picked issue', async () => (await status())?.shown.number === number);
    assert.deepEqual(await vscode.commands.executeCommand('gitea.cancelStopwatch'), { ok: true });
    await waitFor('the status item to go', async () => (await status()) === undefined);
  });

  it('Add Time… keeps a bad value with its problem, adds a good one, and the user deletes their own entry after confirming', async () => {
    const number = demo.issues.docs;
    const { page, times } = await openPage(repo, number);
    let problem: string | undefined;
    const input = answerPrompt('showInputBox', async (options) => {
      const validate = (options as vscode.InputBoxOptions).validateInput!;
      problem = (await validate('1h 99x')) as string | undefined;
      return (await validate('1h 30m')) ? undefined : '1h 30m';
    });
    try {
      assert.deepEqual(await page.handle({ type: 'timeAction', action: 'addTime' }), { ok: true });
    } finally {
      input.restore();
    }
    assert.ok(problem, 'a bad duration is refused with its problem');
    await waitFor('the added time on the page', () => (times()?.entries ?? []).some((e) => e.time === '1h 30m'));
    const entry = times()!.entries!.find((e) => e.time === '1h 30m')!;
    const data = await page.whenLoaded();
    assert.ok(data?.timeline.some((e) => e.kind === 'event' && e.text === 'added spent time 1 hour 30 minutes'), 'the timeline says it');
    assert.equal(entry.mine, true);
    const no = replaceMessage('showWarningMessage', () => undefined);
    try {
      assert.deepEqual(await page.handle({ type: 'deleteTime', id: entry.id }), { ok: false, message: 'cancelled' });
    } finally {
      no.restore();
    }
    assert.equal((await api<unknown[]>(server, 'GET', `/repos/alice/demo/issues/${number}/times`)).length, 1, 'not deleted unasked');
    const yes = replaceMessage('showWarningMessage', (_m, items) => items[0]);
    try {
      assert.deepEqual(await page.handle({ type: 'deleteTime', id: entry.id }), { ok: true });
    } finally {
      yes.restore();
    }
    assert.equal((await api<unknown[]>(server, 'GET', `/repos/alice/demo/issues/${number}/times`)).length, 0);
    await waitFor('the page without it', () => (times()?.entries ?? []).length === 0);
  });

  it('an Issues row starts a stopwatch (the row’s issue); Stop Stopwatch from the palette stops the running one', async () => {
    const number = demo.issues.refactor;
    const row = { data: { number, title: 'Refactor', repository: { owner: 'alice', name: 'demo' } } };
    assert.deepEqual(await vscode.commands.executeCommand('gitea.startStopwatch', row), { ok: true });
    await waitFor('the stopwatch in the status bar', async () => (await status())?.shown.number === number);
    assert.deepEqual(await vscode.commands.executeCommand('gitea.stopStopwatch'), { ok: true });
    await waitFor('the status item to go', async () => (await status()) === undefined);
    assert.equal((await api<unknown[]>(server, 'GET', `/repos/alice/demo/issues/${number}/times`)).length, 1);
    // Add Time… with the duration given (a script): a bad one is refused before any request, a good one added.
    const from = server.requests.length;
    const bad = await vscode.commands.executeCommand<{ ok: boolean }>('gitea.addTime', { repo, number, duration: '2 fortnights' });
    assert.equal(bad.ok, false);
    assert.equal(server.requests.slice(from).filter((r) => r.kind === 'api' && r.method === 'POST').length, 0);
    assert.deepEqual(await vscode.commands.executeCommand('gitea.addTime', { repo, number, duration: '15m' }), { ok: true });
    const times = await api<{ time: number }[]>(server, 'GET', `/repos/alice/demo/issues/${number}/times`);
    assert.deepEqual(times.map((t) => t.time).slice(1), [900]);
  });

  it('a repository that does not track time: the command says so and sends no stopwatch request', async () => {
    // carol/notes, which alice reads and this window has not read yet, with time tracking off (carol's setting).
    server.state.repos.find((r) => r.name === 'notes')!.settings.enableTimeTracker = false;
    const issue = await api<{ number: number }>(server, 'POST', '/repos/carol/notes/issues', { title: 'No clock here' });
    const said = replaceMessage('showInformationMessage', () => undefined);
    const from = server.requests.length;
    let outcome: unknown;
    try {
      outcome = await vscode.commands.executeCommand('gitea.startStopwatch', { repo: { ...repo, owner: 'carol', repo: 'notes' }, number: issue.number });
    } finally {
      said.restore();
    }
    assert.equal((outcome as { ok: boolean }).ok, false);
    assert.match(said.shown.join('\n'), /carol\/notes does not track time/);
    assert.deepEqual(server.requests.slice(from).filter((r) => r.kind === 'api' && (r.apiPath ?? '').includes('/stopwatch/')), []);
  });
  it('who may not track time sees no buttons (only the list), and a refused stopwatch says why', async () => {
    // carol/notes, which alice only reads, tracking time for contributors only (Gitea's default): alice may add time
    // to her own issue there but not use the stopwatch (that also needs write access); on carol's issue, neither.
    const notes = server.state.repos.find((r) => r.name === 'notes')!;
    notes.settings.enableTimeTracker = true;
    notes.settings.allowOnlyContributorsToTrackTime = true;
    const notesRepo = { ...repo, owner: 'carol', repo: 'notes' };
    const own = await api<{ number: number }>(server, 'POST', '/repos/carol/notes/issues', { title: 'Alice asks' });
    const carols = await fetch(`${server.apiUrl}/repos/carol/notes/issues`, {
      method: 'POST',
      headers: { authorization: `token ${FIXTURES.users.carol.tokens.all}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Carol plans' }),
    }).then((r) => r.json() as Promise<{ number: number }>);
    const ownPage = await openPage(notesRepo, own.number);
    assert.equal(ownPage.times()?.canTrack, true, 'alice adds time to her own issue');
    assert.equal(ownPage.times()?.canStopwatch, false, 'no stopwatch without write access');
    const carolsPage = await openPage(notesRepo, carols.number);
    assert.equal(carolsPage.times()?.canTrack, false, "nothing to track on carol's issue");
    assert.equal(carolsPage.times()?.canStopwatch, false);

    const running = server.state.stopwatches.length;
    const warned = replaceMessage('showWarningMessage', () => undefined);
    let outcome: unknown;
    try {
      outcome = await vscode.commands.executeCommand('gitea.startStopwatch', { repo: notesRepo, number: own.number });
    } finally {
      warned.restore();
    }
    assert.equal((outcome as { ok: boolean }).ok, false);
    assert.match(warned.shown.join('\n'), /Start Stopwatch on carol\/notes#\d+: the stopwatch is for those who may write to the issues of carol\/notes/);
    assert.equal(server.state.stopwatches.length, running, 'no stopwatch was started');
  });
});
