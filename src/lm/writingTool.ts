// What every tool that changes something shares: it asks first. prepareInvocation shows exactly what will be sent,
// made by the tool's `plan` (reads only), as text: our sentences escaped, everything else (the model's text, the
// server's names and templates) in code blocks, where nothing is rendered and a fence cannot be closed from inside.
// The invocation makes the plan again and sends only that; when it no longer reads as the confirmation the user
// answered (the branch moved, the template changed), it sends nothing and says so.
import * as vscode from 'vscode';
import { escapeMarkdown } from '../shared/markdownText';
import { fenceFor } from './quote';
import type { PreparedInvocation, ToolImplementation } from './standIns';
import { runTool, ToolRefusal } from './toolSupport';

/** A confirmation before it is a MarkdownString: a question, then parts (a sentence, or a labelled text block). */
export interface Confirmation {
  readonly title: string;
  readonly question: string;
  /** A block's label may be empty (the question says what it is). */
  readonly parts: readonly ({ readonly sentence: string } | { readonly label: string; readonly text: string })[];
  /** Shown while the tool runs. */
  readonly progress: string;
}

export interface WritingToolSpec<Plan> {
  /** What would be sent, or a ToolRefusal thrown: why nothing can be. Reads only. */
  plan(input: unknown, signal: AbortSignal): Promise<Plan>;
  confirmation(plan: Plan): Confirmation;
  /** Sends the plan; the result's text. */
  send(plan: Plan, signal: AbortSignal): Promise<string>;
  /** The first sentence of a failure's result ("The comment was not posted."). */
  readonly failureLead: () => string;
}

/** The confirmation's text (Markdown, untrusted: no command links, no HTML). */
export function confirmationMarkdown(c: Confirmation): vscode.MarkdownString {
  const parts = c.parts.map((p) => {
    if ('sentence' in p) return escapeMarkdown(p.sentence);
    const fence = fenceFor(p.text);
    const block = `${fence}text\n${p.text}\n${fence}`;
    return p.label ? `${escapeMarkdown(p.label)}\n\n${block}` : block;
  });
  const md = new vscode.MarkdownString([escapeMarkdown(c.question), ...parts].join('\n\n') + '\n');
  // Never trusted: no command link, no HTML, whatever the text holds.
  md.isTrusted = false;
  md.supportHtml = false;
  return md;
}

/** The recent confirmations by input, so the invocation can tell whether what it would send is what was shown. */
const shown = new Map<string, string>();
const SHOWN_KEPT = 20;

function remember(key: string, text: string): void {
  shown.delete(key);
  shown.set(key, text);
  while (shown.size > SHOWN_KEPT) shown.delete(shown.keys().next().value!);
}

export function writingTool<Plan>(name: string, spec: WritingToolSpec<Plan>): ToolImplementation {
  const keyOf = (input: unknown): string => `${name} ${JSON.stringify(input ?? {})}`;
  return {
    async prepareInvocation(options, token) {
      const controller = new AbortController();
      const cancel = token.onCancellationRequested(() => controller.abort());
      try {
        const c = spec.confirmation(await spec.plan(options.input, controller.signal));
        const message = confirmationMarkdown(c);
        remember(keyOf(options.input), message.value);
        return { invocationMessage: c.progress, confirmationMessages: { title: c.title, message } } satisfies PreparedInvocation;
      } catch {
        // expected: nothing to ask about (a refusal, a failed read): the invocation answers with the reason and sends nothing.
        return { invocationMessage: vscode.l10n.t('Checking what to send') };
      } finally {
        cancel.dispose();
      }
    },
    invoke(options, token) {
      return runTool(token, { lead: spec.failureLead() }, async (signal) => {
        const plan = await spec.plan(options.input, signal);
        const confirmed = shown.get(keyOf(options.input));
        if (confirmed !== undefined && confirmed !== confirmationMarkdown(spec.confirmation(plan)).value) {
          throw new ToolRefusal(vscode.l10n.t('What would be sent changed after the user confirmed it: nothing was sent. Ask again to see the new confirmation.'));
        }
        shown.delete(keyOf(options.input));
        return spec.send(plan, signal);
      });
    },
  };
}

/** The longest text a writing tool sends (a model's text is a few paragraphs; a longer one is likely a mistake). */
export const WRITE_TEXT_MAX = 20_000;

/** `text` when it is a string within `max` characters (and not blank unless `mayBeEmpty`); else a refusal thrown. */
export function checkedText(text: unknown, what: string, max = WRITE_TEXT_MAX, mayBeEmpty = false): string {
  const s = typeof text === 'string' ? text : '';
  if (!mayBeEmpty && !s.trim()) throw new ToolRefusal(vscode.l10n.t('{0} is empty: nothing was sent.', what));
  if (s.length > max) throw new ToolRefusal(vscode.l10n.t('{0} has {1} characters, more than {2}: nothing was sent.', what, s.length, max));
  return s;
}
