// Gitea's branch protections given to VS Code's git, inside a real VS Code against a Gitea 1.27 test server started in
// this process: for a clone of alice/demo (alice is its owner, so its rules are readable), git's own check
// (Repository.isBranchProtected of the git extension's API) names `main` and the branches of a pattern rule, and a
// rule added on the server is known after the Branches view is refreshed.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestServer } from '../server/index';
import { cloneFromServer, withoutHarnessGitCredentials, type Clone } from './createPullRequestSupport';
import { demoSession } from './demoSession';
import { waitFor } from './workflowsSupport';

interface BranchLike {
  readonly name: string;
  readonly type: number;
  readonly upstream: { readonly remote: string; readonly name: string };
}
interface GitRepositoryLike {
  isBranchProtected(branch?: BranchLike): boolean;
}

/** A local branch `name` whose upstream is `origin/name`: what git checks before a commit on it. */
const tracking = (name: string): BranchLike => ({ name, type: 0, upstream: { remote: 'origin', name } });

describe('Branch protections known to git (Gitea 1.27 test server)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let clone: Clone;
  let repository: GitRepositoryLike;
  let restoreGitCredentials: (() => void) | undefined;

  demoSession((s) => ({ server } = s));

  before(async function () {
    restoreGitCredentials = withoutHarnessGitCredentials();
    const demo = server.state.repoByName('alice', 'demo')!;
    demo.protections.push({ ruleName: 'release/*', requiredApprovals: 0, enableStatusCheck: false, statusCheckContexts: [], pushWhitelistUserIds: [] });
    clone = await cloneFromServer(server, 'alice', 'demo');
    const git = vscode.extensions.getExtension<{ getAPI(v: 1): { getRepository(u: vscode.Uri): GitRepositoryLike | null } }>('vscode.git');
    const found = git!.exports.getAPI(1).getRepository(vscode.Uri.file(clone.dir));
    assert.ok(found, 'the git extension has the clone');
    if (typeof found.isBranchProtected !== 'function') {
      // VS Code 1.96's git API has no Repository.isBranchProtected, through which this test reads what git was told.
      process.stdout.write(`      skipped: this editor's git API (VS Code ${vscode.version}) does not tell which branches are protected\n`);
      this.skip();
    }
    repository = found;
  });
  after(() => {
    restoreGitCredentials?.();
    clone?.dispose();
  });

  it('names main and the branches of a pattern rule; others are not protected', async () => {
    await waitFor('main to be protected for git', () => repository.isBranchProtected(tracking('main')));
    assert.ok(repository.isBranchProtected(tracking('release/2.0')), 'release/* covers release/2.0');
    assert.ok(!repository.isBranchProtected(tracking('release/2.0/hotfix')), '* stops at /, as in Gitea');
    assert.ok(!repository.isBranchProtected(tracking('feature/login')));
    assert.ok(!repository.isBranchProtected({ ...tracking('main'), upstream: { remote: 'elsewhere', name: 'main' } }), 'only for the Gitea remote');
    assert.ok(server.requests.some((r) => r.apiPath === '/repos/alice/demo/branch_protections' && r.status === 200), 'the rules were read from the server');
  });

  it('a rule added on the server is known after the Branches view is refreshed', async () => {
    assert.ok(!repository.isBranchProtected(tracking('hotfix/1')));
    server.state.repoByName('alice', 'demo')!.protections.push({ ruleName: 'hotfix/**', requiredApprovals: 0, enableStatusCheck: false, statusCheckContexts: [], pushWhitelistUserIds: [] });
    await vscode.commands.executeCommand('gitea.branches.refresh');
    await waitFor('hotfix/1 to be protected for git', () => repository.isBranchProtected(tracking('hotfix/1')));
    assert.ok(repository.isBranchProtected(tracking('hotfix/a/b')), '** crosses /');
    assert.ok(repository.isBranchProtected(tracking('main')));
  });
});
