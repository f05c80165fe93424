// One job log's text for its editor: the display lines of src/shared/jobLogFormat.ts kept in parts (one per slice
// of a long log or per poll of a running one), each part joined once, with and without the timestamps, so that the
// whole text is a join of a few large strings (a 20 MB log: about 80) and the toggle rebuilds parts slice by slice.
// The raw text is kept too: the CI problems read it (a step's Run listing is told from output by its markers).
import { JobLogFormatter } from '../../shared/jobLogFormat';

interface Part {
  readonly lines: string[];
  readonly stamps: string[];
  plain: string;
  stamped?: string;
}

/** Lines per slice of work before the caller yields (about 30 ms of formatting on a loaded machine). */
export const SLICE_BYTES = 256 * 1024;

export class LogText {
  readonly formatter: JobLogFormatter;
  private readonly parts: Part[] = [];
  private readonly raw: string[] = [];
  private joined: { stamps: boolean; text: string } | undefined;

  constructor(stepName: (ordinal: number, runTitle: string) => string | undefined) {
    this.formatter = new JobLogFormatter(stepName);
  }

  get lineCount(): number {
    return this.formatter.lineCount;
  }

  /** Formats whole lines of the log and keeps them. */
  append(text: string): void {
    if (!text) return;
    this.raw.push(text);
    const { lines, stamps } = this.formatter.feed(text);
    if (!lines.length) return;
    this.parts.push({ lines, stamps, plain: lines.join('\n') });
    this.joined = undefined;
  }

  /** Joins the timestamps to the parts that lack them, at most `budget` parts per call: false while some are left. */
  prepareStamps(budget: number): boolean {
    let done = 0;
    for (const p of this.parts) {
      if (p.stamped !== undefined) continue;
      if (done++ >= budget) return false;
      p.stamped = p.lines.map((l, i) => (p.stamps[i] ? `${p.stamps[i]} ${l}` : l)).join('\n');
    }
    return true;
  }

  text(stamps: boolean): string {
    if (this.joined?.stamps === stamps) return this.joined.text;
    if (stamps) while (!this.prepareStamps(Infinity));
    const text = this.parts.map((p) => (stamps ? p.stamped! : p.plain)).join('\n');
    this.joined = { stamps, text };
    return text;
  }

  rawText(): string {
    if (this.raw.length > 1) this.raw.splice(0, this.raw.length, this.raw.join(''));
    return this.raw[0] ?? '';
  }

  /** Where a display line's text starts after its timestamp (0 when they are hidden). */
  stampWidth(line: number, stamps: boolean): number {
    if (!stamps) return 0;
    let at = line;
    for (const p of this.parts) {
      if (at < p.lines.length) return p.stamps[at] ? p.stamps[at]!.length + 1 : 0;
      at -= p.lines.length;
    }
    return 0;
  }
}
