// Helpers of the command tests (commands*.itest.ts): a vscode.window prompt answered by the test (the quick pick,
// input box or file dialog a command shows), and the requests a view's command caused.
import * as vscode from 'vscode';

type Prompt = 'showQuickPick' | 'showInputBox' | 'showOpenDialog';

/**
 * Replaces `vscode.window[fn]` until `restore()`: `answer` gets what the command passed (items resolved) and says
 * what the user picked or typed; `calls` keeps those arguments.
 */
export function answerPrompt(fn: Prompt, answer: (first: unknown, options: unknown) => unknown) {
  const win = vscode.window as unknown as Record<Prompt, (...a: unknown[]) => unknown>;
  const original = win[fn];
  const calls: { first: unknown; options: unknown }[] = [];
  win[fn] = async (first: unknown, options: unknown) => {
    const resolved = await first;
    calls.push({ first: resolved, options });
    return answer(resolved, options);
  };
  return { calls, restore: () => (win[fn] = original) };
}

/** The quick pick items with these labels (one item when `many` is false). */
export function pickLabels(labels: readonly string[], many = false) {
  return (items: unknown): unknown => {
    const chosen = (items as vscode.QuickPickItem[]).filter((i) => labels.includes(i.label));
    return many ? chosen : chosen[0];
  };
}
