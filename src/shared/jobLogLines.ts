// The lines of a Gitea Actions job log, as act_runner writes them (act/runner/step_run.go, internal/pkg/report):
// every line is `<RFC 3339 time, 7 decimals> <content>`; each step starts with `::group::Run <title>` (a `run:` step:
// its script's lines, `shell: …` and an `env:` listing, then `::endgroup::` before its output; a `uses:` step: its
// `with:` and `env:` listings, then the action's output, then `::endgroup::`); the job ends with `Job succeeded` or
// `Job failed`. What is the step's listing and what is output decides what the Problems view reads (#40): a script
// line `echo "src/a.ts:2:1: warning: …"` is not a warning. One pass, constant work per line, no backtracking.
// Editor-neutral (no `vscode`).

/** `2026-12-06T11:52:03.1234567Z ` (Gitea's `timeFormat`, UTC), the space included. */
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:\d\d) ?/;
// ANSI: CSI sequences, OSC sequences (ended by BEL or ST), and two-character escapes; then the other C0 controls.
// eslint-disable-next-line no-control-regex -- escape codes are what this removes
const ANSI = /\u001b(?:\[[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[\u0040-\u005a\u005c-\u005f])/g;
// eslint-disable-next-line no-control-regex -- control characters are what this removes (tab stays)
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** The length of the runner's timestamp (with its space) at the start of `raw`, 0 when there is none. */
export function timestampLength(raw: string): number {
  const c = raw.charCodeAt(0);
  return c >= 0x30 && c <= 0x39 ? (TIMESTAMP.exec(raw)?.[0].length ?? 0) : 0;
}

/** The text of a line as a terminal would leave it: no escape codes or control characters; after a carriage return,
 * what overwrote the line (a progress bar's last state). */
export function cleanLine(text: string): string {
  if (text.length === 0) return text;
  let t = text.endsWith('\r') ? text.slice(0, -1) : text;
  const cr = t.lastIndexOf('\r');
  if (cr >= 0) t = t.slice(cr + 1);
  if (t.includes('\u001b')) t = t.replace(ANSI, '');
  for (let i = 0; i < t.length; i++) {
    const code = t.charCodeAt(i);
    if ((code < 32 && code !== 9) || code === 127) return t.replace(CONTROL, '');
  }
  return t;
}

export type LineRole =
  /** What the job printed. */
  | 'output'
  /** The step's script, shell and `with:`/`env:` listing inside its `::group::Run` block. */
  | 'listing'
  /** `::group::Run <title>` at the top level: a step begins. */
  | 'step'
  /** Another `::group::` (`##[group]`): a section inside the output. */
  | 'group'
  /** `::endgroup::` (`##[endgroup]`). */
  | 'endgroup'
  /** `Job succeeded` / `Job failed`. */
  | 'jobEnd';

type Mode = 'top' | 'runHeader' | 'runListing' | 'usesListing' | 'usesOutput';

/** Groups inside groups are counted up to this depth (a log of a million `::group::` lines stays flat beyond it). */
export const MAX_GROUP_DEPTH = 32;

export function groupTitle(content: string): string | undefined {
  if (content.startsWith('::group::')) return content.slice('::group::'.length);
  if (content.startsWith('##[group]')) return content.slice('##[group]'.length);
  return undefined;
}

function isEndgroup(content: string): boolean {
  return content.startsWith('::endgroup::') || content.startsWith('##[endgroup]');
}

/** Reads a log's cleaned lines (no timestamp, `cleanLine`) in order and says what each one is. */
export class JobLogLines {
  private mode: Mode = 'top';
  private title = '';
  /** Open `::group::` sections inside the output (not the step's Run block). */
  private depth = 0;

  /** The nesting of sections inside the output, for the caller's folding. */
  get groupDepth(): number {
    return this.depth;
  }

  role(content: string): LineRole {
    const group = groupTitle(content);
    switch (this.mode) {
      case 'runHeader': {
        // The first line tells a `run:` step (its script, whose first line is the title, or `shell:` for an empty
        // one) from a `uses:` step (`with:`, `env:`, or the action's output at once).
        if (isEndgroup(content)) return this.endRun();
        if (!content.trim()) return 'listing';
        if (content.trim() === this.title.trim() || content.startsWith('shell: ')) return (this.mode = 'runListing'), 'listing';
        if (content === 'with:' || content === 'env:') return (this.mode = 'usesListing'), 'listing';
        this.mode = 'usesOutput';
        return this.inOutput(content, group);
      }
      case 'runListing':
        return isEndgroup(content) ? this.endRun() : 'listing';
      case 'usesListing':
        if (isEndgroup(content)) return this.endRun();
        if (content === 'with:' || content === 'env:' || content.startsWith('  ')) return 'listing';
        this.mode = 'usesOutput';
        return this.inOutput(content, group);
      case 'usesOutput':
        if (isEndgroup(content) && this.depth === 0) return this.endRun();
        return this.inOutput(content, group);
      case 'top':
        // A Run group outside a step's own block is the next step, also after an output's unclosed `::group::`.
        if (group !== undefined && group.startsWith('Run ')) {
          this.depth = 0;
          this.mode = 'runHeader';
          this.title = group.slice('Run '.length);
          return 'step';
        }
        if (content === 'Job succeeded' || content === 'Job failed') return (this.depth = 0), 'jobEnd';
        return this.inOutput(content, group);
    }
  }

  private endRun(): LineRole {
    this.mode = 'top';
    this.depth = 0;
    return 'endgroup';
  }

  private inOutput(content: string, group: string | undefined): LineRole {
    if (group !== undefined) {
      if (this.depth < MAX_GROUP_DEPTH) this.depth++;
      return 'group';
    }
    if (isEndgroup(content)) {
      if (this.depth > 0) this.depth--;
      return 'endgroup';
    }
    return 'output';
  }
}
