// Check Out Pull Request, Back to Default Branch and Start Working on Issue when the server names refs git would
// misread: a default branch `-Bmain` (git checkout -q -Bmain resets the local main to HEAD) and a pull request whose
// head branch starts with "-". The commands refuse with a message and the clone's branches stay as they were. The server's
// answers are altered in the client the extension uses (a real Gitea refuses such names, a hostile one need not).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GiteaClient } from '../../src/api';
import type { BackResult } from '../../src/commands/checkout/backToDefaultBranch';
import type { CheckoutResult } from '../../src/commands/checkout/checkoutPullRequest';
import type { StartResult } from '../../src/commands/startWorkingOnIssue/startWorking';
import { wrapClients } from './clientWrap';
import { testEnv } from './env';
import { replaceMessage } from './viewsSupport';
import { gitInWorkspace, signInToTarget, type Session } from './workflowsSupport';

type Answer<K extends keyof GiteaClient> = GiteaClient[K] extends (...args: never[]) => Promise<infer T> ? T : never;
type Alter = { [K in keyof GiteaClient]?: (answer: Answer<K>) => Answer<K> };

/** Until the returned restore(): every client the extension gets answers as `alter` says. */
function alterAnswers(session: Session, alter: Alter): () => void {
  return wrapClients(session.services, (method, call) => {
    const change = alter[method as keyof GiteaClient] as ((answer: unknown) => unknown) | undefined;
    return change ? async (...args: unknown[]) => change(await call(...args)) : undefined;
  });
}

/** Every local branch and its commit, and HEAD. */
const branches = () => gitInWorkspace('for-each-ref', '--format=%(refname) %(objectname)', 'refs/heads/');
const headName = () => gitInWorkspace('rev-parse', '--abbrev-ref', 'HEAD').then((s) => s.trim());

describe('Check out, Back to Default Branch and Start Working refuse ref names git would misread (hostile server)', function () {
  this.timeout(60_000);
  const env = () => testEnv();
  const topic = 'hostile-refs-topic';
  let session: Session;
  let remoteHead = '';
  let warnings: ReturnType<typeof replaceMessage>;
  let info: ReturnType<typeof replaceMessage>;

  before(async () => {
    session = await signInToTarget();
    // A branch of its own commit, so that `checkout -Bmain` from it would visibly move main.
    await gitInWorkspace('checkout', '--quiet', '-b', topic, env().repo.defaultBranch);
    await gitInWorkspace('commit', '--quiet', '--allow-empty', '-m', 'A commit only the topic branch has');
    // Without refs/remotes/origin/HEAD the commands ask the server for the default branch.
    remoteHead = (await gitInWorkspace('symbolic-ref', 'refs/remotes/origin/HEAD')).trim();
    await gitInWorkspace('symbolic-ref', '--delete', 'refs/remotes/origin/HEAD');
    warnings = replaceMessage('showWarningMessage', () => undefined);
    info = replaceMessage('showInformationMessage', () => undefined);
  });

  after(async () => {
    warnings?.restore();
    info?.restore();
    if (remoteHead) await gitInWorkspace('symbolic-ref', 'refs/remotes/origin/HEAD', remoteHead);
    await gitInWorkspace('checkout', '--quiet', '--force', env().repo.defaultBranch);
    await gitInWorkspace('branch', '-D', topic).catch(() => undefined);
  });

  it('Back to Default Branch with the server saying default_branch "-Bmain": refused, main not reset, HEAD not moved', async () => {
    const restore = alterAnswers(session, { repoGet: (repo) => ({ ...repo, default_branch: '-Bmain' }) });
    const before = await branches();
    warnings.shown.length = 0;
    try {
      const result = await vscode.commands.executeCommand<BackResult>('gitea.backToDefaultBranch');
      assert.equal(result.kind, 'failed', JSON.stringify(result));
      assert.match(result.kind === 'failed' ? result.message : '', /"-Bmain".*not a valid git ref name: it starts with "-"/);
    } finally {
      restore();
    }
    assert.ok(warnings.shown.some((m) => m.includes('"-Bmain"')), warnings.shown.join('\n'));
    assert.equal(await branches(), before, 'no branch created or moved');
    assert.equal(await headName(), topic);
  });

  it('Start Working on Issue with the server saying default_branch "-Bmain": refused before fetching or branching from it', async () => {
    const restore = alterAnswers(session, { repoGet: (repo) => ({ ...repo, default_branch: '-Bmain' }) });
    const before = await branches();
    warnings.shown.length = 0;
    try {
      const result = await vscode.commands.executeCommand<StartResult>('gitea.startWorkingOnIssue', {
        repo: session.repo,
        number: env().repo.issues.blocker,
        branch: 'hostile-start-working',
        changes: 'carry',
        assign: false,
      });
      assert.equal(result.kind, 'failed', JSON.stringify(result));
      assert.match(result.kind === 'failed' ? result.message : '', /"-Bmain" as the default branch of .*, which is not a valid git ref name: it starts with "-"/);
    } finally {
      restore();
    }
    assert.ok(warnings.shown.some((m) => m.includes('"-Bmain"')), warnings.shown.join('\n'));
    assert.equal(await branches(), before, 'no branch created or moved');
    assert.equal(await headName(), topic);
  });

  it('Check Out Pull Request whose head branch is "-Bmain": refused, no branch created or moved', async () => {
    const restore = alterAnswers(session, { repoGetPullRequest: (pr) => ({ ...pr, head: { ...pr.head!, ref: '-Bmain' } }) });
    const before = await branches();
    warnings.shown.length = 0;
    try {
      const result = await vscode.commands.executeCommand<CheckoutResult>('gitea.checkoutPullRequest', { repo: session.repo, index: env().repo.openPull });
      assert.equal(result.kind, 'failed', JSON.stringify(result));
      assert.match(result.kind === 'failed' ? result.message : '', /"-Bmain" as the head branch of pull request #\d+, which is not a valid git ref name/);
    } finally {
      restore();
    }
    assert.ok(warnings.shown.some((m) => m.includes('"-Bmain"')), warnings.shown.join('\n'));
    assert.equal(await branches(), before, 'no branch created or moved');
    assert.equal(await headName(), topic);
  });
});
