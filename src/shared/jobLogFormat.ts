// A job log made readable (#40): one display line per line of the log (so a problem's log line is the editor's
// line), without the runner's timestamp (kept apart, for the toggle), escape codes or `::command::` markers; each
// step a section titled with its name, its script listing a section of its own (folded by default), the output's
// `::group::` sections nested. Incremental: `feed` takes the log's text as it grows (whole lines), so a running
// job's new lines cost only themselves; `feed` on a 20 MB log is called slice by slice by the caller, which yields
// between slices. Editor-neutral (no `vscode`).
import { JobLogLines, cleanLine, groupTitle, timestampLength } from './jobLogLines';

/** A display line longer than this is cut (Gitea's runner cuts at 64 KiB too): an editor line of megabytes is slow. */
export const DISPLAY_LINE_MAX = 65_536;

export type SectionKind = 'setup' | 'step' | 'listing' | 'group';

export interface LogSection {
  readonly kind: SectionKind;
  /** 0-based display lines; `end` undefined while the section is open (a running job, an unclosed group). */
  readonly start: number;
  end?: number;
  readonly title: string;
}

export interface FormattedChunk {
  /** The display lines of the fed text, without timestamps. */
  readonly lines: string[];
  /** Each line's timestamp as the runner wrote it ('' when it had none). */
  readonly stamps: string[];
}

const COMMAND = /^::(error|warning|notice|debug)(?:\s[^:]*)?::/;
/** A section's title is cut to this (it is the folded line). */
const TITLE_MAX = 1_000;
const title = (t: string) => (t.length > TITLE_MAX ? `${t.slice(0, TITLE_MAX)}…` : t);
const LABEL: Record<string, string> = { error: 'Error', warning: 'Warning', notice: 'Notice', debug: 'Debug' };

export class JobLogFormatter {
  private readonly structure = new JobLogLines();
  private readonly all: LogSection[] = [];
  /** Open sections, innermost last. */
  private readonly open: LogSection[] = [];
  private line = 0;
  private stepIndex = 0;
  private ended: 'succeeded' | 'failed' | undefined;

  /** @param stepName the name of the `ordinal`-th step that ran (the job API's), to title its section; else its Run title. */
  constructor(private readonly stepName: (ordinal: number, runTitle: string) => string | undefined = () => undefined) {}

  /** Every section so far, in order of their start. */
  get sections(): readonly LogSection[] {
    return this.all;
  }

  get lineCount(): number {
    return this.line;
  }

  /** What the log's own last line said, once it said it. */
  get jobEnded(): 'succeeded' | 'failed' | undefined {
    return this.ended;
  }

  /** Formats whole lines (`text` ends with `\n`, or is the log's last line). */
  feed(text: string): FormattedChunk {
    const lines: string[] = [];
    const stamps: string[] = [];
    let start = 0;
    while (start < text.length) {
      let end = text.indexOf('\n', start);
      if (end < 0) end = text.length;
      const raw = text.slice(start, Math.min(end, start + DISPLAY_LINE_MAX + 64));
      start = end + 1;
      const prefix = timestampLength(raw);
      stamps.push(prefix ? raw.slice(0, prefix).trimEnd() : '');
      lines.push(this.display(cleanLine(prefix ? raw.slice(prefix) : raw)));
      this.line++;
    }
    return { lines, stamps };
  }

  private display(content: string): string {
    const at = this.line;
    const role = this.structure.role(content);
    if (at === 0 && role !== 'step') this.begin('setup', 0, 'Set up job');
    const shown = content.length > DISPLAY_LINE_MAX ? `${content.slice(0, DISPLAY_LINE_MAX)}…` : content;
    switch (role) {
      case 'step': {
        this.closeAll(at - 1);
        const runTitle = (groupTitle(content) ?? '').slice('Run '.length).trim();
        const name = title(this.stepName(this.stepIndex, runTitle)?.trim() || `Run ${runTitle}`);
        this.stepIndex++;
        this.begin('step', at, name);
        return `▼ ${name}`;
      }
      case 'listing': {
        const top = this.top();
        if (top?.kind !== 'listing') this.begin('listing', at, shown);
        return `│ ${shown}`;
      }
      case 'group': {
        this.endListing(at - 1);
        const name = title((groupTitle(content) ?? '').trim());
        if (this.structure.groupDepth > this.open.filter((s) => s.kind === 'group').length) this.begin('group', at, name);
        return `▸ ${name}`;
      }
      case 'endgroup': {
        // The step's Run block ends (its listing section; the step goes on with its output), or a group of the output.
        const top = this.top();
        if (top?.kind === 'listing') this.endListing(at);
        else if (top?.kind === 'group') this.close(at);
        return '';
      }
      case 'jobEnd':
        this.closeAll(at - 1);
        this.ended = content === 'Job succeeded' ? 'succeeded' : 'failed';
        return content;
      case 'output': {
        this.endListing(at - 1);
        const command = content.startsWith('::') || content.startsWith('##[') ? COMMAND.exec(content) : null;
        if (command) return `${LABEL[command[1]!]}: ${shown.slice(command[0].length).trimStart()}`;
        return shown;
      }
    }
  }

  private begin(kind: SectionKind, start: number, title: string): void {
    const section: LogSection = { kind, start, title };
    this.all.push(section);
    this.open.push(section);
  }

  private close(end: number): void {
    const s = this.open.pop();
    if (s) s.end = Math.max(s.start, end);
  }

  /** The innermost open section. Read within the array's length: V8 looks a read past it up the prototype chain,
   * the slow path, and a log of a million lines reads this on each. */
  private top(): LogSection | undefined {
    const n = this.open.length;
    return n > 0 ? this.open[n - 1] : undefined;
  }

  private endListing(end: number): void {
    if (this.top()?.kind === 'listing') this.close(end);
  }

  private closeAll(end: number): void {
    while (this.open.length) this.close(end);
  }
}
