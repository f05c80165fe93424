// The steps of every multi-step input (sign-in, Select Repository, Create Release): small wrappers around InputBox /
// QuickPick with a Back button, a value and an error message to re-open a step with (so a failed step keeps what was
// typed), and an `accept` hook that runs while the box stays open and busy, so that a check that fails shows its
// message right under what the user typed. Each resolves to the value, BACK, or undefined when dismissed.
import * as vscode from 'vscode';
import { messageOf } from '../shared/errors';
import { inertText } from '../shared/untrustedText';

export const BACK = Symbol('back');
export type StepResult<T> = T | typeof BACK | undefined;

export interface TextStep {
  readonly title: string;
  readonly step: number;
  readonly totalSteps: number;
  readonly prompt: string;
  readonly value?: string;
  readonly placeholder?: string;
  readonly password?: boolean;
  /** Shown when the step opens: the reason the step is shown again. */
  readonly errorMessage?: string;
  readonly back?: boolean;
  /** Synchronous check of the typed text; a message keeps the box open. */
  readonly validate?: (value: string) => string | undefined;
  /** Runs on Enter with the box busy; a returned message keeps the box open and shows it. */
  readonly accept?: (value: string) => Promise<string | undefined>;
  readonly token?: vscode.CancellationToken;
}

export function askText(options: TextStep): Promise<StepResult<string>> {
  const box = vscode.window.createInputBox();
  box.title = options.title;
  box.step = options.step;
  box.totalSteps = options.totalSteps;
  box.prompt = inertText(options.prompt);
  box.value = options.value ?? '';
  box.placeholder = options.placeholder;
  box.password = options.password ?? false;
  box.ignoreFocusOut = true;
  box.buttons = options.back ? [vscode.QuickInputButtons.Back] : [];
  // Prompts and messages name instances, repositories and what the server said: inert as a whole.
  box.validationMessage = options.errorMessage ? { message: inertText(options.errorMessage), severity: vscode.InputBoxValidationSeverity.Error } : undefined;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: StepResult<string>): void => {
      if (settled) return;
      settled = true;
      for (const d of disposables) d.dispose();
      box.dispose();
      resolve(result);
    };
    const disposables: vscode.Disposable[] = [
      box.onDidTriggerButton((b) => b === vscode.QuickInputButtons.Back && finish(BACK)),
      box.onDidHide(() => finish(undefined)),
      box.onDidChangeValue((v) => {
        const problem = v ? options.validate?.(v) : undefined;
        box.validationMessage = problem ? { message: inertText(problem), severity: vscode.InputBoxValidationSeverity.Error } : undefined;
      }),
      box.onDidAccept(async () => {
        if (box.busy) return;
        const value = box.value;
        const problem = options.validate?.(value);
        if (problem) {
          box.validationMessage = { message: inertText(problem), severity: vscode.InputBoxValidationSeverity.Error };
          return;
        }
        if (!options.accept) return finish(value);
        box.busy = true;
        box.enabled = false;
        let message: string | undefined;
        try {
          message = await options.accept(value);
        } catch (e) {
          message = messageOf(e);
        }
        if (settled) return; // hidden (Escape) while the check ran
        if (message === undefined) return finish(value);
        box.busy = false;
        box.enabled = true;
        box.validationMessage = { message: inertText(message), severity: vscode.InputBoxValidationSeverity.Error };
      }),
    ];
    if (options.token) disposables.push(options.token.onCancellationRequested(() => finish(undefined)));
    box.show();
  });
}

export interface PickItem<T> extends vscode.QuickPickItem {
  readonly value: T;
}

export interface PickStep<T> {
  readonly title: string;
  readonly step?: number;
  readonly totalSteps?: number;
  readonly placeholder: string;
  readonly items: readonly PickItem<T>[];
  readonly active?: T;
  readonly back?: boolean;
  readonly matchOnDescription?: boolean;
}

export function askPick<T>(options: PickStep<T>): Promise<StepResult<T>> {
  const pick = vscode.window.createQuickPick<PickItem<T>>();
  pick.title = options.title;
  pick.step = options.step;
  pick.totalSteps = options.totalSteps;
  pick.placeholder = options.placeholder;
  pick.items = options.items;
  pick.ignoreFocusOut = true;
  pick.matchOnDescription = options.matchOnDescription ?? false;
  pick.buttons = options.back ? [vscode.QuickInputButtons.Back] : [];
  const active = options.items.find((i) => i.value === options.active);
  if (active) pick.activeItems = [active];
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: StepResult<T>): void => {
      if (settled) return;
      settled = true;
      for (const d of disposables) d.dispose();
      pick.dispose();
      resolve(result);
    };
    const disposables: vscode.Disposable[] = [
      pick.onDidTriggerButton((b) => b === vscode.QuickInputButtons.Back && finish(BACK)),
      pick.onDidHide(() => finish(undefined)),
      pick.onDidAccept(() => {
        const chosen = pick.selectedItems[0] ?? pick.activeItems[0];
        if (chosen) finish(chosen.value);
      }),
    ];
    pick.show();
  });
}

/** What a verifying step's check decides: stay on the step with a message, or leave it with an outcome. */
export type Verdict<T> = { readonly stay: string } | { readonly outcome: T };

/**
 * A text step whose Enter runs a server check while the box stays open and busy (a rejected secret is told right
 * under what was typed). Escape aborts the check in flight. Returns the check's outcome, BACK, or undefined when
 * the step was dismissed.
 */
export async function askVerified<T>(options: Omit<TextStep, 'accept'>, check: (value: string, signal: AbortSignal) => Promise<Verdict<T>>): Promise<StepResult<T>> {
  const abort = new AbortController();
  let outcome: T | undefined;
  const typed = await askText({
    ...options,
    accept: async (value) => {
      const verdict = await check(value, abort.signal);
      if ('stay' in verdict) return verdict.stay;
      outcome = verdict.outcome;
      return undefined;
    },
  });
  if (typed === BACK) return BACK;
  if (typed === undefined) {
    abort.abort();
    return undefined;
  }
  return outcome;
}

/** Where a pick step stands in its flow, and why it is shown again. */
interface StepPosition {
  readonly title: string;
  readonly step: number;
  readonly totalSteps: number;
  /** Shown in place of the placeholder: the reason the step is shown again. */
  readonly errorMessage?: string;
  readonly back?: boolean;
}

function finisher<T>(ui: vscode.QuickInput, resolve: (v: StepResult<T>) => void, subs: vscode.Disposable[]): (value: StepResult<T>) => void {
  let done = false;
  return (value) => {
    if (done) return;
    done = true;
    for (const s of subs) s.dispose();
    ui.dispose();
    resolve(value);
  };
}

/** An item of askPickOrType: `value` is what picking it gives (the label when there is none; a label made inert
 * for display is not the value). */
export type TypeOverItem = vscode.QuickPickItem & { readonly value?: string };

/** A pick from `items` (loaded while the step is open) that also accepts what the user typed. */
export function askPickOrType(
  o: StepPosition & { placeholder: string; value: string; load: (signal: AbortSignal) => Promise<TypeOverItem[]> },
): Promise<StepResult<string>> {
  const pick = vscode.window.createQuickPick<TypeOverItem>();
  Object.assign(pick, { title: o.title, step: o.step, totalSteps: o.totalSteps });
  pick.placeholder = o.errorMessage ?? o.placeholder;
  pick.ignoreFocusOut = true;
  pick.buttons = o.back ? [vscode.QuickInputButtons.Back] : [];
  pick.value = o.value;
  pick.busy = true;
  const controller = new AbortController();
  let loaded: TypeOverItem[] = [];
  const typedItem = (v: string): TypeOverItem[] =>
    v && !loaded.some((i) => (i.value ?? i.label) === v) ? [{ label: inertText(v), value: v, description: vscode.l10n.t('(as typed)') }] : [];
  const update = (): void => {
    pick.items = [...typedItem(pick.value), ...loaded];
  };
  update();
  return new Promise((resolve) => {
    const subs: vscode.Disposable[] = [];
    const finish = finisher<string>(pick, resolve, subs);
    subs.push(
      { dispose: () => controller.abort() },
      pick.onDidTriggerButton(() => finish(BACK)),
      pick.onDidHide(() => finish(undefined)),
      pick.onDidChangeValue(update),
      pick.onDidAccept(() => {
        const item = pick.selectedItems[0];
        const chosen = item ? (item.value ?? item.label) : pick.value;
        if (chosen) finish(chosen);
      }),
    );
    pick.show();
    o.load(controller.signal).then(
      (items) => {
        loaded = items;
        update();
      },
      // expected: the list is only a help, the typed value still works (the step says nothing was loaded).
      () => undefined,
    ).finally(() => (pick.busy = false));
  });
}

/** Switches (checkboxes) in one step; resolves to the labels' keys that are on. */
export function askSwitches<K extends string>(
  o: StepPosition & { placeholder: string; switches: readonly { key: K; label: string; detail?: string; on: boolean }[] },
): Promise<StepResult<K[]>> {
  const pick = vscode.window.createQuickPick<vscode.QuickPickItem & { key: K }>();
  Object.assign(pick, { title: o.title, step: o.step, totalSteps: o.totalSteps });
  pick.placeholder = o.errorMessage ?? o.placeholder;
  pick.canSelectMany = true;
  pick.ignoreFocusOut = true;
  pick.buttons = o.back ? [vscode.QuickInputButtons.Back] : [];
  const items = o.switches.map((s) => ({ key: s.key, label: s.label, detail: s.detail }));
  pick.items = items;
  pick.selectedItems = items.filter((_, i) => o.switches[i]!.on);
  return new Promise((resolve) => {
    const subs: vscode.Disposable[] = [];
    const finish = finisher<K[]>(pick, resolve, subs);
    subs.push(
      pick.onDidTriggerButton(() => finish(BACK)),
      pick.onDidHide(() => finish(undefined)),
      pick.onDidAccept(() => finish(pick.selectedItems.map((i) => i.key))),
    );
    pick.show();
  });
}
