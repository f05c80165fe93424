// Downloading a CI artifact to a folder the user chose: the file name comes from the server (the artifact's
// name), so it is made a plain file name first — no separators, no `..`, no drive or device names, no control or
// bidirectional characters — and the path is checked to stay inside the folder. The zip is streamed to disk chunk
// by chunk (never held whole in memory), into a `.part` file that becomes the final name only when complete, and
// never replaces an existing file unless the caller says the user agreed. Editor-neutral (no `vscode`).
import { randomBytes } from 'node:crypto';
import { promises as fs, createWriteStream } from 'node:fs';
import * as path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { GiteaClient } from '../api';
import { GiteaError, isGiteaError } from '../api/errorKind';

/** Windows device names, in any case, with any extension (`NUL.tar.gz`) or a space or dot after them: Windows also
 * takes the superscripts ¹²³ as the digit of COM and LPT. */
const WINDOWS_DEVICE = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(?:[. ]|$)/i;

/** Whether Windows would open a device instead of a file of this name (`CON`, `com¹.zip`, `LPT2 .txt`). */
export function isWindowsDeviceName(name: string): boolean {
  return WINDOWS_DEVICE.test(name);
}
/** Control characters, the characters Windows refuses in names, path separators, and bidirectional controls
 * (which would make `evil‮piz.exe` read as `evilexe.zip`). */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const UNSAFE_CHARS = /[\u0000-\u001f\u007f<>:"/\\|?*\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Bytes of a file name most file systems accept, with room for `.zip` and a `.part-…` suffix. */
const MAX_NAME_BYTES = 180;
/** What of the server's name is read (the file name keeps at most 180 bytes of it). */
const MAX_NAME_CHARS_READ = 4_096;

/** A plain file name for an artifact (`<name>.zip`): the server's name with anything that could steer the path
 * replaced; `artifact-<id>.zip` when nothing usable is left. */
export function artifactFileName(name: string | undefined, id: number): string {
  let base = (name ?? '').slice(0, MAX_NAME_CHARS_READ).normalize('NFC').replace(UNSAFE_CHARS, '_');
  base = base.replace(/^[.\s]+/, '').replace(/(?<![.\s])[.\s]+$/, ''); // no `..`, no hidden file, no trailing dot (Windows)
  if (base.toLowerCase().endsWith('.zip')) base = base.slice(0, -4).replace(/(?<![.\s])[.\s]+$/, '');
  base = utf8Prefix(base, MAX_NAME_BYTES).replace(/(?<![.\s])[.\s]+$/, ''); // the cut may end on a dot
  if (!base || /^_+$/.test(base)) base = `artifact-${id}`;
  if (isWindowsDeviceName(base)) base = `_${base}`;
  return `${base}.zip`;
}

/** The longest prefix of `text` of at most `maxBytes` UTF-8 bytes that ends between two characters, in one pass
 * (removing one character at a time copied the name per character: minutes for a 50,000-letter name). */
export function utf8Prefix(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (bytes > maxBytes) break;
    end += char.length;
  }
  return text.slice(0, end);
}

/** The file `fileName` in `folder`, or undefined when it would not be directly inside it. */
export function pathInside(folder: string, fileName: string): string | undefined {
  const root = path.resolve(folder);
  const target = path.resolve(root, fileName);
  return path.dirname(target) === root && path.basename(target) === fileName ? target : undefined;
}

export interface ArtifactDownloadOptions {
  signal?: AbortSignal;
  /** Called as chunks arrive: bytes written so far, and the total when the server said it. */
  onProgress?: (received: number, total: number | undefined) => void;
  /** Replace an existing file (the user was asked); otherwise an existing file is a `conflict` error. */
  overwrite?: boolean;
}

export interface ArtifactDownloadResult {
  file: string;
  bytes: number;
}

type DownloadClient = Pick<GiteaClient, 'downloadArtifact'>;

/** Streams the artifact's zip to `file` (which must be `pathInside` the chosen folder). */
export async function downloadArtifactToFile(
  client: DownloadClient,
  params: { owner: string; repo: string; artifact_id: number },
  file: string,
  opts: ArtifactDownloadOptions = {},
): Promise<ArtifactDownloadResult> {
  if (!opts.overwrite && (await exists(file))) throw fileExists(file);
  const answer = await client.downloadArtifact(params, { signal: opts.signal });
  const part = `${file}.part-${randomBytes(4).toString('hex')}`;
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      opts.onProgress?.(received, answer.contentLength);
      done(null, chunk);
    },
  });
  try {
    // 'wx': the part file is ours alone; an abort of the signal ends the pipeline and the request's body.
    await pipeline(answer.body, counter, createWriteStream(part, { flags: 'wx' }), { signal: opts.signal });
    if (answer.contentLength !== undefined && received !== answer.contentLength) {
      throw new GiteaError('network', `The download ended after ${received} of ${answer.contentLength} bytes.`, { operation: 'downloadArtifact' });
    }
    await place(part, file, opts.overwrite === true);
  } catch (e) {
    answer.body.destroy();
    await fs.rm(part, { force: true });
    if (opts.signal?.aborted) throw new GiteaError('cancelled', 'The request was cancelled.', { operation: 'downloadArtifact' });
    if (isGiteaError(e)) throw e;
    throw new GiteaError('network', `The download failed: ${e instanceof Error ? e.message : String(e)}`, { operation: 'downloadArtifact' });
  }
  return { file, bytes: received };
}

/** Gives the complete download its name: a hard link fails if the name appeared meanwhile (no overwrite). */
async function place(part: string, file: string, overwrite: boolean): Promise<void> {
  if (overwrite) return fs.rename(part, file);
  try {
    await fs.link(part, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw fileExists(file);
    // File systems without hard links (FAT, some network shares): check, then rename.
    if (await exists(file)) throw fileExists(file);
    return fs.rename(part, file);
  }
  await fs.rm(part, { force: true });
}

function fileExists(file: string): GiteaError {
  return new GiteaError('conflict', `${path.basename(file)} already exists.`, { operation: 'downloadArtifact' });
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.lstat(file);
    return true;
  } catch {
    // expected: no such file
    return false;
  }
}
