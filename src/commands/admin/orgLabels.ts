// "Gitea: Create Organization Label" (orgCreateLabel) and "Gitea: Edit Organization Label" (orgEditLabel).
// The colour is checked locally and previewed as a swatch; edits always send `is_archived` (see orgLabelModel.ts).
// Tests and other commands pass `{ org, name, color, … }` (create) or `{ org, id, changes }` (edit).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Label } from '../../api';
import type { Services } from '../../core/services';
import { readAllPages } from '../../api/paging';
import { PICKER_PAGES, accountTarget, argObject, pickOrg, showAdminFailure } from './adminContext';
import {
  buildCreateLabelBody,
  buildEditLabelBody,
  checkColor,
  colorSwatchSvg,
  displayColor,
  exclusiveWarning,
  labelScope,
  validateLabel,
  type LabelInput,
} from './orgLabelModel';
import { runForm, type FormField } from './quickForm';
import { COMMAND } from '../../core/commandIds';
import { inertOptional, inertText } from '../../shared/untrustedText';

export const CREATE_ORG_LABEL = COMMAND.createOrgLabel;
export const EDIT_ORG_LABEL = COMMAND.editOrgLabel;

const t = vscode.l10n.t;

interface LabelForm {
  name: string;
  color: string;
  description: string;
  exclusive: boolean;
  is_archived: boolean;
}

/**
 * A file with a swatch of the colour, used as the row icon: QuickPick and tree icons cannot be painted in an
 * arbitrary colour otherwise. Tiny files under the extension's global storage, written once per colour.
 */
export function swatchIcon(services: Services, color: string | null | undefined): vscode.Uri | vscode.ThemeIcon {
  const hex = displayColor(color).slice(1);
  try {
    const dir = path.join(services.context.globalStorageUri.fsPath, 'swatches');
    const file = path.join(dir, `${hex}.svg`);
    if (!fs.existsSync(file)) {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(file, colorSwatchSvg(hex));
    }
    return vscode.Uri.file(file);
  } catch {
    // expected: no writable storage for the swatch: a plain colour icon instead.
    return new vscode.ThemeIcon('symbol-color');
  }
}

function labelFields(services: Services, editing: boolean): FormField<LabelForm>[] {
  const group = t('Label');
  return [
    {
      key: 'name',
      group,
      label: t('Name'),
      kind: 'text',
      placeholder: t('e.g. kind/bug'),
      validate: (s) => (s.trim() ? undefined : t('Enter the label name.')),
      detail: (v) => (labelScope(v.name) ? t('Scoped label: scope "{0}"', labelScope(v.name)) : undefined),
    },
    {
      key: 'color',
      group,
      label: t('Colour'),
      kind: 'text',
      placeholder: '#00aabb',
      prompt: t('A colour as #RRGGBB'),
      validate: (s) => checkColor(s, t),
      icon: (v) => (checkColor(v.color, t) ? new vscode.ThemeIcon('warning') : swatchIcon(services, v.color)),
    },
    { key: 'description', group, label: t('Description'), kind: 'text' },
    {
      key: 'exclusive',
      group,
      label: t('Exclusive'),
      kind: 'boolean',
      detail: (v) =>
        exclusiveWarning(v.name, v.exclusive, t) ??
        t('With a scoped name like "priority/high", an issue can carry only one label of the scope "priority".'),
    },
    {
      key: 'is_archived',
      group,
      label: t('Archived'),
      kind: 'boolean',
      visible: () => editing,
      detail: t('Archived labels stay on issues but are no longer offered.'),
    },
  ];
}

const labelProblems = (creating: boolean) => (v: LabelForm) => validateLabel(v, creating, t);

/** Creates an organization label; resolves with the label as the server answered, or undefined. */
export async function createOrgLabel(services: Services, arg?: unknown): Promise<Label | undefined> {
  const args = argObject(arg);
  const programmatic = typeof args?.org === 'string' && typeof args?.name === 'string' && typeof args?.color === 'string';
  const account = await accountTarget(services, args);
  if (!account) return undefined;
  let org: string | undefined;
  let input: LabelInput;
  if (programmatic) {
    org = args.org as string;
    input = args as LabelInput;
    const problems = Object.values(validateLabel(input, true, t));
    if (problems.length > 0) throw new Error(problems.join(' '));
  } else {
    org = await pickOrg(account.client, t('Create Organization Label'), args?.org);
    if (!org) return undefined;
    const values = await runForm<LabelForm>(
      {
        title: t('New label of {0}', org),
        submitLabel: () => t('Create label'),
        fields: labelFields(services, false),
        problems: labelProblems(true),
        dirty: (v) => v.name !== '' || v.description !== '',
        allowUnchanged: true,
      },
      { name: '', color: '#00aabb', description: '', exclusive: false, is_archived: false },
    );
    if (!values) return undefined;
    input = values;
  }
  const body = buildCreateLabelBody(input);
  try {
    const label = await account.client.orgCreateLabel({ org, body });
    services.log.info(`Created label #${label.id} "${label.name}" of ${org}`);
    void vscode.window.showInformationMessage(inertText(t('Created the label {0} ({1}) of {2}.', label.name, displayColor(label.color), org)));
    return label;
  } catch (e) {
    return showAdminFailure(services, 'orgCreateLabel', t('Could not create the label of {0}', org), e, { target: org }, programmatic);
  }
}

async function pickLabel(services: Services, client: NonNullable<Awaited<ReturnType<typeof accountTarget>>>['client'], org: string): Promise<Label | undefined> {
  const labels = readAllPages((page) => client.orgListLabels({ org, page }), { maxPages: PICKER_PAGES }).then(({ items }) => {
    if (items.length === 0) void vscode.window.showInformationMessage(inertText(t('{0} has no organization labels.', org)));
    return items.map((l) => ({
      label: inertText(l.name),
      description: inertText([displayColor(l.color), l.exclusive ? t('exclusive') : '', l.is_archived ? t('archived') : ''].filter(Boolean).join(' · ')),
      detail: inertOptional(l.description || undefined),
      iconPath: swatchIcon(services, l.color),
      value: l,
    }));
  });
  const picked = await vscode.window.showQuickPick(labels, { title: t('Edit Organization Label'), placeHolder: t('Label of {0}', org), ignoreFocusOut: true });
  return picked?.value;
}

function changesFrom(label: Label, v: LabelForm): LabelInput {
  const changes: LabelInput = {};
  if (v.name !== label.name) changes.name = v.name;
  if (displayColor(v.color) !== displayColor(label.color)) changes.color = v.color;
  if (v.description !== (label.description ?? '')) changes.description = v.description;
  if (v.exclusive !== (label.exclusive ?? false)) changes.exclusive = v.exclusive;
  if (v.is_archived !== (label.is_archived ?? false)) changes.is_archived = v.is_archived;
  return changes;
}

/** Edits an organization label; resolves with the label as the server answered, or undefined. */
export async function editOrgLabel(services: Services, arg?: unknown): Promise<Label | undefined> {
  const args = argObject(arg);
  const programmatic = typeof args?.org === 'string' && typeof args?.id === 'number' && typeof args?.changes === 'object';
  const account = await accountTarget(services, args);
  if (!account) return undefined;
  const org = programmatic ? (args.org as string) : await pickOrg(account.client, t('Edit Organization Label'), args?.org);
  if (!org) return undefined;
  let label: Label | undefined;
  try {
    label = typeof args?.id === 'number' ? await account.client.orgGetLabel({ org, id: args.id }) : await pickLabel(services, account.client, org);
  } catch (e) {
    return showAdminFailure(services, 'orgEditLabel', t('Could not load the labels of {0}', org), e, { target: org }, programmatic);
  }
  if (!label) return undefined;
  let changes: LabelInput;
  if (programmatic) {
    changes = args.changes as LabelInput;
    const problems = Object.values(validateLabel(changes, false, t));
    if (problems.length > 0) throw new Error(problems.join(' '));
  } else {
    const current = label;
    const before: LabelForm = {
      name: current.name,
      color: displayColor(current.color),
      description: current.description ?? '',
      exclusive: current.exclusive ?? false,
      is_archived: current.is_archived ?? false,
    };
    const values = await runForm<LabelForm>(
      {
        title: t('Label {0} of {1}', current.name, org),
        submitLabel: (v) => {
          const n = Object.keys(changesFrom(current, v)).length;
          return n === 0 ? t('Save (nothing changed yet)') : t('Save {0} change(s)', n);
        },
        fields: labelFields(services, true),
        problems: labelProblems(false),
        dirty: (v) => Object.keys(changesFrom(current, v)).length > 0,
      },
      before,
    );
    if (!values) return undefined;
    changes = changesFrom(current, values);
  }
  const body = buildEditLabelBody(label, changes);
  const id = label.id;
  try {
    const updated = await account.client.orgEditLabel({ org, id, body });
    services.log.info(`Edited label #${id} of ${org}: ${Object.keys(body).sort().join(', ')}`);
    void vscode.window.showInformationMessage(inertText(t('Saved the label {0} of {1}.', updated.name, org)));
    return updated;
  } catch (e) {
    return showAdminFailure(services, 'orgEditLabel', t('Could not save the label of {0}', org), e, { target: org }, programmatic);
  }
}
