// A form made of QuickPicks: one list shows every field with its value, grouped under separators (like a
// settings page); picking a row toggles it, or opens an input box / choice list for it; the first row saves.
// Keyboard-only, themable, and free of webviews. Secret fields use password input boxes and show only whether
// a value was entered: their values live in the returned object and nowhere else.
import * as vscode from 'vscode';
import { inertOptional, inertText } from '../../shared/untrustedText';

export interface ChoiceOption {
  readonly value: string;
  readonly label: string;
  readonly description?: string;
  /** Picking it asks for the value in an input box (e.g. a branch beyond the listed ones). */
  readonly custom?: boolean;
}

interface FieldBase<V> {
  readonly key: keyof V & string;
  readonly group: string;
  readonly label: string;
  /** An explanation shown under the row. */
  readonly detail?: string | ((values: V) => string | undefined);
  /** Hidden (and not validated) when this says false, e.g. mirror fields on a normal repository. */
  readonly visible?: (values: V) => boolean;
  /** An icon for the row, e.g. a colour swatch. */
  readonly icon?: (values: V) => vscode.Uri | vscode.ThemeIcon | undefined;
}

export type FormField<V> = FieldBase<V> &
  (
    | { readonly kind: 'boolean' }
    | {
        readonly kind: 'text' | 'secret';
        readonly prompt?: string;
        readonly placeholder?: string;
        readonly validate?: (text: string, values: V) => string | undefined;
      }
    | { readonly kind: 'choice'; readonly options: (values: V) => ChoiceOption[] | Promise<ChoiceOption[]>; readonly placeholder?: string }
    | { readonly kind: 'multi'; readonly options: (values: V) => ChoiceOption[]; readonly placeholder?: string }
  );

export interface FormSpec<V> {
  readonly title: string;
  /** The label of the save row, given the number of changes (e.g. "Save 3 changes", "Create"). */
  readonly submitLabel: (values: V) => string;
  readonly fields: readonly FormField<V>[];
  /** Problems by field key; the form does not submit while there are any. */
  readonly problems: (values: V) => Partial<Record<string, string>>;
  /** Whether anything was changed (asks before discarding on Escape). */
  readonly dirty: (values: V) => boolean;
  /** Whether the form may be saved with no change (false for edits). */
  readonly allowUnchanged?: boolean;
}

type Row<V> = vscode.QuickPickItem & { field?: FormField<V>; submit?: true };

const on = (): vscode.ThemeIcon => new vscode.ThemeIcon('pass-filled', new vscode.ThemeColor('charts.green'));
const off = (): vscode.ThemeIcon => new vscode.ThemeIcon('circle-large-outline');

function display<V>(field: FormField<V>, values: V): string {
  const value = (values as Record<string, unknown>)[field.key];
  switch (field.kind) {
    case 'boolean':
      return value ? vscode.l10n.t('on') : vscode.l10n.t('off');
    case 'secret':
      return value ? vscode.l10n.t('entered (hidden)') : vscode.l10n.t('not set');
    case 'multi':
      return Array.isArray(value) && value.length > 0 ? value.join(', ') : vscode.l10n.t('none');
    default:
      return value === undefined || value === '' ? vscode.l10n.t('(empty)') : String(value as string | number | boolean);
  }
}

function rows<V>(spec: FormSpec<V>, values: V): Row<V>[] {
  const problems = spec.problems(values);
  const canSave = spec.allowUnchanged || spec.dirty(values);
  const out: Row<V>[] = [
    {
      label: `$(${canSave ? 'check' : 'circle-slash'}) ${inertText(spec.submitLabel(values))}`,
      description: Object.keys(problems).length > 0 ? vscode.l10n.t('{0} field(s) to fix', Object.keys(problems).length) : undefined,
      submit: true,
    },
  ];
  let group = '';
  for (const field of spec.fields) {
    if (field.visible && !field.visible(values)) continue;
    if (field.group !== group) {
      group = field.group;
      out.push({ label: group, kind: vscode.QuickPickItemKind.Separator });
    }
    const problem = problems[field.key];
    const detail = typeof field.detail === 'function' ? field.detail(values) : field.detail;
    const value = (values as Record<string, unknown>)[field.key];
    out.push({
      label: inertText(field.label),
      description: inertText(display(field, values)),
      detail: problem ? `$(warning) ${inertText(problem)}` : inertOptional(detail),
      iconPath: field.icon?.(values) ?? (field.kind === 'boolean' ? (value ? on() : off()) : undefined),
      field,
    });
  }
  return out;
}

/** Shows the list once; resolves with the picked row, or undefined on Escape. */
function pickRow<V>(title: string, items: Row<V>[], activeKey: string | undefined): Promise<Row<V> | undefined> {
  return new Promise((resolve) => {
    const qp = vscode.window.createQuickPick<Row<V>>();
    qp.title = title;
    qp.placeholder = vscode.l10n.t('Pick a setting to change it, or the first row to save');
    qp.matchOnDescription = true;
    qp.ignoreFocusOut = true;
    qp.items = items;
    const active = items.find((i) => i.field?.key === activeKey);
    if (active) qp.activeItems = [active];
    let picked: Row<V> | undefined;
    qp.onDidAccept(() => {
      picked = qp.selectedItems[0] ?? qp.activeItems[0];
      qp.hide();
    });
    qp.onDidHide(() => {
      qp.dispose();
      resolve(picked);
    });
    qp.show();
  });
}

async function editField<V>(spec: FormSpec<V>, field: FormField<V>, values: V): Promise<V> {
  const current = (values as Record<string, unknown>)[field.key];
  const title = `${spec.title} — ${field.label}`;
  const set = (value: unknown): V => ({ ...values, [field.key]: value });
  switch (field.kind) {
    case 'boolean':
      return set(!current);
    case 'text':
    case 'secret': {
      const secret = field.kind === 'secret';
      const text = await vscode.window.showInputBox({
        title,
        prompt: inertOptional(field.prompt),
        placeHolder: field.placeholder,
        value: secret ? '' : String((current as string | number | undefined) ?? ''),
        password: secret,
        ignoreFocusOut: true,
        validateInput: (t) => inertOptional(field.validate?.(t, values)),
      });
      if (text === undefined) return values;
      return set(secret && text === '' ? undefined : text);
    }
    case 'choice': {
      const options = Promise.resolve(field.options(values)).then((opts) =>
        opts.map((o) => ({
          label: inertText(o.label),
          description: o.value === current && !o.custom ? `${inertText(o.description ?? '')} $(check)`.trim() : inertOptional(o.description),
          value: o.value,
          custom: o.custom,
        })),
      );
      const picked = await vscode.window.showQuickPick(options, { title, placeHolder: field.placeholder, ignoreFocusOut: true });
      if (picked?.custom) {
        const text = await vscode.window.showInputBox({ title, value: String((current as string | number | undefined) ?? ''), ignoreFocusOut: true });
        return text?.trim() ? set(text.trim()) : values;
      }
      return picked ? set(picked.value) : values;
    }
    case 'multi': {
      const selected = new Set(Array.isArray(current) ? (current as string[]) : []);
      const opts = field.options(values);
      // Values the list does not know (e.g. events of a newer server) stay selectable and selected.
      for (const v of selected) if (!opts.some((o) => o.value === v)) opts.push({ value: v, label: v });
      const picked = await vscode.window.showQuickPick(
        opts.map((o) => ({ label: inertText(o.label), description: inertOptional(o.description), value: o.value, picked: selected.has(o.value) })),
        { title, placeHolder: field.placeholder, canPickMany: true, ignoreFocusOut: true },
      );
      return picked ? set(picked.map((p) => p.value)) : values;
    }
  }
}

/** Runs the form; resolves with the edited values when saved, undefined when abandoned. */
export async function runForm<V>(spec: FormSpec<V>, initial: V): Promise<V | undefined> {
  let values = initial;
  let activeKey: string | undefined;
  for (;;) {
    const row = await pickRow(spec.title, rows(spec, values), activeKey);
    if (!row) {
      if (!spec.dirty(values)) return undefined;
      const discard = vscode.l10n.t('Discard');
      const choice = await vscode.window.showWarningMessage(vscode.l10n.t('Discard your changes?'), { modal: true }, discard);
      if (choice === discard) return undefined;
      continue;
    }
    if (row.submit) {
      const problems = spec.problems(values);
      const first = spec.fields.find((f) => problems[f.key] && (!f.visible || f.visible(values)));
      if (first) {
        activeKey = first.key;
        values = await editField(spec, first, values);
        continue;
      }
      if (!spec.allowUnchanged && !spec.dirty(values)) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Nothing was changed.'));
        return undefined;
      }
      return values;
    }
    if (row.field) {
      activeKey = row.field.key;
      values = await editField(spec, row.field, values);
    }
  }
}
