// The templates and answers Gitea 1.26.3's own Go code gave (test/fixtures/issue-templates/gitea-1.26.3.json, with
// its source note), and the web page's form values turned into the form's answers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../../harness/paths';
import type { Answer, Answers } from '../../../../src/commands/createIssue/templates/formBody';
import type { IssueTemplate } from '../../../../src/commands/createIssue/templates/issueTemplate';

export const FIXTURE_DIR = join(REPO_ROOT, 'test', 'fixtures', 'issue-templates');

export interface GiteaFixture {
  readonly source: string;
  readonly api: unknown[];
  readonly answers: Record<'filled' | 'empty', { values: Record<string, string>; body: string }>;
}

export const GITEA = JSON.parse(readFileSync(join(FIXTURE_DIR, 'gitea-1.26.3.json'), 'utf8')) as GiteaFixture;

/** The answers of the page's form values (form-field-<id>; dropdowns by option index, comma-separated; boxes -<n>=on). */
export function answersOf(template: IssueTemplate, values: Record<string, string>): Answers {
  const answers: Record<string, Answer> = {};
  for (const f of template.fields) {
    const v = values[`form-field-${f.id}`];
    if (f.type === 'input' || f.type === 'textarea') answers[f.id] = v ?? '';
    else if (f.type === 'dropdown') answers[f.id] = (v ?? '').split(',').filter((s) => s !== '').map(Number);
    else if (f.type === 'checkboxes') answers[f.id] = f.options.map((_, i) => values[`form-field-${f.id}-${i}`] === 'on');
  }
  return answers;
}
