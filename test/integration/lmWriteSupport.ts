// Helpers of the writing language-model tools' in-host tests (lmWriteTools, lmWriteConsent): a tool's confirmation
// and result as VS Code would show and hand them on, and the confirmation's text blocks as the user reads them.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CAPS } from '../../src/lm/quote';
import type { ToolImplementation } from '../../src/lm/standIns';
import { escapeMarkdown } from '../../src/views/text';

export const token = (): vscode.CancellationToken => new vscode.CancellationTokenSource().token;

/** The text of a result (within the results' cap). */
export function textOf(result: vscode.LanguageModelToolResult): string {
  const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
  assert.ok(text.length <= CAPS.result, `${text.length} characters, over the cap`);
  return text;
}

/** The confirmation's title and Markdown (never trusted, no HTML). */
export async function confirmationOf(tool: ToolImplementation, input: object): Promise<{ title: string; text: string }> {
  const prepared = await tool.prepareInvocation!({ input }, token());
  const c = prepared?.confirmationMessages;
  assert.ok(c, `a confirmation: ${JSON.stringify(prepared)}`);
  const md = c.message as vscode.MarkdownString;
  assert.ok(md instanceof vscode.MarkdownString && !md.isTrusted && !md.supportHtml);
  return { title: c.title, text: md.value };
}

/** A labelled text block of a confirmation, as the user sees it: the label, then the text in a fence longer than its runs. */
export function block(label: string, text: string, fence = '```'): string {
  return `${label ? `${escapeMarkdown(label)}\n\n` : ''}${fence}text\n${text}\n${fence}`;
}

/** The confirmation's text outside its code blocks: what Markdown renders. */
export function outsideFences(text: string): string {
  const kept: string[] = [];
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    if (fence === undefined) {
      const open = /^(`{3,})text$/.exec(line)?.[1];
      if (open) fence = open;
      else kept.push(line);
    } else if (line === fence) fence = undefined;
  }
  return kept.join('\n');
}

/** The result of an invocation nobody was asked about (never asked, already answered, expired). */
export const unasked = (lead: string): string =>
  `${lead} The user was not asked to confirm it (or the confirmation expired): nothing was sent. Call the tool again so that the user is asked.`;

/** The result of an invocation whose plan no longer reads as the confirmation answered. */
export const CHANGED = 'What would be sent changed after the user confirmed it: nothing was sent. Ask again to see the new confirmation.';
