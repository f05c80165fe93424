// What every tool that changes something shares: it asks first. prepareInvocation shows exactly what will be sent,
// made by the tool's `plan` (reads only), as text: our sentences escaped, everything else (the model's text, the
// server's names and templates) in code blocks, where nothing is rendered and a fence cannot be closed from inside.
// The invocation makes the plan again and sends only that, and only when the user was asked about that very input
// (consent.ts); when it no longer reads as the confirmation the user answered (the branch moved, the template
// changed), or nothing was asked (the plan failed while asking, the question expired), it sends nothing and says so.
// A plan that fails while asking (a refusal, a failed read) throws from prepareInvocation, so VS Code neither asks
// nor invokes, and the agent reads why.
import * as vscode from 'vscode';
import { escapeMarkdown } from '../shared/markdownText';
import { hiddenCharacters } from './hiddenText';
import { fenceFor } from './quote';
import type { PreparedInvocation, ToolImplementation } from './standIns';
import { ConsentStore } from './consent';
import { failureText, runTool, ToolRefusal } from './toolSupport';

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
    // Sent as it is, and said: characters the reader does not see, or that reorder what is shown (hiddenText.ts).
    const hidden = hiddenCharacters(p.text);
    const note = hidden
      ? `\n\n${escapeMarkdown(vscode.l10n.t('The text above holds {0} invisible or direction-changing characters ({1}): they are sent as they are.', hidden.count, hidden.names.join(', ')))}`
      : '';
    return `${p.label ? `${escapeMarkdown(p.label)}\n\n` : ''}${block}${note}`;
  });
  const md = new vscode.MarkdownString([escapeMarkdown(c.question), ...parts].join('\n\n') + '\n');
  // Never trusted: no command link, no HTML, whatever the text holds.
  md.isTrusted = false;
  md.supportHtml = false;
  return md;
}

/** The questions asked, by input, until their invocation takes them (consent.ts: no count, bounded by time and size). */
const consent = new ConsentStore();

/** Why a plan could not be made, as the error prepareInvocation throws: VS Code then asks nothing and calls no invoke. */
export class PlanningFailure extends Error {}

export function writingTool<Plan>(name: string, spec: WritingToolSpec<Plan>): ToolImplementation {
  const keyOf = (input: unknown): string => `${name} ${JSON.stringify(input ?? {})}`;
  return {
    // Always a confirmation, or a throw: an answer without one would let VS Code invoke without asking.
    async prepareInvocation(options, token) {
      const key = keyOf(options.input);
      // The question asked before for this input (perhaps declined) answers nothing from here on.
      consent.withdraw(key);
      const controller = new AbortController();
      const cancel = token.onCancellationRequested(() => controller.abort());
      let c: Confirmation;
      try {
        c = spec.confirmation(await spec.plan(options.input, controller.signal));
      } catch (e) {
        // A refusal or a failed read (a 502, a timeout, a run still going): what could not be read, and nothing asked.
        throw new PlanningFailure(failureText(e, vscode.l10n.t('{0} Nothing was asked or sent: what would be sent could not be read.', spec.failureLead())));
      } finally {
        cancel.dispose();
      }
      const message = confirmationMarkdown(c);
      if (!consent.record(key, message.value)) {
        throw new PlanningFailure(vscode.l10n.t('{0} Too many confirmations are waiting for an answer: nothing was asked or sent. Try again later.', spec.failureLead()));
      }
      return { invocationMessage: c.progress, confirmationMessages: { title: c.title, message } } satisfies PreparedInvocation;
    },
    invoke(options, token) {
      return runTool(token, { lead: spec.failureLead() }, async (signal) => {
        const key = keyOf(options.input);
        if (!consent.has(key)) {
          consent.withdraw(key);
          throw new ToolRefusal(vscode.l10n.t('{0} The user was not asked to confirm it (or the confirmation expired): nothing was sent. Call the tool again so that the user is asked.', spec.failureLead()));
        }
        let plan: Plan;
        try {
          plan = await spec.plan(options.input, signal);
        } catch (e) {
          consent.withdraw(key);
          throw e;
        }
        switch (consent.take(key, confirmationMarkdown(spec.confirmation(plan)).value)) {
          case 'confirmed':
            return spec.send(plan, signal);
          case 'changed':
            throw new ToolRefusal(vscode.l10n.t('What would be sent changed after the user confirmed it: nothing was sent. Ask again to see the new confirmation.'));
          case 'unasked':
            throw new ToolRefusal(vscode.l10n.t('{0} The user was not asked to confirm it (or the confirmation expired): nothing was sent. Call the tool again so that the user is asked.', spec.failureLead()));
        }
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
