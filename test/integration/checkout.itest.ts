// Check Out Pull Request and Back to Default Branch in the workspace clone the harness made: the branch and its
// commit, the pull request remembered in git config, updating (fast-forward, diverged), the dirty-tree refusal and
// the stash, the palette's pick. The workspace is back on its default branch afterwards, without the test's branches.
import * as assert from 'node:assert/strict';
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { PullRequest } from '../../src/api';
import type { BackResult } from '../../src/commands/checkout/backToDefaultBranch';
import type { CheckoutResult } from '../../src/commands/checkout/checkoutPullRequest';
import { testEnv } from './env';
import { replaceMessage } from './viewsSupport';
import { scriptQuickInputs } from './viewsQuickInput';
import { gitInWorkspace, signInToTarget, waitFor, type Session } from './workflowsSupport';

const checkout = (arg?: unknown) => vscode.commands.executeCommand<CheckoutResult>('gitea.checkoutPullRequest', arg);
const back = () => vscode.commands.executeCommand<BackResult>('gitea.backToDefaultBranch');
const headName = () => gitInWorkspace('rev-parse', '--abbrev-ref', 'HEAD').then((s) => s.trim());
const headSha = () => gitInWorkspace('rev-parse', 'HEAD').then((s) => s.trim());
const config = (key: string) => gitInWorkspace('config', '--local', '--get', key).then((s) => s.trim());

describe('Check out a pull request', function () {
  this.timeout(60_000);
  let session: Session;
  let pr: PullRequest;
  let head: string;
  /** The pull request's head commit. */
  let prSha: string;
  const env = () => testEnv();
  /** Messages shown, answered as the test says (none = dismissed). */
  let info: ReturnType<typeof replaceMessage>;
  let warnings: ReturnType<typeof replaceMessage>;
  let warningAnswer: string | undefined;
  const createdBranches: string[] = [];

  before(async () => {
    session = await signInToTarget();
    pr = await session.client.repoGetPullRequest({ owner: env().repo.owner, repo: env().repo.name, index: env().repo.openPull });
    head = pr.head!.ref!;
    prSha = pr.head!.sha!;
    assert.equal(await headName(), env().repo.defaultBranch, 'the workspace starts on the default branch');
    // A local branch of the head branch's name that is not the pull request's: the checkout must not take it.
    await gitInWorkspace('branch', head, env().repo.defaultBranch);
    info = replaceMessage('showInformationMessage', () => undefined);
    warnings = replaceMessage('showWarningMessage', (_m, items) => items.find((i) => i === warningAnswer));
  });

  after(async () => {
    info?.restore();
    warnings?.restore();
    await gitInWorkspace('checkout', '--quiet', '--force', env().repo.defaultBranch);
    for (const b of [head, `pr/${env().repo.openPull}-${head}`, ...createdBranches]) await gitInWorkspace('branch', '-D', b).catch(() => undefined);
  });

  it('fetches refs/pull/<n>/head into pr/<n>-<head> when the head name is taken, switches to it and remembers the pull request', async () => {
    const result = await checkout({ repo: session.repo, index: pr.number });
    const branch = `pr/${pr.number}-${head}`;
    assert.deepEqual(result, { kind: 'checkedOut', branch, sha: prSha, update: 'created', stashed: false });
    assert.equal(await headName(), branch);
    assert.equal(await headSha(), prSha);
    assert.equal(await config(`branch.${branch}.gitea-pr`), `${env().url} ${env().repo.owner}/${env().repo.name}#${pr.number}`);
    assert.equal(await config(`branch.${branch}.gitea-pr-title`), pr.title);
    // The taken branch is untouched.
    assert.equal((await gitInWorkspace('rev-parse', head)).trim(), (await gitInWorkspace('rev-parse', env().repo.defaultBranch)).trim());
    assert.ok(info.shown.some((m) => m.includes(branch)), info.shown.join('\n'));
  });

  it('checking out again is up to date; an older branch is fast-forwarded; local commits are kept and reported as diverged', async () => {
    const branch = `pr/${pr.number}-${head}`;
    assert.equal((await checkout({ repo: session.repo, index: pr.number }))?.kind === 'checkedOut' && (await headName()), branch);
    const again = await checkout({ repo: session.repo, index: pr.number });
    assert.equal(again.kind === 'checkedOut' && again.update, 'upToDate');

    await gitInWorkspace('checkout', '--quiet', env().repo.defaultBranch);
    await gitInWorkspace('branch', '--force', branch, `${prSha}~1`);
    const forward = await checkout({ repo: session.repo, index: pr.number });
    assert.deepEqual(forward, { kind: 'checkedOut', branch, sha: prSha, update: 'fastForward', stashed: false });
    assert.equal(await headSha(), prSha);

    await gitInWorkspace('commit', '--quiet', '--allow-empty', '-m', 'A local commit on the pull request branch');
    const local = await headSha();
    warningAnswer = undefined;
    const diverged = await checkout({ repo: session.repo, index: pr.number });
    assert.deepEqual(diverged, { kind: 'checkedOut', branch, sha: local, update: 'diverged', stashed: false });
    assert.equal(await headSha(), local, 'the local commit is kept');
    assert.ok(warnings.shown.some((m) => m.includes('diverged')), warnings.shown.join('\n'));
    await gitInWorkspace('reset', '--quiet', '--hard', prSha);
  });

  it('refuses to switch with uncommitted changes (Back, Check Out); Stash puts them aside and says how to get them back', async () => {
    const readme = join(env().workspace, 'README.md');
    const before = readFileSync(readme, 'utf8');
    writeFileSync(readme, `${before}\nAn uncommitted line.\n`);
    warnings.shown.length = 0;
    warningAnswer = undefined;
    assert.deepEqual(await back(), { kind: 'cancelled' });
    assert.equal(await headName(), `pr/${pr.number}-${head}`, 'still on the pull request branch');
    assert.ok(warnings.shown.some((m) => /uncommitted changes in 1 file/.test(m)), warnings.shown.join('\n'));
    assert.equal(readFileSync(readme, 'utf8'), `${before}\nAn uncommitted line.\n`, 'the change is still there');

    warningAnswer = 'Stash Changes and Continue';
    const result = await back();
    assert.deepEqual(result, { kind: 'switched', branch: env().repo.defaultBranch, stashed: true });
    assert.equal(await headName(), env().repo.defaultBranch);
    assert.equal((await gitInWorkspace('status', '--porcelain', '--untracked-files=no')).trim(), '', 'the change is stashed');
    assert.match(await gitInWorkspace('stash', 'show', '-p'), /\+An uncommitted line\./);
    assert.match(await gitInWorkspace('stash', 'list'), new RegExp(`before switching to ${env().repo.defaultBranch}`));
    assert.ok(info.shown.some((m) => m.includes('git stash pop')), info.shown.join('\n'));
    await gitInWorkspace('stash', 'drop', '--quiet');

    // The same rule when checking out: refused, nothing moved, the change kept.
    writeFileSync(readme, 'Edited on the default branch.\n');
    warnings.shown.length = 0;
    warningAnswer = undefined;
    assert.deepEqual(await checkout({ repo: session.repo, index: pr.number }), { kind: 'cancelled' });
    assert.equal(await headName(), env().repo.defaultBranch);
    assert.equal(readFileSync(readme, 'utf8'), 'Edited on the default branch.\n');
    assert.ok(warnings.shown.some((m) => m.includes(`checking out pull request #${pr.number}`)), warnings.shown.join('\n'));
    await gitInWorkspace('checkout', '--quiet', '--', 'README.md');
  });

  it('the palette lists the open pull requests and checks out the one picked; the branch of an earlier checkout is reused', async () => {
    const ui = scriptQuickInputs([
      async (box) => {
        await box.loaded();
        const item = box.items.find((i) => i.label.includes(`#${pr.number} ${pr.title}`));
        assert.ok(item, box.items.map((i) => i.label).join('\n'));
        box.pick(item.label);
      },
    ]);
    try {
      const result = await checkout();
      assert.deepEqual(result, { kind: 'checkedOut', branch: `pr/${pr.number}-${head}`, sha: prSha, update: 'upToDate', stashed: false });
    } finally {
      ui.restore();
    }
    assert.equal(ui.seen[0]?.title, `Check Out Pull Request of ${env().repo.owner}/${env().repo.name}`);
  });

  it('a merged pull request checks out at the head refs/pull/<n>/head keeps for it', async () => {
    const merged = await session.client.repoGetPullRequest({ owner: env().repo.owner, repo: env().repo.name, index: env().repo.mergedPull });
    const result = await checkout({ repo: session.repo, index: merged.number });
    assert.ok(result.kind === 'checkedOut', JSON.stringify(result));
    createdBranches.push(result.branch);
    assert.equal(result.sha, merged.head!.sha);
    assert.equal(await headSha(), merged.head!.sha);
    assert.equal(await config(`branch.${result.branch}.gitea-pr`), `${env().url} ${env().repo.owner}/${env().repo.name}#${merged.number}`);
  });

  it('Back to Default Branch returns to the default branch and keeps the pull request branch', async () => {
    const result = await back();
    assert.deepEqual(result, { kind: 'switched', branch: env().repo.defaultBranch, stashed: false });
    await waitFor('HEAD on the default branch', async () => (await headName()) === env().repo.defaultBranch);
    assert.equal((await gitInWorkspace('rev-parse', `pr/${pr.number}-${head}`)).trim(), prSha);
  });
});
