// The repositories read recently (core/recentRepositories.ts), what the Create Pull Request form starts on: kept per
// account and by the name asked and the name answered, offered only within the age limit, the least recently used
// dropped beyond the size limit, and `read` keeps what the server answered. The clock is the test's own.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GiteaClient, Repository } from '../../../src/api';
import { RecentRepositories } from '../../../src/core/recentRepositories';

const repository = (fullName: string, defaultBranch = 'main'): Repository => ({ full_name: fullName, default_branch: defaultBranch }) as Repository;

function clock(): { now: () => number; advance(ms: number): void } {
  let t = 1_000_000;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

describe('RecentRepositories', () => {
  it('offers what was remembered, by the account, case-insensitively, and under the name the server answered', () => {
    const recent = new RecentRepositories(8, 60_000);
    recent.remember('a1', 'Alice', 'Old-Name', repository('alice/new-name'));
    assert.equal(recent.recent('a1', 'alice', 'old-name')?.full_name, 'alice/new-name');
    assert.equal(recent.recent('a1', 'ALICE', 'NEW-NAME')?.full_name, 'alice/new-name');
    assert.equal(recent.recent('a2', 'alice', 'old-name'), undefined, 'another account sees other permissions: not shared');
    recent.forget('a1', 'alice', 'old-name');
    assert.equal(recent.recent('a1', 'alice', 'old-name'), undefined);
  });

  it('an answer older than the age limit is not offered (and is dropped)', () => {
    const c = clock();
    const recent = new RecentRepositories(8, 60_000, c.now);
    recent.remember('a1', 'alice', 'big', repository('alice/big'));
    c.advance(60_000);
    assert.equal(recent.recent('a1', 'alice', 'big')?.full_name, 'alice/big', 'at the limit: still offered');
    c.advance(1);
    assert.equal(recent.recent('a1', 'alice', 'big'), undefined);
    assert.equal(recent.size, 0);
    recent.remember('a1', 'alice', 'big', repository('alice/big', 'develop'));
    assert.equal(recent.recent('a1', 'alice', 'big')?.default_branch, 'develop', 'read again: offered again, the newer answer');
  });

  it('keeps at most its size: the least recently remembered goes first', () => {
    const recent = new RecentRepositories(3, 60_000);
    for (const name of ['r1', 'r2', 'r3']) recent.remember('a1', 'alice', name, repository(`alice/${name}`));
    recent.remember('a1', 'alice', 'r1', repository('alice/r1'));
    recent.remember('a1', 'alice', 'r4', repository('alice/r4'));
    assert.equal(recent.size, 3);
    assert.equal(recent.recent('a1', 'alice', 'r2'), undefined, 'r2 was the least recently remembered');
    assert.deepEqual(['r1', 'r3', 'r4'].map((n) => recent.recent('a1', 'alice', n)?.full_name), ['alice/r1', 'alice/r3', 'alice/r4']);
  });

  it('read asks the server every time and keeps its answer; a failed read keeps the earlier answer', async () => {
    const answers: (Repository | Error)[] = [repository('alice/demo', 'main'), repository('alice/demo', 'trunk'), new Error('offline')];
    const asked: unknown[] = [];
    const client = {
      repoGet: (params: unknown) => {
        asked.push(params);
        const answer = answers.shift()!;
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
      },
    } as unknown as GiteaClient;
    const recent = new RecentRepositories();
    const reader = { account: { id: 'a1' }, client };
    assert.equal((await recent.read(reader, { owner: 'alice', repo: 'demo' })).default_branch, 'main');
    assert.equal((await recent.read(reader, { owner: 'alice', repo: 'demo' })).default_branch, 'trunk');
    await assert.rejects(recent.read(reader, { owner: 'alice', repo: 'demo' }), /offline/);
    assert.equal(asked.length, 3);
    assert.equal(recent.recent('a1', 'alice', 'demo')?.default_branch, 'trunk');
  });
  it('readShared: readers starting together share one request; an answer within the age is taken; one reader giving up ends only its wait', async () => {
    const c = clock();
    const pending: ((r: Repository) => void)[] = [];
    let asked = 0;
    const client = {
      repoGet: () => {
        asked++;
        return new Promise<Repository>((resolve) => pending.push(resolve));
      },
    } as unknown as GiteaClient;
    const recent = new RecentRepositories(8, 300_000, c.now);
    const reader = { account: { id: 'a1' }, client };
    const params = { owner: 'alice', repo: 'demo' };
    const abandoned = new AbortController();
    const first = recent.readShared(reader, params, 10_000);
    const second = recent.readShared(reader, params, 10_000, abandoned.signal);
    assert.equal(asked, 1, 'the second reader waits for the first read');
    abandoned.abort(new Error('closed'));
    await assert.rejects(second, /closed/);
    pending.shift()!(repository('alice/demo', 'main'));
    assert.equal((await first).default_branch, 'main', 'the other reader still gets the answer');
    c.advance(10_000);
    assert.equal((await recent.readShared(reader, params, 10_000)).default_branch, 'main', 'within the age: no request');
    assert.equal(asked, 1);
    c.advance(1);
    const later = recent.readShared(reader, params, 10_000);
    assert.equal(asked, 2, 'older than the age asked for: read again');
    pending.shift()!(repository('alice/demo', 'trunk'));
    assert.equal((await later).default_branch, 'trunk');
    const other = recent.readShared({ account: { id: 'a2' }, client }, params, 10_000);
    assert.equal(asked, 3, 'another account reads for itself');
    pending.shift()!(repository('alice/demo', 'main'));
    await other;
  });
  it('nextRead: wakes with the next answer for its key (by whoever reads it), or undefined after its timeout', async () => {
    const recent = new RecentRepositories();
    const woken = recent.nextRead('a1', 'Alice', 'Demo', 60_000);
    const otherAccount = recent.nextRead('a2', 'alice', 'demo', 20);
    recent.remember('a1', 'alice', 'demo', repository('alice/demo', 'trunk'));
    assert.equal((await woken)?.default_branch, 'trunk');
    assert.equal(await otherAccount, undefined, "another account's waiter is not woken by a1's answer");
    assert.equal(await recent.nextRead('a1', 'alice', 'demo', 10), undefined, 'nothing read since: undefined at the timeout');
  });
});
