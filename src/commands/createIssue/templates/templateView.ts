// What the Create Issue webview is told of the templates: the chooser's entries (name, about), whether the blank
// issue is offered, the contact links (http(s) only, opened by the extension by index, never by a URL the page
// sends), the files that could not be read, and the chosen form's fields with their Markdown rendered by the
// extension's renderer of server Markdown (shared/markdown.ts, on its worker): the page never turns text into markup.
import { renderMarkdownOffThread } from '../../../shared/markdownOffThread';
import type { FormField, IssueTemplate } from './issueTemplate';
import type { TemplateOffer } from './loadTemplates';

/** A field as the page builds it: the template's, with its description (and a markdown field's text) as HTML. */
export type FieldView = FormField & { readonly descriptionHtml: string; readonly valueHtml: string };

export interface TemplatesView {
  /** The offer was read (until then the page says it is loading the templates). */
  readonly loaded: boolean;
  readonly list: readonly { readonly fileName: string; readonly name: string; readonly about: string; readonly kind: 'markdown' | 'form' }[];
  /** The blank issue is offered: config.yaml allows it, or no template can be used. */
  readonly blank: boolean;
  readonly links: readonly { readonly name: string; readonly about: string; readonly url: string }[];
  readonly unreadable: readonly string[];
  /** The template in use: its file, `''` for the blank issue, undefined while the chooser is shown. */
  readonly chosen?: string;
  /** The chosen form's fields (shown on the form only). */
  readonly fields?: readonly FieldView[];
}

/** The template of the draft's choice, if the offer still has it. */
export function chosenTemplate(offer: TemplateOffer | undefined, chosen: string | undefined): IssueTemplate | undefined {
  return chosen ? offer?.templates.find((t) => t.fileName === chosen) : undefined;
}

/** Whether the form must show the chooser first: templates exist and none (nor the blank issue) is chosen. */
export function mustChoose(offer: TemplateOffer | undefined, chosen: string | undefined): boolean {
  if (!offer || offer.templates.length === 0) return false;
  if (chosen === '') return !blankAllowed(offer);
  return chosenTemplate(offer, chosen) === undefined;
}

export function blankAllowed(offer: TemplateOffer): boolean {
  return offer.config.blankIssuesEnabled || offer.templates.length === 0 || offer.unreadable.length > 0;
}

/** Renders a form's Markdown once per template (the fields' HTML is kept while the form is open). */
export async function fieldViews(template: IssueTemplate, cutNote: string): Promise<FieldView[]> {
  const html = (md: string) =>
    md.trim() === ''
      ? Promise.resolve('')
      : renderMarkdownOffThread(md, { cutNote }).catch((e: unknown) => {
          // expected: Markdown the worker cannot render in time is left out; the field itself is still shown.
          void e;
          return '';
        });
  return Promise.all(
    template.fields
      .filter((f) => f.onForm)
      .map(async (f) => ({ ...f, descriptionHtml: await html(f.description), valueHtml: f.type === 'markdown' ? await html(f.value) : '' })),
  );
}

export function templatesView(offer: TemplateOffer | undefined, chosen: string | undefined, fields: readonly FieldView[] | undefined): TemplatesView {
  if (!offer) return { loaded: false, list: [], blank: true, links: [], unreadable: [] };
  const template = chosenTemplate(offer, chosen);
  const choosing = mustChoose(offer, chosen);
  return {
    loaded: true,
    list: offer.templates.map((t) => ({ fileName: t.fileName, name: t.name, about: t.about, kind: t.kind })),
    blank: blankAllowed(offer),
    links: offer.config.contactLinks.map((l) => ({ name: l.name, about: l.about, url: l.url })),
    unreadable: offer.unreadable,
    chosen: choosing ? undefined : template ? template.fileName : '',
    fields: template?.kind === 'form' ? fields : undefined,
  };
}
