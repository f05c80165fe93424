// The steps of a multi-step input (title, "2/5", a Back button): a text box, a pick that also takes a typed
// value, and a multi-select of switches. Each resolves to the value, BACK, or undefined when dismissed.
import * as vscode from 'vscode';

export const BACK = Symbol('back');
export type Step<T> = Promise<T | typeof BACK | undefined>;

interface Common {
  readonly title: string;
  readonly step: number;
  readonly totalSteps: number;
  /** Why the step is shown again (e.g. the server refused the value). */
  readonly error?: string;
}

function finisher<T>(ui: vscode.QuickInput, resolve: (v: T | typeof BACK | undefined) => void, subs: vscode.Disposable[]) {
  let done = false;
  return (value: T | typeof BACK | undefined): void => {
    if (done) return;
    done = true;
    subs.forEach((s) => s.dispose());
    ui.dispose();
    resolve(value);
  };
}

export function textStep(o: Common & { prompt: string; value: string; placeholder?: string; validate?: (v: string) => string | undefined }): Step<string> {
  const box = vscode.window.createInputBox();
  Object.assign(box, { title: o.title, step: o.step, totalSteps: o.totalSteps, prompt: o.prompt, value: o.value, placeholder: o.placeholder });
  box.ignoreFocusOut = true;
  box.buttons = o.step > 1 ? [vscode.QuickInputButtons.Back] : [];
  if (o.error) box.validationMessage = o.error;
  return new Promise((resolve) => {
    const subs: vscode.Disposable[] = [];
    const finish = finisher<string>(box, resolve, subs);
    subs.push(
      box.onDidTriggerButton(() => finish(BACK)),
      box.onDidHide(() => finish(undefined)),
      box.onDidChangeValue((v) => (box.validationMessage = o.validate?.(v))),
      box.onDidAccept(() => {
        const problem = o.validate?.(box.value);
        if (problem) box.validationMessage = problem;
        else finish(box.value);
      }),
    );
    box.show();
  });
}

/** A pick from `items` (loaded while the step is open) that also accepts what the user typed. */
export function pickOrTypeStep(
  o: Common & { placeholder: string; value: string; load: (signal: AbortSignal) => Promise<vscode.QuickPickItem[]> },
): Step<string> {
  const pick = vscode.window.createQuickPick();
  Object.assign(pick, { title: o.title, step: o.step, totalSteps: o.totalSteps });
  pick.placeholder = o.error ?? o.placeholder;
  pick.ignoreFocusOut = true;
  pick.buttons = o.step > 1 ? [vscode.QuickInputButtons.Back] : [];
  pick.value = o.value;
  pick.busy = true;
  const controller = new AbortController();
  let loaded: vscode.QuickPickItem[] = [];
  const typedItem = (v: string): vscode.QuickPickItem[] =>
    v && !loaded.some((i) => i.label === v) ? [{ label: v, description: vscode.l10n.t('(as typed)') }] : [];
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
        const chosen = pick.selectedItems[0]?.label ?? pick.value;
        if (chosen) finish(chosen);
      }),
    );
    pick.show();
    o.load(controller.signal).then(
      (items) => {
        loaded = items;
        update();
      },
      () => undefined, // the typed value still works
    ).finally(() => (pick.busy = false));
  });
}

/** Switches (checkboxes) in one step; resolves to the labels' keys that are on. */
export function switchesStep<K extends string>(
  o: Common & { placeholder: string; switches: readonly { key: K; label: string; detail?: string; on: boolean }[] },
): Step<K[]> {
  const pick = vscode.window.createQuickPick<vscode.QuickPickItem & { key: K }>();
  Object.assign(pick, { title: o.title, step: o.step, totalSteps: o.totalSteps });
  pick.placeholder = o.error ?? o.placeholder;
  pick.canSelectMany = true;
  pick.ignoreFocusOut = true;
  pick.buttons = o.step > 1 ? [vscode.QuickInputButtons.Back] : [];
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
