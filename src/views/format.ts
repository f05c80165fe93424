// Text helpers for tree items, their tooltips and their views' messages. Everything that comes from the server is
// untrusted: it is escaped before it enters a MarkdownString, and no tooltip is trusted (no command links).
import * as vscode from 'vscode';
import { escapeMarkdown, labelColor } from './text';

export { duration, escapeMarkdown, firstLine, formatBytes, labelColor } from './text';

/**
 * Sets a tree view's message only when it changes: VS Code treats every assignment as a refresh of the view and
 * holds back the next refresh (the items a page brings) by 200 ms after it.
 */
export function setViewMessage(view: vscode.TreeView<unknown>, message: string | undefined): void {
  if (view.message !== message) view.message = message;
}

export interface LabelLike {
  readonly name?: string;
  readonly color?: string;
  readonly description?: string;
}

/** Tooltip lines for labels: a swatch in the label's colour, then its name (HTML limited to a coloured span). */
export function appendLabels(md: vscode.MarkdownString, labels: readonly LabelLike[] | null | undefined): void {
  if (!labels?.length) return;
  md.supportHtml = true;
  const parts = labels.map((l) => {
    const color = labelColor(l.color);
    const swatch = color ? `<span style="color:${color};">&#x25CF;</span> ` : '';
    return `${swatch}${escapeMarkdown(l.name ?? '')}`;
  });
  md.appendMarkdown(`\n\n${parts.join(' &nbsp; ')}`);
}

/** A new untrusted tooltip. */
export function tooltip(): vscode.MarkdownString {
  const md = new vscode.MarkdownString('', true); // codicons allowed, everything else literal
  md.isTrusted = false;
  return md;
}

/** Appends `**Label:** value` with the value escaped; skips empty values. */
export function appendField(md: vscode.MarkdownString, label: string, value: string | number | undefined | null): void {
  if (value === undefined || value === null || value === '') return;
  md.appendMarkdown(`${md.value ? '  \n' : ''}**${escapeMarkdown(label)}:** ${escapeMarkdown(String(value))}`);
}

/**
 * The formatters, made once per language: building one costs far more than formatting with it (toLocaleString with
 * options builds one per call), and a page of 30 CI runs formats 90 dates.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function dateFormat(language: string): Intl.DateTimeFormat {
  let f = dateFormats.get(language);
  if (!f) dateFormats.set(language, (f = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' })));
  return f;
}

function relativeFormat(language: string): Intl.RelativeTimeFormat {
  let f = relativeFormats.get(language);
  if (!f) relativeFormats.set(language, (f = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' })));
  return f;
}

/** A date the way the user's locale writes it; '' for missing or epoch-zero dates (jobs not started). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime()) || d.getTime() <= 0) return '';
  return dateFormat(vscode.env.language).format(d);
}

/** "3 min ago", "2 days ago": compact for descriptions. */
export function relativeDate(value: string | null | undefined, now = Date.now()): string {
  if (!value) return '';
  const t = new Date(value).getTime();
  if (Number.isNaN(t) || t <= 0) return '';
  const seconds = Math.round((t - now) / 1000);
  const rtf = relativeFormat(vscode.env.language);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  return rtf.format(seconds, 'second');
}
