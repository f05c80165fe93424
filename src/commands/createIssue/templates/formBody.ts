// An issue form's answers, and the body they make: Gitea's RenderToMarkdown (modules/issue/template/template.go)
// line for line, so the issue reads as one filed on Gitea's New Issue page. Pure (no vscode).
import type { FormField, IssueTemplate } from './issueTemplate';

/** A text field's text; a dropdown's chosen option indexes; a checkbox group's ticks, by option index. */
export type Answer = string | readonly number[] | readonly boolean[];
export type Answers = Readonly<Record<string, Answer>>;

/** What the form starts with: the fields' `value`s and the dropdowns' `default`. */
export function defaultAnswers(template: IssueTemplate): Record<string, Answer> {
  const answers: Record<string, Answer> = {};
  for (const f of template.fields) {
    if (f.type === 'input' || f.type === 'textarea') answers[f.id] = f.value;
    else if (f.type === 'dropdown') answers[f.id] = f.default === undefined ? [] : [f.default];
    else if (f.type === 'checkboxes') answers[f.id] = f.options.map(() => false);
  }
  return answers;
}

const textOf = (a: Answer | undefined): string => (typeof a === 'string' ? a : '');
const listOf = (a: Answer | undefined): readonly unknown[] => (Array.isArray(a) ? (a as readonly unknown[]) : []);

/** Go's unicode.IsSpace (the White_Space property; JavaScript's \s differs by U+0085 and U+FEFF). */
function isGoSpace(c: number): boolean {
  return (c >= 9 && c <= 13) || c === 32 || c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

/** Go's strings.TrimSpace (the web form's value is trimmed before it is written); linear, no regular expression. */
export function trimSpace(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isGoSpace(s.charCodeAt(start))) start++;
  while (end > start && isGoSpace(s.charCodeAt(end - 1))) end--;
  return s.slice(start, end);
}

/** minQuotes: three back-quotes, or one more than the longest run of three or more that starts a line. */
export function minQuotes(value: string): string {
  let quotes = '```';
  let lineStart = 0;
  while (lineStart <= value.length) {
    let run = 0;
    while (value.charCodeAt(lineStart + run) === 96) run++;
    if (run >= 3 && run >= quotes.length) quotes = '`'.repeat(run + 1);
    const next = value.indexOf('\n', lineStart + run);
    if (next < 0) break;
    lineStart = next + 1;
  }
  return quotes;
}

function writeField(f: FormField, answer: Answer | undefined, out: string[]): void {
  if (!f.hideLabel) out.push(`### ${f.label}\n\n`);
  const blank = '_No response_\n';
  switch (f.type) {
    case 'checkboxes': {
      const ticks = listOf(answer);
      f.options.forEach((o, i) => {
        if (o.inContent) out.push(`- [${ticks[i] === true ? 'x' : ' '}] ${o.label}\n`);
      });
      break;
    }
    case 'dropdown': {
      const chosen = new Set(listOf(answer));
      const labels = f.options.filter((_, i) => chosen.has(i));
      if (!labels.length) out.push(blank);
      else if (f.list) out.push(...labels.map((l) => `- ${l}\n`));
      else out.push(`${labels.join(', ')}\n`);
      break;
    }
    case 'input': {
      const value = trimSpace(textOf(answer));
      out.push(value === '' ? blank : `${value}\n`);
      break;
    }
    case 'textarea': {
      const value = trimSpace(textOf(answer));
      if (value === '') out.push(blank);
      else if (f.render !== '') {
        const quotes = minQuotes(value);
        out.push(`${quotes}${f.render}\n${value}\n${quotes}\n`);
      } else out.push(`${value}\n`);
      break;
    }
    case 'markdown':
      out.push(`${f.value}\n`);
      break;
  }
  out.push('\n');
}

/** The issue body of a form's answers (RenderToMarkdown). */
export function renderFormBody(template: IssueTemplate, answers: Answers): string {
  const out: string[] = [];
  for (const f of template.fields) if (f.id !== '' && f.inContent) writeField(f, answers[f.id], out);
  return out.join('');
}

/** A required field left empty, by id: the form names it and sends nothing. */
export function missingAnswers(template: IssueTemplate, answers: Answers): FormField[] {
  return template.fields.filter((f) => {
    if (!f.onForm) return false;
    const a = answers[f.id];
    switch (f.type) {
      case 'input':
      case 'textarea':
        return f.required && trimSpace(textOf(a)) === '';
      case 'dropdown':
        return f.required && listOf(a).length === 0;
      case 'checkboxes':
        return f.options.some((o, i) => o.required && o.onForm && listOf(a)[i] !== true);
      default:
        return false;
    }
  });
}

/** An input that must be a number and is not (`validations.is_number`). */
export function notNumbers(template: IssueTemplate, answers: Answers): FormField[] {
  return template.fields.filter((f) => f.type === 'input' && f.isNumber && trimSpace(textOf(answers[f.id])) !== '' && !Number.isFinite(Number(trimSpace(textOf(answers[f.id])))));
}

/** The first textarea shown on the form (where Create Issue from Selection puts the code). */
export function firstTextarea(template: IssueTemplate): FormField | undefined {
  return template.fields.find((f) => f.type === 'textarea' && f.onForm);
}

/** Answers from untrusted input (the webview, stored state), kept only where they fit the template's fields. */
export function parseAnswers(input: unknown): Record<string, Answer> | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const out: Record<string, Answer> = {};
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length > 200) return undefined;
  for (const [id, v] of entries) {
    if (id.length > 255) return undefined;
    if (typeof v === 'string' && v.length <= 1_000_000) out[id] = v;
    else if (Array.isArray(v) && v.length <= 500 && v.every((x) => typeof x === 'boolean')) out[id] = v as boolean[];
    else if (Array.isArray(v) && v.length <= 500 && v.every((x) => Number.isSafeInteger(x) && (x as number) >= 0)) out[id] = v as number[];
    else return undefined;
  }
  return out;
}
