// What the Create Pull Request form starts with: the title and description from the branch's commits (one commit:
// its subject and body; several: the branch name as a sentence and the list of their subjects), the repository's
// template instead of the commits' text when it has one, and `Closes #N` for the issue the branch was started from.
// Pure.
import { branchSentence } from '../../git/issueBranch';
import type { PullTemplate } from './pullTemplate';
import { toLf } from '../../shared/lineEnds';

export interface CommitText {
  /** The whole message: subject, blank line, body. */
  readonly message: string;
}

export interface Prefill {
  readonly title: string;
  readonly body: string;
  /** Label names and logins the template preselects. */
  readonly labelNames: readonly string[];
  readonly assignees: readonly string[];
}

function subjectAndBody(message: string): { subject: string; body: string } {
  const text = toLf(message).trim();
  const blank = text.indexOf('\n\n');
  const head = blank < 0 ? text : text.slice(0, blank);
  return { subject: head.split('\n').join(' ').trim(), body: blank < 0 ? '' : text.slice(blank + 2).trim() };
}

/**
 * `commits`: newest first, as git log lists them. `issue`: the issue the branch was started from, as a reference
 * (`#12` in the same repository, `owner/repo#12` elsewhere).
 */
export function prefillPull(branch: string, commits: readonly CommitText[], template: PullTemplate | undefined, issue?: string): Prefill {
  let title = branchSentence(branch);
  let body = '';
  if (commits.length === 1) {
    const only = subjectAndBody(commits[0]!.message);
    title = only.subject || title;
    body = only.body;
  } else if (commits.length > 1) {
    body = [...commits].reverse().map((c) => `- ${subjectAndBody(c.message).subject}`).join('\n');
  }
  if (template) {
    body = template.body.trim() ? template.body : body;
    // Gitea puts the template's title into the title field; templates use it as a prefix ("[Feature]: ").
    if (template.title) title = /[\s:\]]$/.test(template.title) ? `${template.title.trimEnd()} ${title}` : template.title;
  }
  if (issue && !closesIssue(body, issue)) body = body.trim() ? `${body.trimEnd()}\n\nCloses ${issue}\n` : `Closes ${issue}\n`;
  return { title, body, labelNames: template?.labels ?? [], assignees: template?.assignees ?? [] };
}

/** Whether the text already closes the issue with one of Gitea's keywords (close/fix/resolve and their forms). */
export function closesIssue(text: string, issue: string): boolean {
  const escaped = issue.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // `keyword[ ]:[ ]#N` as `(?:\s*:)?\s+`: the `\s*:?\s+` it replaces split a run of spaces every way before failing,
  // quadratic on `closes` and 100,000 spaces.
  return new RegExp(`\\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)(?:\\s*:)?\\s+${escaped}(?!\\d)`, 'i').test(text);
}
