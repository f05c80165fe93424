// SSH public key checks and fingerprints, compared with what ssh-keygen itself prints for real keys.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { parsePublicKey } from '../../../src/commands/deployKeys/sshKey';

function sshKeygen(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('ssh-keygen', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`ssh-keygen exited with ${code}`))));
  });
}

for (const [type, extra] of [
  ['ed25519', []],
  ['rsa', ['-b', '2048']],
  ['ecdsa', ['-b', '384']],
] as const) {
  test(`a real ${type} key is accepted and its fingerprint equals ssh-keygen's`, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gw-key-'));
    try {
      const file = join(dir, 'id');
      await sshKeygen(['-q', '-t', type, ...extra, '-N', '', '-C', 'me@laptop', '-f', file]);
      const pub = await readFile(`${file}.pub`, 'utf8');
      const expected = (await sshKeygen(['-l', '-E', 'sha256', '-f', `${file}.pub`])).split(' ')[1];
      const parsed = parsePublicKey(pub);
      assert.ok(parsed.ok, JSON.stringify(parsed));
      assert.equal(parsed.key.fingerprint, expected);
      assert.equal(parsed.key.comment, 'me@laptop');
      assert.equal(parsed.key.line, pub.trim());
      // RFC 4716 export of the same key: same fingerprint, converted to the one-line form.
      const rfc = await sshKeygen(['-e', '-m', 'RFC4716', '-f', `${file}.pub`]);
      const fromRfc = parsePublicKey(rfc);
      assert.ok(fromRfc.ok, JSON.stringify(fromRfc));
      assert.equal(fromRfc.key.fingerprint, expected);
      assert.equal(fromRfc.key.type, parsed.key.type);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}

const ED = 'AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl';

test('a valid one-line ed25519 key: type, blob, no comment', () => {
  const parsed = parsePublicKey(`  ssh-ed25519 ${ED}\n`);
  assert.ok(parsed.ok);
  assert.equal(parsed.key.type, 'ssh-ed25519');
  assert.equal(parsed.key.comment, undefined);
  assert.equal(parsed.key.line, `ssh-ed25519 ${ED}`);
  assert.match(parsed.key.fingerprint, /^SHA256:[A-Za-z0-9+/]{43}$/);
});

test('problems are named', () => {
  const problem = (s: string) => {
    const p = parsePublicKey(s);
    return p.ok ? 'ok' : p.problem;
  };
  assert.equal(problem('   '), 'empty');
  assert.equal(problem('-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----'), 'privateKey');
  assert.equal(problem(`ssh-foo ${ED}`), 'unknownType');
  assert.equal(problem('ssh-ed25519 not*base64'), 'badBase64');
  assert.equal(problem('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJ'), 'badBase64');
  assert.equal(problem('ssh-ed25519'), 'badBase64');
  // The blob says ed25519, the line says rsa.
  assert.equal(problem(`ssh-rsa ${ED}`), 'typeMismatch');
  // A blob cut short: the length prefix promises more than there is.
  assert.equal(problem(`ssh-ed25519 ${Buffer.from(Buffer.from(ED, 'base64').subarray(0, 30)).toString('base64')}`), 'truncated');
  assert.equal(problem(`ssh-ed25519 ${ED}\nssh-ed25519 ${ED}`), 'multipleKeys');
});
