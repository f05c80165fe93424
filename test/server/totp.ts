// RFC 6238 TOTP (HMAC-SHA1, 6 digits, 30 s steps) with RFC 4648 base32 secrets, as Gitea's 2FA uses.
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const TOTP_STEP_SECONDS = 30;

export function base32Decode(secret: string): Buffer {
  const clean = secret.replace(/[\s=-]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const idx = BASE32.indexOf(ch);
    if (idx < 0) throw new Error(`invalid base32 character '${ch}'`);
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export function base32Encode(data: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of data) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** HOTP (RFC 4226) for one counter value. */
export function hotp(secret: string, counter: number, digits = 6): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', base32Decode(secret)).update(msg).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return code.toString().padStart(digits, '0');
}

/**
 * The TOTP code for `secret` at `time` (a Date or epoch milliseconds; default now). Tests use this to get a
 * valid `X-Gitea-OTP` value; the server accepts each code once.
 */
export function totp(secret: string, time: Date | number = Date.now()): string {
  const ms = typeof time === 'number' ? time : time.getTime();
  return hotp(secret, Math.floor(ms / 1000 / TOTP_STEP_SECONDS));
}

/**
 * Checks `code` against the current step and one step either side (the skew Gitea's validator allows).
 * Returns the matched counter so the caller can remember it and refuse a replay.
 */
export function verifyTotp(secret: string, code: string, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const current = Math.floor(now / 1000 / TOTP_STEP_SECONDS);
  for (const counter of [current, current - 1, current + 1]) {
    if (hotp(secret, counter) === code) return counter;
  }
  return undefined;
}
