// Organization label bodies (POST /orgs/{org}/labels, PATCH /orgs/{org}/labels/{id}) and colour handling.
// Platform neutral (no `vscode`) so the rules are unit-tested.
//
// Traps of the real server: a PATCH without `is_archived` un-archives the label, so the edit body always sends
// it; `is_archived` is ignored on create; colours are answered lowercase without '#'.

import { plainText, type Translate } from '../../shared/validation';

const COLOR = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i;

/** `#RRGGBB` (lowercase) for any colour the server accepts (3 or 6 hex digits, with or without '#'). */
export function normaliseColor(text: string): string | undefined {
  const m = COLOR.exec(text.trim());
  if (!m) return undefined;
  const hex = m[1]!.toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

export function checkColor(text: string, t: Translate = plainText): string | undefined {
  return normaliseColor(text) ? undefined : t('Enter a colour as #RRGGBB, for example #00aabb.');
}

/** The colour of a label as the server sends it ("ee0701"), shown as `#ee0701`. */
export function displayColor(serverColor: string | null | undefined): string {
  return normaliseColor(serverColor ?? '') ?? '#cccccc';
}

/** A text colour that stays readable on the label colour (Gitea's own contrast rule: luminance threshold). */
export function contrastText(color: string): '#000000' | '#ffffff' {
  const hex = displayColor(color).slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance < 0.453 ? '#ffffff' : '#000000';
}

/** An SVG swatch of the colour (used as the QuickPick/tree icon that previews it). */
export function colorSwatchSvg(color: string): string {
  const fill = displayColor(color);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><rect x="1" y="1" width="14" height="14" rx="3" fill="${fill}" stroke="#8888" /></svg>`;
}

/** The scope of a scoped label (`priority/high` → `priority`); empty when the name has none. */
export function labelScope(name: string): string {
  const i = name.lastIndexOf('/');
  return i <= 0 || i === name.length - 1 ? '' : name.slice(0, i);
}

/** The fields of a Label that the commands read (structural subset of the client's Label). */
export interface LabelSource {
  id: number;
  name: string;
  color?: string | null;
  description?: string | null;
  exclusive?: boolean | null;
  is_archived?: boolean | null;
}

export interface LabelInput {
  name?: string;
  color?: string;
  description?: string;
  exclusive?: boolean;
  is_archived?: boolean;
}

export interface CreateLabelBody {
  name: string;
  color: string;
  description?: string;
  exclusive?: boolean;
}

export interface EditLabelBody {
  is_archived: boolean;
  name?: string;
  color?: string;
  description?: string;
  exclusive?: boolean;
}

export function validateLabel(input: LabelInput, creating: boolean, t: Translate = plainText): Record<string, string> {
  const problems: Record<string, string> = {};
  if (creating || input.name !== undefined) {
    if (!(input.name ?? '').trim()) problems.name = t('Enter the label name.');
  }
  if (creating || input.color !== undefined) {
    const p = checkColor(input.color ?? '', t);
    if (p) problems.color = p;
  }
  return problems;
}

/** A warning (not an error) for an exclusive label without a scope: the flag then has no effect. */
export function exclusiveWarning(name: string, exclusive: boolean, t: Translate = plainText): string | undefined {
  if (!exclusive || labelScope(name)) return undefined;
  return t('Exclusive only has an effect on scoped names like "scope/name": labels of the same scope then exclude each other.');
}

/** The POST body. `is_archived` is left out: the server ignores it on create. */
export function buildCreateLabelBody(input: LabelInput): CreateLabelBody {
  const body: CreateLabelBody = { name: (input.name ?? '').trim(), color: normaliseColor(input.color ?? '') ?? '' };
  if (input.description?.trim()) body.description = input.description.trim();
  if (input.exclusive !== undefined) body.exclusive = input.exclusive;
  return body;
}

/** The PATCH body: the changed fields, and `is_archived` always (the current value unless it changed). */
export function buildEditLabelBody(current: LabelSource, changes: LabelInput): EditLabelBody {
  const body: EditLabelBody = { is_archived: changes.is_archived ?? current.is_archived ?? false };
  if (changes.name !== undefined && changes.name.trim() !== current.name) body.name = changes.name.trim();
  if (changes.color !== undefined) {
    const color = normaliseColor(changes.color);
    if (color && color !== displayColor(current.color)) body.color = color;
  }
  if (changes.description !== undefined && changes.description !== (current.description ?? '')) {
    body.description = changes.description;
  }
  if (changes.exclusive !== undefined && changes.exclusive !== (current.exclusive ?? false)) body.exclusive = changes.exclusive;
  return body;
}
