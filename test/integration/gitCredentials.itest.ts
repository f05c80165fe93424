// Git uses the signed-in account, inside a real VS Code against a Gitea 1.27 test server started in this process: a
// clone of a private repository with no credential helper and no credentials in its URL or config pushes (Create
// Pull Request's Push and Create), fetches a private fork's branch (Check Out) and pulls (Update Branch) with no
// prompt, through the git extension's askpass and this extension's credentials provider; a remote of another host
// is left to git's own helpers. A provider registered after ours stands for the prompt: git reaches it only when
// ours gave no answer, and it records the hosts it is asked for.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { UpdateResult } from '../../src/commands/branchActions/updateBranch';
import type { CheckoutResult } from '../../src/commands/checkout/checkoutPullRequest';
import type { RepoRef } from '../../src/core/services';
import type { GitApi, GitCredentials, GitExtension } from '../../src/git/gitApi';
import { runTestGit } from '../harness/gitExecutable';
import { FIXTURES, startTestServer, type TestServer, type RecordedRequest } from '../server/index';
import { branchWithCommits, createPullRequest, withoutHarnessGitCredentials, type Clone } from './createPullRequestSupport';
import { demoSession } from './demoSession';
import { api, replaceMessage, signInAndSelect, signOut } from './viewsSupport';
import { services, waitFor } from './workflowsSupport';

const TOKEN = FIXTURES.users.alice.tokens.all;
const IDENTITY = ['-c', 'user.name=Alice Liddell', '-c', 'user.email=alice@example.com'];
/** The variable the test's own credential helper reads its password from (never a file). */
const HELPER_TOKEN_VAR = 'GWB_ITEST_HELPER_TOKEN';

function gitApi(): GitApi {
  const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
  assert.ok(extension?.isActive, 'the git extension is active');
  return extension.exports.getAPI(1);
}

/** The user name and password of a request's Basic authorization, if any. */
function basicOf(request: RecordedRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : undefined;
}

/**
 * Clones `owner/repo` (private) with alice's credentials given to that one command only; the clone keeps its plain
 * URL, no credentials and no credential helper (an empty `credential.helper` drops any the user's config names).
 */
async function cloneWithoutCredentials(server: TestServer, owner: string, repo: string): Promise<Clone> {
  const parent = mkdtempSync(join(tmpdir(), 'gwb-creds-'));
  const dir = join(parent, repo);
  const header = `Authorization: Basic ${Buffer.from(`alice:${TOKEN}`).toString('base64')}`;
  const cloned = await runTestGit(['-c', `http.extraHeader=${header}`, 'clone', '--quiet', `${server.url}${owner}/${repo}.git`, dir], { cwd: parent });
  assert.equal(cloned.code, 0, cloned.stderr);
  const git = async (...args: string[]): Promise<string> => {
    const r = await runTestGit([...IDENTITY, ...args], { cwd: dir });
    assert.equal(r.code, 0, `git ${args.join(' ')}: ${r.stderr}`);
    return r.stdout.trim();
  };
  await git('config', 'credential.helper', '');
  const s = await services();
  await (gitApi() as GitApi & { openRepository(root: vscode.Uri): Promise<unknown> }).openRepository(vscode.Uri.file(dir));
  const detected = await waitFor(`${owner}/${repo} at ${dir} to be detected`, () => s.repos.repoForUri(vscode.Uri.file(join(dir, 'README.md'))), 30_000);
  await vscode.commands.executeCommand('gitea.selectRepository', { owner, repo, instanceUrl: server.url });
  await waitFor('the clone to be the active repository', () => s.repos.active?.rootUri?.toString() === detected.rootUri?.toString());
  return { dir, repo: detected, git, dispose: () => rmSync(parent, { recursive: true, force: true }) };
}

describe('Git uses the signed-in account for http(s) remotes of the instance (Gitea 1.27 test server)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let repo: RepoRef;
  let clone: Clone;
  let warnings: ReturnType<typeof replaceMessage>;
  let info: ReturnType<typeof replaceMessage>;
  let infoAnswer: string | undefined;
  let restoreGitCredentials: (() => void) | undefined;
  /** The hosts git asked for after our provider gave no answer, and what the stand-in for the prompt answers. */
  const prompted: string[] = [];
  const promptAnswers = new Map<string, GitCredentials>();
  let promptStandIn: vscode.Disposable | undefined;
  const serverHost = () => new URL(server.url).host;
  const gitRequests = (from: number) => server.requests.slice(from).filter((r) => r.kind === 'git');

  demoSession((s) => ({ server, repo } = s), { closeEditors: true });

  before(async () => {
    restoreGitCredentials = withoutHarnessGitCredentials();
    // Private: every fetch needs credentials, as every push does; the fork of a private repository is private.
    await api(server, 'PATCH', '/repos/alice/demo', { private: true });
    await api(server, 'POST', '/repos/alice/demo/forks', { organization: 'acme' });
    clone = await cloneWithoutCredentials(server, 'alice', 'demo');
    warnings = replaceMessage('showWarningMessage', (_m, items) => items.find((i) => i === 'Push and Create'));
    info = replaceMessage('showInformationMessage', (_m, items) => items.find((i) => i === infoAnswer));
    promptStandIn = gitApi().registerCredentialsProvider({
      getCredentials: (host) => {
        prompted.push(host.authority);
        // A wrong answer fails git at once where a real prompt would wait.
        return Promise.resolve(promptAnswers.get(host.authority) ?? { username: 'prompted', password: 'not-the-token' });
      },
    });
  });
  after(() => {
    promptStandIn?.dispose();
    restoreGitCredentials?.();
    warnings?.restore();
    info?.restore();
    clone?.dispose();
    delete process.env[HELPER_TOKEN_VAR];
  });
  beforeEach(() => {
    prompted.length = 0;
    infoAnswer = undefined;
  });

  it('the clone holds no credentials: its URL is plain, no credential helper, no http header', async () => {
    assert.equal(await clone.git('remote', 'get-url', 'origin'), `${server.url}alice/demo.git`);
    const config = await clone.git('config', '--list', '--show-origin');
    assert.ok(!config.includes(TOKEN), 'the token is nowhere in git config');
    assert.doesNotMatch(config, /extraheader/i);
    assert.equal(await clone.git('config', '--get-all', 'credential.helper'), '');
  });

  it('Push and Create pushes the unpushed branch as the account, with no prompt', async () => {
    await branchWithCommits(clone, 'topic/no-prompt', 'origin/main', ['Push me without a password']);
    const from = server.requests.length;
    const result = await createPullRequest(clone.repo, { submit: true });
    assert.equal(result?.outcome?.status, 'created', `${JSON.stringify(result?.outcome)} ${warnings.shown.join(' | ')}`);
    assert.deepEqual(prompted, [], 'git never reached the prompt');
    assert.equal(await clone.git('rev-parse', '--abbrev-ref', 'topic/no-prompt@{upstream}'), 'origin/topic/no-prompt');
    const branch = await api<{ commit: { id: string } }>(server, 'GET', '/repos/alice/demo/branches/topic%2Fno-prompt');
    assert.equal(branch.commit.id, await clone.git('rev-parse', 'topic/no-prompt'));
    const pushes = gitRequests(from).filter((r) => r.path === '/alice/demo.git/git-receive-pack');
    assert.ok(pushes.length > 0, 'the push reached the server');
    assert.deepEqual([...new Set(pushes.map(basicOf))], [`alice:${TOKEN}`], 'as the account, with its token');
  });

  it('Check Out fetches the pull request and the private fork\'s branch as the account, with no prompt', async () => {
    const pull = await api<{ number: number }>(server, 'POST', '/repos/alice/demo/pulls', { head: 'acme:main', base: 'release/1.0', title: 'From the private fork', allow_maintainer_edit: true });
    const from = server.requests.length;
    const result = await vscode.commands.executeCommand<CheckoutResult>('gitea.checkoutPullRequest', { repo: clone.repo, index: pull.number });
    assert.equal(result.kind === 'checkedOut' && result.upstream, 'acme/main', JSON.stringify(result));
    assert.deepEqual(prompted, [], 'git never reached the prompt');
    const forkMain = await api<{ commit: { id: string } }>(server, 'GET', '/repos/acme/demo/branches/main');
    assert.equal(await clone.git('rev-parse', 'acme/main'), forkMain.commit.id);
    const forkFetches = gitRequests(from).filter((r) => r.path.startsWith('/acme/demo.git/') && basicOf(r) === `alice:${TOKEN}`);
    assert.ok(forkFetches.some((r) => r.status === 200), 'the private fork answered the account');
  });

  it('Update Branch\'s Pull brings the server\'s merge into the checked-out branch, with no prompt', async () => {
    await clone.git('checkout', '--quiet', '-B', 'experiment', 'origin/experiment');
    // Checked out outside the git extension: Pull is offered once it has seen the branch.
    await gitApi().getRepository(vscode.Uri.file(clone.dir))?.status();
    const pull = await api<{ number: number }>(server, 'POST', '/repos/alice/demo/pulls', { head: 'experiment', base: 'main', title: 'Experiment' });
    infoAnswer = 'Pull';
    const updated = await vscode.commands.executeCommand<UpdateResult>('gitea.updatePullRequestBranch', { repo, index: pull.number, style: 'merge' });
    assert.deepEqual(updated, { kind: 'updated', style: 'merge' });
    const merged = await api<{ commit: { id: string } }>(server, 'GET', '/repos/alice/demo/branches/experiment');
    await waitFor('the offer to pull', () => info.shown.some((m) => m.includes('is updated on the server')));
    const pulledOrFailed = async () => (await clone.git('rev-parse', 'HEAD')) === merged.commit.id || warnings.shown.some((m) => m.startsWith('Could not pull'));
    await waitFor('the pull to end', pulledOrFailed, 30_000);
    assert.ok(!warnings.shown.some((m) => m.startsWith('Could not pull')), warnings.shown.join('\n'));
    assert.equal(await clone.git('rev-parse', 'HEAD'), merged.commit.id, 'the merge commit is pulled');
    assert.deepEqual(prompted, [], 'git never reached the prompt');
  });

  it('with credential.useHttpPath git names the repository\'s path too: under the instance\'s root, it is answered', async () => {
    const repository = gitApi().getRepository(vscode.Uri.file(clone.dir));
    assert.ok(repository);
    await clone.git('config', 'credential.useHttpPath', 'true');
    try {
      const from = server.requests.length;
      await repository.fetch({ remote: 'origin' });
      assert.deepEqual(prompted, [], 'git never reached the prompt');
      assert.ok(gitRequests(from).some((r) => r.path === '/alice/demo.git/info/refs' && r.status === 200 && basicOf(r) === `alice:${TOKEN}`));
    } finally {
      await clone.git('config', '--unset', 'credential.useHttpPath');
    }
  });

  it('a remote of another host goes to git\'s own credential helper; without one, past our provider to the prompt', async () => {
    // The same server by another name: not the signed-in instance's host.
    const other = `localhost:${new URL(server.url).port}`;
    assert.notEqual(other, serverHost());
    await clone.git('remote', 'add', 'elsewhere', `http://${other}/alice/demo.git`);
    const repository = gitApi().getRepository(vscode.Uri.file(clone.dir));
    assert.ok(repository);
    await waitFor('the git extension to see the remote', () => repository.state.remotes.some((r) => r.name === 'elsewhere'));

    process.env[HELPER_TOKEN_VAR] = TOKEN;
    await clone.git('config', `credential.http://${other}.helper`, `!f() { test "$1" = get && echo username=helper-user && echo "password=$${HELPER_TOKEN_VAR}"; }; f`);
    let from = server.requests.length;
    await repository.fetch({ remote: 'elsewhere' });
    assert.deepEqual(prompted, [], 'the helper answered: no prompt');
    assert.ok(gitRequests(from).some((r) => basicOf(r) === `helper-user:${TOKEN}`), 'git sent what its helper gave');

    await clone.git('config', '--unset', `credential.http://${other}.helper`);
    promptAnswers.set(other, { username: 'prompt-user', password: TOKEN });
    from = server.requests.length;
    await repository.fetch({ remote: 'elsewhere' });
    assert.deepEqual(prompted, [other], 'our provider gave no answer for the other host');
    assert.ok(gitRequests(from).some((r) => basicOf(r) === `prompt-user:${TOKEN}`), 'git sent what the prompt gave');
    assert.ok(!gitRequests(from).some((r) => basicOf(r)?.startsWith('alice:')), 'never the account');
  });

  it('an instance under a sub-path: git asking without a path, or for another application of the host, gets nothing from the account; with useHttpPath set for the host, the clone pushes as the account', async () => {
    const sub = await startTestServer({ subPath: '/git', otherApplicationOutside: true });
    const origin = new URL(sub.url).origin;
    const subHost = new URL(sub.url).host;
    const withToken = (from: number) => sub.requests.slice(from).filter((r) => basicOf(r) === `alice:${TOKEN}`);
    let accountId: string | undefined;
    let subClone: Clone | undefined;
    try {
      accountId = await signInAndSelect(sub.url);
      subClone = await cloneWithoutCredentials(sub, 'alice', 'demo');
      const repository = gitApi().getRepository(vscode.Uri.file(subClone.dir));
      assert.ok(repository);

      // git's default (no useHttpPath): it names no path, so the sub-path instance does not answer.
      await branchWithCommits(subClone, 'topic/sub-path', 'origin/main', ['Pushed once useHttpPath names the path']);
      await repository.status();
      let from = sub.requests.length;
      await assert.rejects(repository.push('origin', 'topic/sub-path', true), 'the prompt\'s stand-in answered wrongly: the push fails');
      assert.deepEqual([...new Set(prompted)], [subHost], 'our provider gave no answer: git went on to the prompt');
      assert.deepEqual(withToken(from), [], 'the token went nowhere');

      // A second remote on the same host outside the sub-path (another application asking for Basic credentials).
      await subClone.git('remote', 'add', 'mallory', `${origin}/~mallory/x.git`);
      await waitFor('the git extension to see the remote', () => repository.state.remotes.some((r) => r.name === 'mallory'));
      for (const useHttpPath of [false, true]) {
        if (useHttpPath) await subClone.git('config', `credential.${origin}.useHttpPath`, 'true');
        prompted.length = 0;
        from = sub.requests.length;
        await assert.rejects(repository.fetch({ remote: 'mallory' }));
        const outside = sub.requests.slice(from).filter((r) => !r.url.startsWith('/git/'));
        assert.ok(outside.length > 0 && outside.every((r) => r.status === 401), `the other application was asked (useHttpPath ${useHttpPath})`);
        assert.ok(outside.some((r) => basicOf(r) === 'prompted:not-the-token'), 'it received only what the prompt gave');
        assert.deepEqual(withToken(from), [], `never the account's token (useHttpPath ${useHttpPath})`);
        assert.deepEqual([...new Set(prompted)], [subHost]);
      }

      // Remotes outside the sub-path whose path, decoded (git names it decoded, the git extension's vscode.Uri decodes
      // it again), a URL parser would read as under it: `..` after an escaped slash, backslashes. git requests them as
      // written, and the host routes them outside: the account does not answer (useHttpPath still set).
      for (const [name, path] of [['dotdot', '/~mallory/..%2fgit/alice/demo.git'], ['backslash', '/~mallory/x%5c..%5c..%5cgit%5calice%5cdemo.git']] as const) {
        await subClone.git('remote', 'add', name, `${origin}${path}`);
        await waitFor(`the git extension to see the remote ${name}`, () => repository.state.remotes.some((r) => r.name === name));
        prompted.length = 0;
        from = sub.requests.length;
        await assert.rejects(repository.fetch({ remote: name }));
        const outside = sub.requests.slice(from).filter((r) => !r.url.startsWith('/git/'));
        assert.ok(outside.length > 0 && outside.every((r) => r.status === 401 && r.url.startsWith(`${path}/`)), `the other application was asked for ${path}`);
        assert.deepEqual(withToken(from), [], `never the account's token (${path})`);
        assert.ok(outside.some((r) => basicOf(r) === 'prompted:not-the-token'), 'it received only what the prompt gave');
        assert.deepEqual([...new Set(prompted)], [subHost]);
      }

      // With credential.<host>.useHttpPath (the README's advice) git names the path under the sub-path: answered.
      prompted.length = 0;
      from = sub.requests.length;
      await repository.push('origin', 'topic/sub-path', true);
      const pushes = sub.requests.slice(from).filter((r) => r.kind === 'git' && r.url.startsWith('/git/alice/demo.git/'));
      assert.ok(pushes.some((r) => r.status === 200 && basicOf(r) === `alice:${TOKEN}`), 'pushed as the account');
      assert.deepEqual(prompted, [], 'git never reached the prompt');
      assert.ok(withToken(from).every((r) => r.url.startsWith('/git/')), 'the token only under the sub-path');
    } finally {
      subClone?.dispose();
      await signOut(accountId);
      await sub.close();
    }
  });
});
