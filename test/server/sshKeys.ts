// Parses OpenSSH public keys ("type base64 [comment]") the way Gitea's CheckPublicKeyString needs: the blob
// must decode and name the same key type; the fingerprint is OpenSSH's SHA256 one.
import { createHash } from 'node:crypto';

export interface ParsedKey {
  type: string;
  /** "type base64" without the comment (what Gitea stores and answers). */
  content: string;
  fingerprint: string;
}

const MIN_RSA_BITS = 3071;
const KNOWN = ['ssh-ed25519', 'ssh-rsa', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com', 'sk-ecdsa-sha2-nistp256@openssh.com'];

function readStrings(blob: Buffer): Buffer[] | undefined {
  const out: Buffer[] = [];
  let off = 0;
  while (off < blob.length) {
    if (off + 4 > blob.length) return undefined;
    const len = blob.readUInt32BE(off);
    off += 4;
    if (off + len > blob.length) return undefined;
    out.push(blob.subarray(off, off + len));
    off += len;
  }
  return out;
}

export function sshFingerprint(blob: Buffer): string {
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/={1,2}$/, '')}`;
}

/** Returns the parsed key, or a reason (Go-style) why it is not a valid key. */
export function parsePublicKey(text: string): ParsedKey | { error: string } {
  const parts = text.trim().split(/\s+/);
  if (parts.length < 2 || !KNOWN.includes(parts[0])) return { error: 'ssh: no key found' };
  const [type, b64] = parts;
  if (!/^[A-Z0-9+/]+={0,2}$/i.test(b64)) return { error: 'ssh: no key found' };
  const blob = Buffer.from(b64, 'base64');
  const fields = readStrings(blob);
  if (!fields || fields.length < 2 || fields[0].toString('latin1') !== type) return { error: 'ssh: no key found' };
  if (type === 'ssh-ed25519' && fields[1].length !== 32) return { error: 'ssh: invalid size for ed25519 key' };
  if (type === 'ssh-rsa') {
    const n = fields[2];
    if (!n) return { error: 'ssh: short read' };
    const bits = (n[0] === 0 ? n.length - 1 : n.length) * 8;
    if (bits < MIN_RSA_BITS) return { error: `key length is not enough: got ${bits}, needs ${MIN_RSA_BITS + 1}` };
  }
  return { type, content: `${type} ${blob.toString('base64')}`, fingerprint: sshFingerprint(blob) };
}
