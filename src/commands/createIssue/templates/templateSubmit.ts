// Before the Create Issue form is sent: a repository that allows no blank issue needs a template chosen, and a form's
// required fields need answers (each named at its field, nothing typed lost); then the answers make the body.
import * as vscode from 'vscode';
import type { IssueDraft } from '../issueDraft';
import { missingAnswers, notNumbers, renderFormBody } from './formBody';
import type { TemplateOffer } from './loadTemplates';
import { blankAllowed, chosenTemplate } from './templateView';

export type TemplateCheck =
  | { readonly status: 'ok'; readonly draft: IssueDraft }
  | { readonly status: 'invalid'; readonly fields: Readonly<Record<string, string>>; readonly general?: string };

/** The element id of a form field's control on the page (its error slot is `error-<that>`). */
export const answerElementId = (fieldId: string): string => `answer-${fieldId}`;

export function templateProblems(draft: IssueDraft, offer: TemplateOffer | undefined): TemplateCheck {
  const template = chosenTemplate(offer, draft.template);
  if (!template) {
    if (offer && offer.templates.length > 0 && !blankAllowed(offer)) {
      return { status: 'invalid', fields: {}, general: vscode.l10n.t('Choose one of the templates: this repository takes no blank issues.') };
    }
    return { status: 'ok', draft };
  }
  if (template.kind === 'markdown') return { status: 'ok', draft };
  const answers = draft.answers ?? {};
  const fields: Record<string, string> = {};
  for (const f of missingAnswers(template, answers)) {
    fields[answerElementId(f.id)] = f.type === 'checkboxes'
      ? vscode.l10n.t('Tick the required boxes of "{0}".', f.label)
      : f.type === 'dropdown'
        ? vscode.l10n.t('Choose an option of "{0}": it is required.', f.label)
        : vscode.l10n.t('"{0}" is required.', f.label);
  }
  for (const f of notNumbers(template, answers)) fields[answerElementId(f.id)] ??= vscode.l10n.t('"{0}" takes a number.', f.label);
  if (draft.title.trim() === '') fields.title = vscode.l10n.t('A title is required.');
  if (Object.keys(fields).length) {
    return { status: 'invalid', fields, general: vscode.l10n.t('Fill in the required fields: your answers are kept.') };
  }
  return { status: 'ok', draft: { ...draft, body: renderFormBody(template, answers) } };
}
