// The harness stops what it starts: a process group is ended as a whole, by its id, even when it ignores SIGTERM.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { run, spawnGroup } from '../../harness/proc';

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('harness: process groups', () => {
  it('stop() ends the leader and its children', async () => {
    const g = spawnGroup('sh', ['-c', 'sleep 60 & sleep 60 & wait'], { stdio: 'ignore' });
    assert.equal(groupAlive(g.pgid), true);
    await g.stop(2000);
    assert.equal(groupAlive(g.pgid), false);
  });

  it('a group that ignores SIGTERM is killed after the grace time', async () => {
    // An ignored signal disposition is inherited across exec: the sleeps ignore SIGTERM too.
    const g = spawnGroup('sh', ['-c', 'trap "" TERM; sleep 60 & sleep 60 & wait'], { stdio: 'ignore' });
    const started = Date.now();
    await g.stop(300);
    assert.equal(groupAlive(g.pgid), false);
    assert.ok(Date.now() - started < 5000);
  });

  it('run() resolves with the output and rejects on a non-zero exit with the tail of stderr', async () => {
    assert.equal((await run('sh', ['-c', 'echo hello'])).stdout, 'hello\n');
    await assert.rejects(run('sh', ['-c', 'echo broken >&2; exit 3']), /exited with 3\nbroken/);
    assert.equal((await run('sh', ['-c', 'exit 4'], { check: false })).code, 4);
  });
});
