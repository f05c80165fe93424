// What the Create Pull Request form offers, read from the test server through the client: reviewers without the
// poster (Gitea would answer 500 after creating the pull request), teams of an organization's repository, the base
// branches, and the template by Gitea's rule from the default branch (root candidates, then .gitea/, then .github/).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadPullFormOptions, loadPullTemplate } from '../../../src/commands/createPullRequest/pullOptions';
import { startTestServer, type TestServer } from '../../server/index';
import { clients } from '../api/liveServer';

describe('Create Pull Request options against the test server', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  /** Commits files onto main of alice/demo on the server (a tree from the current one plus the files). */
  async function commitToMain(files: Record<string, string>): Promise<void> {
    const git = (args: string[], input?: string) => server.git.must('alice/demo.git', args, input).then((b) => b.toString().trim());
    const main = await git(['rev-parse', 'refs/heads/main']);
    let tree = await git(['rev-parse', `${main}^{tree}`]);
    for (const [path, text] of Object.entries(files)) {
      const blob = await git(['hash-object', '-w', '--stdin'], text);
      const [dir, name] = path.includes('/') ? [path.slice(0, path.indexOf('/')), path.slice(path.indexOf('/') + 1)] : ['', path];
      if (!dir) {
        const entries = (await git(['ls-tree', tree])).split('\n').filter((l) => !l.endsWith(`\t${name}`));
        tree = await git(['mktree'], [...entries, `100644 blob ${blob}\t${name}`].join('\n') + '\n');
      } else {
        const entries = (await git(['ls-tree', tree])).split('\n').filter((l) => !l.endsWith(`\t${dir}`));
        const sub = await git(['mktree'], `100644 blob ${blob}\t${name}\n`);
        tree = await git(['mktree'], [...entries, `040000 tree ${sub}\t${dir}`].join('\n') + '\n');
      }
    }
    const commit = await git(['-c', 'user.name=Alice', '-c', 'user.email=alice@example.com', 'commit-tree', tree, '-p', main, '-m', 'Templates']);
    await server.git.updateRefs('alice/demo.git', [`update refs/heads/main ${commit} ${main}`]);
  }

  it('reviewers are the assignable users and collaborators without the poster; branches and the default base', async () => {
    const alice = clients(server).token('alice');
    const options = await loadPullFormOptions(alice, { owner: 'alice', repo: 'demo' }, 'alice', undefined);
    assert.deepEqual(options.reviewers.map((r) => r.login), ['bob', 'carol']);
    assert.equal(options.defaultBase, 'main');
    assert.ok(options.branches.includes('feature/login'));
    assert.deepEqual(options.teams, [], 'a user\'s repository has no teams');
    assert.equal(options.template, undefined);
    assert.deepEqual(options.problems, []);
    const site = await loadPullFormOptions(alice, { owner: 'acme', repo: 'site' }, 'alice', undefined);
    assert.ok(site.teams.some((t) => t.name === 'Developers'), JSON.stringify(site.teams));
  });

  it('the template: a root candidate before .gitea/ and .github/; an invalid one is passed over', async () => {
    const alice = clients(server).token('alice');
    await commitToMain({ '.github/pull_request_template.md': 'From .github\n', '.gitea/PULL_REQUEST_TEMPLATE.md': 'From .gitea\n' });
    assert.equal((await loadPullTemplate(alice, 'alice', 'demo', 'main'))?.path, '.gitea/PULL_REQUEST_TEMPLATE.md');
    // Front matter without `about`: Gitea skips it and takes the next candidate.
    await commitToMain({ 'PULL_REQUEST_TEMPLATE.md': '---\nname: Broken\n---\nNot this\n' });
    assert.equal((await loadPullTemplate(alice, 'alice', 'demo', 'main'))?.body, 'From .gitea\n');
    await commitToMain({ 'pull_request_template.yml': 'name: Form\nabout: A form\nbody:\n  - type: textarea\n    attributes:\n      label: Why\n' });
    const root = await loadPullTemplate(alice, 'alice', 'demo', 'main');
    assert.deepEqual([root?.path, root?.body], ['pull_request_template.yml', '### Why\n\n_No response_\n']);
  });
});
