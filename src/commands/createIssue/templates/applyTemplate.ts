// Choosing a template in the Create Issue form, as Gitea's New Issue page fills its fields from one: a Markdown
// template gives title, body, labels (by name), assignees and ref; a form gives the same but the body, which its
// answers make. Nothing the user typed is dropped: a typed title stays, a typed body (or the code Create Issue from
// Selection put there) follows the Markdown template's text or goes into the form's first textarea. Pure.
import type { IssueDraft } from '../issueDraft';
import { defaultAnswers, firstTextarea, type Answer, type Answers } from './formBody';
import type { FormField, IssueTemplate } from './issueTemplate';

export interface PickerOptions {
  readonly labels: readonly { readonly id: number; readonly name: string }[];
  readonly assignees: readonly { readonly login: string }[];
}

const union = <T>(a: readonly T[], b: readonly T[]): T[] => [...a, ...b.filter((x) => !a.includes(x))];

/** An answer kept from before (another template with a field of the same id and kind, or this one earlier). */
function fits(field: FormField, a: Answer): boolean {
  switch (field.type) {
    case 'input':
    case 'textarea':
      return typeof a === 'string';
    case 'dropdown':
      return Array.isArray(a) && (a as unknown[]).every((i) => typeof i === 'number' && i < field.options.length) && (field.multiple || a.length <= 1);
    case 'checkboxes':
      return Array.isArray(a) && a.length === field.options.length && (a as unknown[]).every((x) => typeof x === 'boolean');
    default:
      return false;
  }
}

/** The draft's text that belongs in the form's first textarea: moved there (the body of a form is its answers). */
export function settleFormDraft(draft: IssueDraft, template: IssueTemplate | undefined): IssueDraft {
  if (!template || template.kind !== 'form' || draft.template !== template.fileName || draft.body.trim() === '') return draft;
  const target = firstTextarea(template);
  if (!target) return draft;
  const answers: Record<string, Answer> = { ...defaultAnswers(template), ...draft.answers };
  const before = typeof answers[target.id] === 'string' ? (answers[target.id] as string) : '';
  answers[target.id] = before.trim() === '' ? draft.body : before.includes(draft.body) ? before : `${before.trimEnd()}\n\n${draft.body}`;
  return { ...draft, body: '', answers };
}

/** The draft once `template` is chosen (undefined: the blank issue). Picker options may still be loading (null). */
export function applyTemplate(draft: IssueDraft, template: IssueTemplate | undefined, options: PickerOptions | undefined): IssueDraft {
  if (!template) return { ...draft, template: '' };
  const labelIds = options ? template.labels.flatMap((name) => options.labels.filter((l) => l.name === name).map((l) => l.id)) : [];
  // Gitea preselects only users who may be assigned; before the list is read, the template's logins as they are.
  const assignees = options ? template.assignees.filter((login) => options.assignees.some((a) => a.login === login)) : template.assignees;
  const common: IssueDraft = {
    ...draft,
    template: template.fileName,
    title: draft.title.trim() === '' ? template.title : draft.title,
    labels: union(draft.labels, labelIds),
    assignees: union(draft.assignees, assignees),
    ...(template.ref ? { ref: template.ref } : {}),
  };
  if (template.kind === 'markdown') {
    const typed = draft.body.trim() === '' || template.content.includes(draft.body) ? '' : draft.body;
    const body = draft.body.startsWith(template.content) ? draft.body : typed ? `${template.content.trimEnd()}\n\n${typed}` : template.content;
    return { ...common, body };
  }
  const kept: Record<string, Answer> = {};
  const earlier: Answers = draft.answers ?? {};
  for (const f of template.fields) {
    const a = earlier[f.id];
    if (a !== undefined && fits(f, a)) kept[f.id] = a;
  }
  return settleFormDraft({ ...common, answers: { ...defaultAnswers(template), ...kept } }, template);
}
