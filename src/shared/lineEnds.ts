// Line ends of server text made `\n`. Pure.
import { endianness } from 'node:os';

/** Whether a Uint16Array over a `utf16le` Buffer reads its code units (a little-endian machine: every one VS Code runs on). */
const LITTLE_ENDIAN = endianness() === 'LE';

/** `text` with `\r\n` and lone `\r` as `\n`. In one pass over the text's UTF-16 code units, copied as they are (lone
 * surrogates too): a global pattern's replace builds a piece per match, and split + join made two arrays of up to a
 * million strings on a megabyte of `\r` (#31). */
export function toLf(text: string): string {
  if (!text.includes('\r')) return text;
  // Short texts: split + join costs less than the buffer.
  if (!LITTLE_ENDIAN || text.length < 65_536) return text.split('\r\n').join('\n').split('\r').join('\n');
  const bytes = Buffer.from(text, 'utf16le');
  const units = new Uint16Array(bytes.buffer, bytes.byteOffset, text.length);
  let k = 0;
  for (let i = 0; i < units.length; i++) {
    const c = units[i]!;
    if (c === 13) {
      if (units[i + 1] === 10) continue;
      units[k++] = 10;
    } else units[k++] = c;
  }
  return bytes.toString('utf16le', 0, k * 2);
}
