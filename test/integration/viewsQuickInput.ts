// Scripted stand-ins for vscode.window.createInputBox / createQuickPick, so that an in-host test can walk a
// multi-step input: each created box runs the next step of the script, which reads what the box shows (value,
// items, validation message) and answers like a user would (type and Enter, pick, dismiss).
import * as vscode from 'vscode';

export interface FakeInput {
  readonly kind: 'inputBox' | 'quickPick';
  title?: string;
  step?: number;
  totalSteps?: number;
  value: string;
  prompt?: string;
  placeholder?: string;
  validationMessage?: string | vscode.InputBoxValidationMessage;
  busy: boolean;
  items: readonly vscode.QuickPickItem[];
  selectedItems: readonly vscode.QuickPickItem[];
  activeItems: readonly vscode.QuickPickItem[];
  canSelectMany: boolean;
  /** Types `value` (if given) and presses Enter. */
  accept(value?: string): void;
  /** Types `value` (the items follow it), without pressing Enter. */
  type(value: string): void;
  /** Selects the items with these labels and presses Enter. */
  pick(...labels: string[]): void;
  /** Resolves once the box is no longer busy (its items loaded). */
  loaded(): Promise<void>;
}

export type ScriptStep = (ui: FakeInput) => void | Promise<void>;

/** Installs the fakes; every box created runs the next script step. `seen` keeps each box as it was shown. */
export function scriptQuickInputs(script: ScriptStep[]) {
  const win = vscode.window as unknown as Record<'createInputBox' | 'createQuickPick', () => unknown>;
  const originals = { createInputBox: win.createInputBox, createQuickPick: win.createQuickPick };
  const seen: { kind: FakeInput['kind']; title?: string; step?: number; value: string; validationMessage?: string; placeholder?: string }[] = [];
  let next = 0;
  const make = (kind: FakeInput['kind']) => () => {
    const accept = new vscode.EventEmitter<void>();
    const hide = new vscode.EventEmitter<void>();
    const change = new vscode.EventEmitter<string>();
    const button = new vscode.EventEmitter<vscode.QuickInputButton>();
    const ui: FakeInput & Record<string, unknown> = {
      kind,
      value: '',
      busy: false,
      items: [],
      selectedItems: [],
      activeItems: [],
      canSelectMany: false,
      buttons: [],
      onDidAccept: accept.event,
      onDidHide: hide.event,
      onDidChangeValue: change.event,
      onDidTriggerButton: button.event,
      onDidChangeSelection: new vscode.EventEmitter<unknown>().event,
      onDidChangeActive: new vscode.EventEmitter<unknown>().event,
      accept(value?: string) {
        if (value !== undefined) {
          ui.value = value;
          change.fire(value);
        }
        accept.fire();
      },
      type(value: string) {
        ui.value = value;
        change.fire(value);
      },
      pick(...labels: string[]) {
        ui.selectedItems = ui.items.filter((i) => labels.includes(i.label));
        accept.fire();
      },
      async loaded() {
        for (let i = 0; i < 200 && ui.busy; i++) await new Promise((r) => setTimeout(r, 25));
      },
      show() {
        const msg = ui.validationMessage;
        seen.push({
          kind,
          title: ui.title,
          step: ui.step,
          value: ui.value,
          placeholder: ui.placeholder,
          validationMessage: typeof msg === 'string' ? msg : msg?.message,
        });
        const step = script[next++];
        setTimeout(() => void (step ? step(ui) : hide.fire()), 0);
      },
      hide: () => hide.fire(),
      dispose: () => undefined,
    };
    return ui;
  };
  win.createInputBox = make('inputBox');
  win.createQuickPick = make('quickPick');
  return {
    seen,
    restore: () => Object.assign(win, originals),
  };
}
