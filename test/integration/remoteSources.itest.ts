// Gitea where VS Code's git looks, inside a real VS Code against a Gitea 1.27 test server started in this process:
// Git: Clone's "Clone from Gitea (alice@host)" lists the account's repositories (its own, its organisation's) and its
// stars, searches the instance as the user types, gives the https or ssh URL as gitea.cloneProtocol says, and git's
// clone of the pick (a private repository) runs with no password prompt; Publish to Gitea creates the repository,
// adds it as origin, pushes the branch with its upstream and selects it in the sidebar; a name already taken and an
// organisation that refuses are said under the name, which stays, and leave no repository and no remote behind.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { GitApi, GitCredentials, GitExtension, GitRemoteSource, GitRepository } from '../../src/git/gitApi';
import type { RegisteredRemoteSources } from '../../src/git/remoteSources';
import { runTestGit } from '../harness/gitExecutable';
import { FIXTURES, type RecordedRequest, type TestServer } from '../server/index';
import { withoutHarnessGitCredentials } from './createPullRequestSupport';
import { demoSession } from './demoSession';
import { replaceMessage } from './viewsSupport';
import { scriptQuickInputs, type FakeInput } from './viewsQuickInput';
import { services, waitFor } from './workflowsSupport';

const TOKEN = FIXTURES.users.alice.tokens.all;
const IDENTITY = ['-c', 'user.name=Alice Liddell', '-c', 'user.email=alice@example.com'];

function gitApi(): GitApi & { openRepository(root: vscode.Uri): Promise<GitRepository | null> } {
  const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
  assert.ok(extension?.isActive, 'the git extension is active');
  return extension.exports.getAPI(1) as GitApi & { openRepository(root: vscode.Uri): Promise<GitRepository | null> };
}

async function registered(): Promise<RegisteredRemoteSources> {
  return waitFor('the remote sources to be registered with git', async () => {
    const current = await vscode.commands.executeCommand<RegisteredRemoteSources>('gitea.git.remoteSources');
    return current.providers.length > 0 && current.publisher ? current : undefined;
  });
}

const byName = (sources: readonly GitRemoteSource[]) => new Map(sources.map((s) => [s.name, s]));
const basicOf = (r: RecordedRequest) => (r.headers.authorization?.startsWith('Basic ') ? Buffer.from(r.headers.authorization.slice(6), 'base64').toString('utf8') : undefined);

describe('Clone from and Publish to Gitea in VS Code\'s git (Gitea 1.27 test server)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let restoreGitCredentials: (() => void) | undefined;
  let promptStandIn: vscode.Disposable | undefined;
  let info: ReturnType<typeof replaceMessage>;
  let errors: ReturnType<typeof replaceMessage>;
  const prompted: string[] = [];
  const folders: string[] = [];
  let onError: (message: string, items: unknown[]) => unknown = () => undefined;

  demoSession((s) => ({ server } = s), { closeEditors: true });

  before(() => {
    restoreGitCredentials = withoutHarnessGitCredentials();
    // Registered after ours: git reaches it only when ours gave no answer (a real prompt); a wrong answer fails git.
    promptStandIn = gitApi().registerCredentialsProvider({
      getCredentials: (host): Promise<GitCredentials> => {
        prompted.push(host.authority);
        return Promise.resolve({ username: 'prompted', password: 'not-the-token' });
      },
    });
    info = replaceMessage('showInformationMessage', () => undefined);
    errors = replaceMessage('showErrorMessage', (message, items) => onError(message, items));
  });
  after(async () => {
    promptStandIn?.dispose();
    restoreGitCredentials?.();
    info?.restore();
    errors?.restore();
    await vscode.workspace.getConfiguration('gitea').update('cloneProtocol', undefined, vscode.ConfigurationTarget.Global);
    for (const f of folders) rmSync(f, { recursive: true, force: true });
  });
  beforeEach(() => {
    prompted.length = 0;
    onError = () => undefined;
  });

  function provider(sources: RegisteredRemoteSources) {
    const host = new URL(server.url).host;
    const found = sources.providers.filter((p) => p.name === `Gitea (alice@${host})`);
    assert.equal(found.length, 1, `one provider named for the account: ${sources.providers.map((p) => p.name).join(', ')}`);
    return found[0]!;
  }

  it('Git: Clone lists the account\'s repositories, its organisation\'s and its starred ones, with the server\'s clone URLs', async () => {
    // Both places exist in the git extension of every supported editor (VS Code 1.96 on).
    assert.equal(typeof gitApi().registerRemoteSourceProvider, 'function');
    assert.equal(typeof gitApi().registerRemoteSourcePublisher, 'function');
    const clone = provider(await registered());
    assert.equal(clone.supportsQuery, true);
    const sources = byName(await clone.getRemoteSources());
    assert.equal(sources.get('alice/demo')?.url, `${server.url}alice/demo.git`);
    assert.equal(sources.get('acme/private-repo')?.url, `${server.url}acme/private-repo.git`, 'the organisation\'s private repository');
    assert.equal(sources.get('acme/private-repo')?.icon, 'lock');
    assert.equal(sources.get('carol/notes')?.url, `${server.url}carol/notes.git`, 'a starred repository of another user');
    assert.equal(sources.get('carol/notes')?.icon, 'star-full');
    assert.equal([...sources.keys()].filter((n) => n === 'alice/demo').length, 1, 'a repository both owned and starred shows once');
  });

  it('searches the instance as the user types (GET /repos/search?q=)', async () => {
    const clone = provider(await registered());
    const from = server.requests.length;
    const found = await clone.getRemoteSources('PRIVATE-r');
    assert.deepEqual(found.map((s) => s.name), ['acme/private-repo']);
    const searches = server.requests.slice(from).filter((r) => r.kind === 'api' && r.apiPath === '/repos/search');
    assert.equal(searches.length, 1);
    assert.match(searches[0]!.url, /[?&]q=PRIVATE-r(?:&|$)/);
  });

  it('gives the ssh URL when gitea.cloneProtocol is ssh', async () => {
    await vscode.workspace.getConfiguration('gitea').update('cloneProtocol', 'ssh', vscode.ConfigurationTarget.Global);
    try {
      const sources = byName(await provider(await registered()).getRemoteSources());
      const repo = await (await fetch(`${server.apiUrl}/repos/alice/demo`, { headers: { authorization: `token ${TOKEN}` } })).json() as { ssh_url: string };
      assert.equal(sources.get('alice/demo')?.url, repo.ssh_url);
    } finally {
      await vscode.workspace.getConfiguration('gitea').update('cloneProtocol', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('git\'s clone of the pick (a private repository) runs as the account, with no password prompt', async () => {
    const pick = byName(await provider(await registered()).getRemoteSources('private-repo')).get('acme/private-repo');
    assert.ok(pick && typeof pick.url === 'string');
    const parent = mkdtempSync(join(tmpdir(), 'gwb-clone-'));
    folders.push(parent);
    const from = server.requests.length;
    // The folder picker is the git extension's own: the test hands git.clone the folder a user would choose.
    await vscode.commands.executeCommand('git.clone', pick.url, parent, { postCloneAction: 'none' });
    const dir = join(parent, 'private-repo');
    assert.ok(existsSync(join(dir, 'README.md')), 'the files are checked out');
    assert.deepEqual(prompted, [], 'git never reached the prompt');
    const fetched = server.requests.slice(from).filter((r) => r.kind === 'git' && r.path.startsWith('/acme/private-repo.git/'));
    assert.ok(fetched.some((r) => basicOf(r) === `alice:${TOKEN}`), 'git authenticated as the account, with its token');
    const origin = await runTestGit(['remote', 'get-url', 'origin'], { cwd: dir });
    assert.equal(origin.stdout.trim(), `${server.url}acme/private-repo.git`, 'no credentials in the remote');
  });

  /** A new git repository in a folder named `name`, with one commit, opened in the git extension. */
  async function newFolder(name: string): Promise<{ dir: string; repository: GitRepository; git: (...args: string[]) => Promise<string> }> {
    const parent = mkdtempSync(join(tmpdir(), 'gwb-publish-'));
    folders.push(parent);
    const dir = join(parent, name);
    mkdirSync(dir);
    const git = async (...args: string[]): Promise<string> => {
      const r = await runTestGit([...IDENTITY, ...args], { cwd: dir });
      assert.equal(r.code, 0, `git ${args.join(' ')}: ${r.stderr}`);
      return r.stdout.trim();
    };
    await git('init', '-q', '-b', 'main');
    writeFileSync(join(dir, 'README.md'), `# ${name}\n`);
    await git('add', 'README.md');
    await git('commit', '-q', '-m', 'First');
    const repository = await gitApi().openRepository(vscode.Uri.file(dir));
    assert.ok(repository, 'the git extension opened the folder');
    await waitFor('the commit to be known to the git extension', () => repository.state.HEAD?.commit);
    return { dir, repository, git };
  }

  /** Walks Publish to Gitea: owner, visibility, then the name step (`atName` answers it). */
  async function publish(repository: GitRepository, owner: string, atName: (ui: FakeInput) => Promise<void>) {
    const script = scriptQuickInputs([(ui) => ui.pick(owner), (ui) => ui.pick('Private'), atName]);
    try {
      const { publisher } = await registered();
      await publisher!.publishRepository(repository);
      return script.seen;
    } finally {
      script.restore();
    }
  }

  async function repoCount(): Promise<number> {
    return server.state.repos.length;
  }

  it('Publish to Gitea: the folder\'s name, created, added as origin, the branch pushed with its upstream, the sidebar shows it', async () => {
    const { repository, git } = await newFolder('my project');
    const from = server.requests.length;
    const seen = await publish(repository, 'alice', async (ui) => {
      assert.equal(ui.value, 'my-project', 'the name is the folder\'s, made one Gitea takes');
      ui.accept();
    });
    assert.deepEqual(seen.map((s) => s.kind), ['quickPick', 'quickPick', 'inputBox'], 'owner, visibility, name');
    const created = await (await fetch(`${server.apiUrl}/repos/alice/my-project`, { headers: { authorization: `token ${TOKEN}` } })).json() as { private: boolean; empty: boolean };
    assert.equal(created.private, true);
    assert.equal(created.empty, false, 'the push filled it');
    assert.equal(await git('remote', 'get-url', 'origin'), `${server.url}alice/my-project.git`);
    assert.equal(await git('rev-parse', '--abbrev-ref', 'main@{upstream}'), 'origin/main');
    const branch = await (await fetch(`${server.apiUrl}/repos/alice/my-project/branches/main`, { headers: { authorization: `token ${TOKEN}` } })).json() as { commit: { id: string } };
    assert.equal(branch.commit.id, await git('rev-parse', 'HEAD'));
    assert.deepEqual(prompted, [], 'the push asked no password');
    const creates = server.requests.slice(from).filter((r) => r.kind === 'api' && r.method === 'POST');
    assert.deepEqual(creates.map((r) => r.apiPath), ['/user/repos']);
    const s = await services();
    await waitFor('the sidebar to show the published repository', () => s.repos.active?.owner === 'alice' && s.repos.active.repo === 'my-project');
  });

  it('a name already taken is said under the name, which stays; nothing is created and no remote added', async () => {
    const { repository, git } = await newFolder('demo');
    const before = await repoCount();
    let message: string | undefined;
    await publish(repository, 'alice', async (ui) => {
      assert.equal(ui.value, 'demo');
      ui.accept();
      message = await waitFor('the refusal under the name', () => {
        const m = ui.validationMessage;
        return typeof m === 'string' ? m : m?.message;
      });
      assert.equal(ui.value, 'demo', 'what the user typed stays');
      (ui as unknown as { hide(): void }).hide();
    });
    assert.match(message ?? '', /alice already has a repository named "demo"\. Enter another name\./);
    assert.equal(await repoCount(), before, 'no repository was created');
    assert.equal(await git('remote'), '', 'no remote was added');
  });

  it('an organisation that refuses (403) is said under the name, and nothing is left half done', async () => {
    const { repository, git } = await newFolder('acme-tool');
    const owners = server.state.teams.find((t) => t.id === FIXTURES.orgs.acme.teams.owners.id)!;
    const alice = server.state.userByName('alice')!.id;
    const before = await repoCount();
    let message: string | undefined;
    try {
      await publish(repository, 'acme', async (ui) => {
        // While the user typed, the organisation's owners took alice out of their team.
        owners.memberIds = owners.memberIds.filter((id) => id !== alice);
        ui.accept();
        message = await waitFor('the refusal under the name', () => {
          const m = ui.validationMessage;
          return typeof m === 'string' ? m : m?.message;
        });
        assert.equal(ui.value, 'acme-tool');
        (ui as unknown as { hide(): void }).hide();
      });
    } finally {
      owners.memberIds.push(alice);
    }
    assert.match(message ?? '', /You may not create repositories in acme\. Go back to choose another owner\./);
    assert.equal(await repoCount(), before, 'no repository was created');
    assert.equal(await git('remote'), '', 'no remote was added');
  });

  it('a push that fails after the repository was created says so, keeps the repository and origin, and Retry Push pushes', async () => {
    const { repository, git } = await newFolder('archived-meanwhile');
    const failures: string[] = [];
    onError = (message, items) => {
      failures.push(message);
      // An administrator un-archives it; the user retries.
      server.state.repoByName('alice', 'archived-meanwhile')!.archived = false;
      return items.find((i) => i === 'Retry Push');
    };
    await publish(repository, 'alice', async (ui) => {
      ui.accept();
      // Archived on the server the moment it was created: Gitea refuses the push (403).
      const created = await waitFor('the repository to be created', () => server.state.repoByName('alice', 'archived-meanwhile'));
      created.archived = true;
    });
    assert.equal(failures.length, 1, failures.join(' | '));
    assert.match(failures[0]!, /alice\/archived-meanwhile was created on Gitea and added as the remote "origin", but pushing main failed/);
    assert.equal(await git('remote', 'get-url', 'origin'), `${server.url}alice/archived-meanwhile.git`, 'the remote stays');
    const branch = await (await fetch(`${server.apiUrl}/repos/alice/archived-meanwhile/branches/main`, { headers: { authorization: `token ${TOKEN}` } })).json() as { commit: { id: string } };
    assert.equal(branch.commit.id, await git('rev-parse', 'HEAD'), 'Retry Push pushed the branch');
    assert.equal(await git('rev-parse', '--abbrev-ref', 'main@{upstream}'), 'origin/main');
  });
});
