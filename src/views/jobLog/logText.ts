// One job log's text for its editor: the display lines of src/shared/jobLogFormat.ts kept in parts (one per slice
// of a long log or per poll of a running one), each part joined once, the timestamps joined apart, so that the whole
// text is a concatenation of large strings (a 20 MB log: about 300 parts; a rope, flattened only when the editor
// reads it) and the toggle stamps parts a few at a time. Few objects per line stay alive: a 20 MB log is a few large
// strings, not a million small ones, so the garbage collector's pauses stay short. The raw log is kept as bytes
// (outside the JavaScript heap): the CI problems read it in parts (a step's Run listing is told from output by its markers).
import { JobLogFormatter } from '../../shared/jobLogFormat';

interface Part {
  readonly lineCount: number;
  readonly plain: string;
  /** The lines' timestamps, `\n`-joined ('' for a line without one). */
  readonly stamps: string;
  stamped?: string;
}

/** Bytes formatted per slice before the caller yields (a few milliseconds of work). */
export const SLICE_BYTES = 64 * 1024;

export class LogText {
  readonly formatter: JobLogFormatter;
  private readonly parts: Part[] = [];
  private readonly raw: Uint8Array[] = [];
  private joined: { stamps: boolean; text: string } | undefined;
  private split: { part: Part; stamps: string[] } | undefined;

  constructor(stepName: (ordinal: number, runTitle: string) => string | undefined) {
    this.formatter = new JobLogFormatter(stepName);
  }

  get lineCount(): number {
    return this.formatter.lineCount;
  }

  /** Formats whole lines of the log and keeps them (`bytes`: the same text as read, kept for rawParts). */
  append(text: string, bytes?: Uint8Array): void {
    if (!text) return;
    this.raw.push(bytes ?? Buffer.from(text, 'utf8'));
    const { lines, stamps } = this.formatter.feed(text);
    if (!lines.length) return;
    this.parts.push({ lineCount: lines.length, plain: lines.join('\n'), stamps: stamps.join('\n') });
    this.joined = undefined;
  }

  /** Joins the timestamps to the parts that lack them, at most `budget` parts per call: false while some are left. */
  prepareStamps(budget: number): boolean {
    let done = 0;
    for (const p of this.parts) {
      if (p.stamped !== undefined) continue;
      if (done++ >= budget) return false;
      const stamps = p.stamps.split('\n');
      p.stamped = p.plain.split('\n').map((l, i) => (stamps[i] ? `${stamps[i]} ${l}` : l)).join('\n');
    }
    return true;
  }

  text(stamps: boolean): string {
    if (this.joined?.stamps === stamps) return this.joined.text;
    if (stamps) while (!this.prepareStamps(Infinity));
    let text = '';
    // Concatenated, not joined: V8 keeps a rope, and the editor flattens it when it reads the document.
    for (let i = 0; i < this.parts.length; i++) text += (i ? '\n' : '') + (stamps ? this.parts[i]!.stamped! : this.parts[i]!.plain);
    this.joined = { stamps, text };
    return text;
  }

  /** The raw log as it was read, in its parts (whole lines each), each decoded when it is reached: never one 20 MB
   * string (its decode, or its flattening, would hold the extension host for long). The parts present now. */
  *rawParts(): Generator<string> {
    const count = this.raw.length;
    for (let i = 0; i < count; i++) {
      const chunk = this.raw[i]!;
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8');
    }
  }

  /** Where a display line's text starts after its timestamp (0 when they are hidden). */
  stampWidth(line: number, stamps: boolean): number {
    if (!stamps) return 0;
    let at = line;
    for (const p of this.parts) {
      if (at < p.lineCount) {
        if (this.split?.part !== p) this.split = { part: p, stamps: p.stamps.split('\n') };
        const stamp = this.split.stamps[at];
        return stamp ? stamp.length + 1 : 0;
      }
      at -= p.lineCount;
    }
    return 0;
  }
}
