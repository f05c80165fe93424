// The language-model tools (BENCH_ONLY=lmTools, and part of the full run; in Node: compiles only, no code-server —
// a tool is called by an agent, not through the UI, and the extension host adds nothing to its own work). The tools'
// compiled code (out/src/lm) runs in this process with a stand-in `vscode` module (l10n and the result classes: all a
// tool uses), against a test server behind the latency mode's proxy (each exchange held DELAY_MS).
// - activePullRequest on alice/demo#6 with 200 review comments (10 reviews of 20, by bob): the time from the last
//   server answer to the result ready (≤ 500 ms) and the round trips on its critical path (criticalPath of
//   latency.mjs), budget ≤ 2 for what the API lets a client ask at once.
// - every reading tool's result within its cap (CAPS.result, src/lm/quote.ts) on the same data.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startDelayProxy } from './delayProxy.mjs';
import { criticalPath, DELAY_MS } from './latency.mjs';

const REVIEWS = 10;
const COMMENTS_PER_REVIEW = 20;
const RUNS = Number(process.env.BENCH_LM_RUNS ?? 5);
const PULL = 6;

/** Serves a stand-in `vscode` to the tools' modules (and to nothing else: nothing else here loads `vscode`). */
function standInVscode(require) {
  const Module = require('node:module');
  class LanguageModelTextPart {
    constructor(value) {
      this.value = value;
    }
  }
  class LanguageModelToolResult {
    constructor(content) {
      this.content = content;
    }
  }
  const vscode = {
    l10n: { t: (s, ...args) => s.replace(/\{(\d+)\}/g, (_m, i) => String(args[Number(i)])) },
    LanguageModelTextPart,
    LanguageModelToolResult,
  };
  const load = Module._load;
  Module._load = function (request, ...rest) {
    return request === 'vscode' ? vscode : load.call(this, request, ...rest);
  };
}

const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function lmToolFigures(report, root, log) {
  const require = createRequire(import.meta.url);
  standInVscode(require);
  const { startTestServer, FIXTURES } = require(join(root, 'out/test/server/index.js'));
  const { createClient } = require(join(root, 'out/src/api/index.js'));
  const { languageModelTools, TOOL } = require(join(root, 'out/src/lm/index.js'));
  const { CAPS } = require(join(root, 'out/src/lm/quote.js'));
  const server = await startTestServer();
  const proxy = await startDelayProxy({ target: server.url, delayMs: DELAY_MS });
  try {
    // 200 review comments by bob, straight to the server.
    const bob = createClient({ baseUrl: server.url, auth: { kind: 'token', token: FIXTURES.users.bob.tokens.all } });
    const files = (await bob.repoGetPullRequestFiles({ owner: 'alice', repo: 'demo', index: PULL, page: 1, limit: 50 })).items.filter((f) => f.status !== 'deleted');
    for (let r = 0; r < REVIEWS; r++) {
      const comments = Array.from({ length: COMMENTS_PER_REVIEW }, (_, c) => ({
        path: files[(r * COMMENTS_PER_REVIEW + c) % files.length].filename,
        body: `Review ${r + 1}, comment ${c + 1}: ${'please look at this line again. '.repeat(4)}`,
        new_position: 1,
        old_position: 0,
      }));
      await bob.repoCreatePullReview({ owner: 'alice', repo: 'demo', index: PULL, body: { event: 'COMMENT', body: `Review ${r + 1}`, comments } });
    }

    const account = { id: 'bench', instanceUrl: proxy.url, username: 'alice', flavor: 'gitea', version: server.version };
    const client = createClient({ baseUrl: proxy.url, auth: { kind: 'token', token: FIXTURES.users.alice.tokens.all } });
    const repo = { instanceUrl: proxy.url, owner: 'alice', repo: 'demo', accountId: account.id };
    const services = {
      accounts: { accounts: [account], accountFor: () => account, getClient: async () => client },
      repos: { active: repo, detected: [repo] },
      log: { info() {}, warn() {}, error() {}, debug() {} },
    };
    const tools = languageModelTools(services);
    const invoke = async (name, input) => {
      const result = await tools.get(name).invoke({ input }, token);
      return result.content.map((p) => p.value).join('');
    };

    // Warm: the connection and the client's paging limits (read once per client).
    await invoke(TOOL.activePullRequest, { pullRequest: String(PULL) });
    const times = [];
    let path;
    let size = 0;
    for (let i = 0; i < RUNS; i++) {
      proxy.log.length = 0;
      const text = await invoke(TOOL.activePullRequest, { pullRequest: String(PULL) });
      const ready = Date.now();
      const lastAnswer = Math.max(...proxy.log.map((e) => e.end ?? 0));
      times.push(ready - lastAnswer);
      path = criticalPath(proxy.log);
      size = text.length;
      if (!/^Unresolved review threads: \d+/m.test(text)) throw new Error(`activePullRequest read no threads:\n${text.slice(0, 2000)}`);
    }
    log(`activePullRequest, ${REVIEWS * COMMENTS_PER_REVIEW} review comments: ${path.roundTrips} round trips\n${path.levels.map((l, i) => `    ${i + 1}: ${l.map((r) => `${r.method} ${r.path.split('?')[0]}`).join(', ')}`).join('\n')}`);
    const section = 'Language-model tools';
    report.add(section, `activePullRequest, ${REVIEWS * COMMENTS_PER_REVIEW} review comments: last answer → result ready (median of ${RUNS})`, median(times), 'ms', { max: 500, text: '≤ 500 ms' });
    report.add(section, `activePullRequest, ${REVIEWS * COMMENTS_PER_REVIEW} review comments: round trips (critical path)`, path.roundTrips, 'requests', { max: 2, text: '≤ 2' });
    report.details.lmActivePullRequest = { times, roundTrips: path.roundTrips, levels: path.levels.map((l) => l.map((r) => `${r.method} ${r.path}`)) };

    // Every reading tool's result on this data, against the cap of every result.
    const demo = server.state.repos.find((r) => r.name === 'demo');
    const lint = server.state.jobs.find((j) => j.repoId === demo.id && j.name === 'lint' && j.log.includes('lint failed'));
    const sizes = {
      activePullRequest: size,
      issue: (await invoke(TOOL.issue, { issue: String(PULL) })).length,
      searchIssues: (await invoke(TOOL.searchIssues, { state: 'all' })).length,
      notifications: (await invoke(TOOL.notifications, {})).length,
      jobLog: (await invoke(TOOL.jobLog, { job: lint.id, failingOnly: false })).length,
    };
    for (const [name, chars] of Object.entries(sizes)) report.add(section, `${name}: result size`, chars, '', { max: CAPS.result, text: `≤ ${CAPS.result.toLocaleString('en')} characters` });
    log(`tool result sizes (characters): ${JSON.stringify(sizes)}`);
  } finally {
    await proxy.close();
    await server.close();
  }
}
