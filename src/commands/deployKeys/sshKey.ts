// Local checks of an SSH public key before it is sent as a deploy key, and its SHA256 fingerprint (the form
// Gitea stores and accepts in `GET /repos/{o}/{r}/keys?fingerprint=`). Pure (node:crypto only).
import { createHash } from 'node:crypto';

export const KEY_TYPES = [
  'ssh-ed25519',
  'ssh-rsa',
  'ssh-dss',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
] as const;

export type KeyProblem =
  | 'empty'
  | 'privateKey'
  | 'multipleKeys'
  | 'unknownType'
  | 'badBase64'
  | 'typeMismatch'
  | 'truncated';

export interface PublicKey {
  readonly type: (typeof KEY_TYPES)[number];
  /** The base64 blob as given. */
  readonly base64: string;
  readonly comment?: string;
  /** `SHA256:<base64 without padding>`, like `ssh-keygen -lf`. */
  readonly fingerprint: string;
  /** `<type> <base64> [comment]`: the one-line OpenSSH form sent to the server. */
  readonly line: string;
}

export type ParsedKey = { readonly ok: true; readonly key: PublicKey } | { readonly ok: false; readonly problem: KeyProblem; readonly detail?: string };

/** The SSH wire format's length-prefixed strings of a key blob. */
function readStrings(blob: Buffer): Buffer[] | undefined {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < blob.length) {
    if (offset + 4 > blob.length) return undefined;
    const len = blob.readUInt32BE(offset);
    offset += 4;
    if (offset + len > blob.length) return undefined;
    parts.push(blob.subarray(offset, offset + len));
    offset += len;
  }
  return parts;
}

/** How many wire strings each key type's blob holds after its type name. */
const FIELD_COUNT: Record<PublicKey['type'], number> = {
  'ssh-ed25519': 1,
  'ssh-rsa': 2,
  'ssh-dss': 4,
  'ecdsa-sha2-nistp256': 2,
  'ecdsa-sha2-nistp384': 2,
  'ecdsa-sha2-nistp521': 2,
  'sk-ssh-ed25519@openssh.com': 2,
  'sk-ecdsa-sha2-nistp256@openssh.com': 3,
};

export function fingerprintOf(blob: Buffer): string {
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/={1,2}$/, '')}`;
}

/** RFC 4716 ("---- BEGIN SSH2 PUBLIC KEY ----") to the base64 blob and comment. */
/** An RFC 4716 header's value without its quotes and continuation mark, as `\s*"?(.*?)"?\\?$` read it (a pattern
 * whose `\s*` and `.*?` share the spaces: quadratic on a long line). */
function headerValue(raw: string): string {
  let value = raw.trimStart();
  if (value.startsWith('"')) value = value.slice(1);
  if (value.endsWith('\\')) value = value.slice(0, -1);
  if (value.endsWith('"')) value = value.slice(0, -1);
  return value;
}

function fromRfc4716(text: string): { base64: string; comment?: string } | undefined {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const begin = lines.indexOf('---- BEGIN SSH2 PUBLIC KEY ----');
  const end = lines.indexOf('---- END SSH2 PUBLIC KEY ----');
  if (begin < 0 || end < begin) return undefined;
  let comment: string | undefined;
  const body: string[] = [];
  let continued = false;
  for (const line of lines.slice(begin + 1, end)) {
    if (continued || /^[\w-]+:/.test(line)) {
      if (/^Comment:/i.test(line)) comment = headerValue(line.slice('Comment:'.length));
      continued = line.endsWith('\\');
    } else body.push(line);
  }
  return { base64: body.join(''), comment };
}

export function parsePublicKey(input: string): ParsedKey {
  const text = input.trim();
  if (text === '') return { ok: false, problem: 'empty' };
  if (/PRIVATE KEY-----/.test(text)) return { ok: false, problem: 'privateKey' };
  let declared: string | undefined;
  let base64: string;
  let comment: string | undefined;
  const rfc = fromRfc4716(text);
  if (rfc) {
    base64 = rfc.base64;
    comment = rfc.comment;
  } else {
    const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.trim().startsWith('#'));
    if (lines.length > 1) return { ok: false, problem: 'multipleKeys' };
    const fields = lines[0]!.trim().split(/\s+/);
    declared = fields[0]!;
    if (!(KEY_TYPES as readonly string[]).includes(declared)) return { ok: false, problem: 'unknownType', detail: declared };
    base64 = fields[1] ?? '';
    comment = fields.slice(2).join(' ') || undefined;
  }
  if (base64 === '' || base64.length % 4 !== 0 || !/^[A-Z0-9+/]+={0,2}$/i.test(base64)) return { ok: false, problem: 'badBase64' };
  const blob = Buffer.from(base64, 'base64');
  const parts = readStrings(blob);
  if (!parts || parts.length === 0) return { ok: false, problem: 'truncated' };
  const embedded = parts[0]!.toString('latin1');
  if (!(KEY_TYPES as readonly string[]).includes(embedded)) return { ok: false, problem: 'unknownType', detail: embedded };
  if (declared !== undefined && embedded !== declared) return { ok: false, problem: 'typeMismatch', detail: embedded };
  const type = embedded as PublicKey['type'];
  if (parts.length - 1 !== FIELD_COUNT[type]) return { ok: false, problem: 'truncated' };
  if (type === 'ssh-ed25519' && parts[1]!.length !== 32) return { ok: false, problem: 'truncated' };
  const line = `${type} ${base64}${comment ? ` ${comment}` : ''}`;
  return { ok: true, key: { type, base64, comment, fingerprint: fingerprintOf(blob), line } };
}
