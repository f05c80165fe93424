// Collects the bench's figures, each with its budget, prints them as a table and writes bench/results.json.
// A figure without a budget is informational; a figure whose measurement could not be made says why ("n/a")
// and counts as a failure when it has a budget: a budget is only passed by a number.
import { writeFileSync } from 'node:fs';

export class Report {
  constructor() {
    /** @type {{ section: string, name: string, value: number | null, unit: string, budget?: { max?: number, min?: number, text: string }, note?: string }[]} */
    this.figures = [];
    /** @type {Record<string, unknown>} */
    this.details = {};
  }

  /**
   * @param {string} section
   * @param {string} name
   * @param {number | null} value  null = not measured (see note)
   * @param {string} unit  'bytes' | 'ms' | 'MiB' | 'x' | 'requests' | ''
   * @param {{ max?: number, min?: number, text: string }} [budget]
   * @param {string} [note]
   */
  add(section, name, value, unit, budget, note) {
    this.figures.push({ section, name, value, unit, budget, note });
  }

  /** True when every figure with a budget has a value within it. */
  get pass() {
    return this.figures.every((f) => !f.budget || within(f));
  }

  failures() {
    return this.figures.filter((f) => f.budget && !within(f));
  }

  table() {
    const cells = (f) => {
      const value = f.value === null ? `n/a${f.note ? ` (${f.note})` : ''}` : `${format(f.value, f.unit)}${f.note ? ` (${f.note})` : ''}`;
      const result = !f.budget ? '' : within(f) ? 'PASS' : 'FAIL';
      return [`  ${f.name}`, value, f.budget?.text ?? '', result];
    };
    const rows = this.figures.map(cells);
    const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length), ['Figure', 'Value', 'Budget', 'Result'][i].length));
    const line = (r) => r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
    const out = [line(['Figure', 'Value', 'Budget', 'Result'])];
    let section = '';
    this.figures.forEach((f, i) => {
      if (f.section !== section) out.push('', (section = f.section));
      out.push(line(rows[i]));
    });
    return out.join('\n');
  }

  /** Markdown table for the README. */
  markdown() {
    const lines = ['| Figure | Value | Budget | Result |', '|---|---|---|---|'];
    for (const f of this.figures) {
      const value = f.value === null ? `n/a${f.note ? ` (${f.note})` : ''}` : `${format(f.value, f.unit)}${f.note ? ` (${f.note})` : ''}`;
      const result = !f.budget ? '' : within(f) ? 'pass' : '**fail**';
      lines.push(`| ${f.section}: ${f.name} | ${value} | ${f.budget?.text ?? ''} | ${result} |`);
    }
    return lines.join('\n');
  }

  write(path, meta) {
    const json = {
      ...meta,
      pass: this.pass,
      figures: this.figures.map((f) => ({
        section: f.section,
        name: f.name,
        value: f.value,
        unit: f.unit,
        ...(f.note ? { note: f.note } : {}),
        ...(f.budget ? { budget: f.budget, pass: within(f) } : {}),
      })),
      details: this.details,
    };
    writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
  }
}

/** A budget is `{ max?, min?, text }`; only a measured value can be within it. */
export function within(f) {
  const { max, min } = f.budget;
  return f.value !== null && (max === undefined || f.value <= max) && (min === undefined || f.value >= min);
}

/** A figure's value with its unit. Sizes are divided by 1024, so they are named KiB and MiB. */
export function format(value, unit) {
  switch (unit) {
    case 'bytes':
      return value >= 1024 * 1024 ? `${(value / 1024 / 1024).toFixed(2)} MiB` : `${(value / 1024).toFixed(1)} KiB`;
    case 'ms':
      return `${Math.round(value)} ms`;
    // Results written before 2026-11-26 call the unit 'MB'; their values were bytes / 1024² as well.
    case 'MB':
    case 'MiB':
      return `${value.toFixed(1)} MiB`;
    case 'x':
      return `${value.toFixed(2)}×`;
    case 'requests':
      return `${value}`;
    default:
      return String(value);
  }
}

export function median(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}
