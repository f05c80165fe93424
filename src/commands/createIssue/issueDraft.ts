// The Create Issue form's state: what the user typed and picked, how it becomes the request body, and how the
// server's validation messages map back to form fields. Pure (no vscode) so it is unit-tested directly.
import { parseAnswers, type Answer } from './templates/formBody';
import { isCalendarDate } from '../../shared/validation';

/** Every field of CreateIssueOption, as the form holds it. Ids are the server's ids from the pickers. */
export interface IssueDraft {
  readonly title: string;
  /** Markdown. */
  readonly body: string;
  /** User logins. */
  readonly assignees: readonly string[];
  readonly labels: readonly number[];
  readonly milestone?: number;
  readonly projects: readonly number[];
  /** `YYYY-MM-DD`: the server uses only the date. */
  readonly dueDate?: string;
  /** A branch name, or a full ref such as `refs/tags/v1.0` (the picker offers tags that way). */
  readonly ref?: string;
  /** Create the issue closed. */
  readonly closed: boolean;
  /** The issue template chosen (its file in the repository); `''` for the blank issue; absent: not chosen yet. */
  readonly template?: string;
  /** An issue form's answers by field id (templates/formBody.ts); they make the body when it is sent. */
  readonly answers?: Readonly<Record<string, Answer>>;
}

export type DraftField = keyof IssueDraft;

export function emptyDraft(): IssueDraft {
  return { title: '', body: '', assignees: [], labels: [], projects: [], closed: false };
}

/** True when nothing was typed or picked (no reason to keep a draft). */
export function isEmptyDraft(d: IssueDraft): boolean {
  return (
    d.title.trim() === '' &&
    d.body.trim() === '' &&
    d.assignees.length === 0 &&
    d.labels.length === 0 &&
    d.milestone === undefined &&
    d.projects.length === 0 &&
    d.dueDate === undefined &&
    (d.ref ?? '') === '' &&
    !d.closed &&
    d.template === undefined
  );
}

/** The body of POST /repos/{owner}/{repo}/issues (CreateIssueOption). Unset fields are left out. */
export interface CreateIssueBody {
  title: string;
  body?: string;
  assignees?: string[];
  labels?: number[];
  milestone?: number;
  projects?: number[];
  due_date?: string;
  ref?: string;
  closed?: boolean;
}

/** `sendProjects: false` leaves the project ids out (a server that would drop them: see serverTakesProjectIds). */
export function toCreateIssueBody(d: IssueDraft, { sendProjects = true }: { sendProjects?: boolean } = {}): CreateIssueBody {
  const body: CreateIssueBody = { title: d.title.trim() };
  if (d.body !== '') body.body = d.body;
  if (d.assignees.length) body.assignees = [...d.assignees];
  if (d.labels.length) body.labels = [...d.labels];
  if (d.milestone !== undefined) body.milestone = d.milestone;
  if (sendProjects && d.projects.length) body.projects = [...d.projects];
  // Only the date is used by the server; midnight UTC states it without a time zone guess.
  if (d.dueDate) body.due_date = `${d.dueDate}T00:00:00Z`;
  if (d.ref) body.ref = d.ref;
  if (d.closed) body.closed = true;
  return body;
}

/** Local checks before sending; the server's own messages are mapped with `fieldOfServerMessage`. */
export function localProblems(d: IssueDraft): Partial<Record<DraftField, 'required' | 'badDate'>> {
  const problems: Partial<Record<DraftField, 'required' | 'badDate'>> = {};
  if (d.title.trim() === '') problems.title = 'required';
  if (d.dueDate !== undefined && !isCalendarDate(d.dueDate)) problems.dueDate = 'badDate';
  return problems;
}

/** Gitea's binding errors name the Go field of CreateIssueOption: `[Title]: Required`. */
const GO_FIELDS: Record<string, DraftField> = {
  title: 'title',
  body: 'body',
  assignee: 'assignees',
  assignees: 'assignees',
  labels: 'labels',
  milestone: 'milestone',
  projects: 'projects',
  deadline: 'dueDate',
  ref: 'ref',
  closed: 'closed',
};

/** The form field a server message is about, if it names one. */
export function fieldOfServerMessage(message: string | undefined): DraftField | undefined {
  if (!message) return undefined;
  const bracket = /^\[(\w+)\]/.exec(message.trim());
  if (bracket) return GO_FIELDS[bracket[1]!.toLowerCase()];
  const lower = message.toLowerCase();
  if (lower.includes('assignee')) return 'assignees';
  if (lower.includes('milestone')) return 'milestone';
  if (lower.includes('label')) return 'labels';
  if (lower.includes('project')) return 'projects';
  if (lower.includes('deadline') || lower.includes('due date')) return 'dueDate';
  return undefined;
}

function stringArray(v: unknown, max: number): string[] | undefined {
  if (!Array.isArray(v) || v.length > max) return undefined;
  return v.every((x) => typeof x === 'string' && x.length <= 255) ? (v as string[]) : undefined;
}

function idArray(v: unknown, max: number): number[] | undefined {
  if (!Array.isArray(v) || v.length > max) return undefined;
  return v.every((x) => Number.isSafeInteger(x) && (x as number) > 0) ? (v as number[]) : undefined;
}

/**
 * A draft from untrusted input (a webview message, stored state, command arguments): every field checked,
 * unknown fields dropped. Returns undefined when the input is not a draft.
 */
export function parseDraft(input: unknown, base: IssueDraft = emptyDraft()): IssueDraft | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const o = input as Record<string, unknown>;
  const draft: { -readonly [K in keyof IssueDraft]: IssueDraft[K] } = { ...base };
  if ('title' in o) {
    if (typeof o.title !== 'string' || o.title.length > 255) return undefined;
    draft.title = o.title;
  }
  if ('body' in o) {
    if (typeof o.body !== 'string' || o.body.length > 1_000_000) return undefined;
    draft.body = o.body;
  }
  if ('assignees' in o) {
    const a = stringArray(o.assignees, 100);
    if (!a) return undefined;
    draft.assignees = a;
  }
  if ('labels' in o) {
    const a = idArray(o.labels, 500);
    if (!a) return undefined;
    draft.labels = a;
  }
  if ('projects' in o) {
    const a = idArray(o.projects, 100);
    if (!a) return undefined;
    draft.projects = a;
  }
  if ('milestone' in o) {
    if (o.milestone === undefined || o.milestone === null) delete draft.milestone;
    else if (Number.isSafeInteger(o.milestone) && (o.milestone as number) > 0) draft.milestone = o.milestone as number;
    else return undefined;
  }
  if ('dueDate' in o) {
    if (o.dueDate === undefined || o.dueDate === null || o.dueDate === '') delete draft.dueDate;
    else if (typeof o.dueDate === 'string' && o.dueDate.length <= 10) draft.dueDate = o.dueDate;
    else return undefined;
  }
  if ('ref' in o) {
    if (o.ref === undefined || o.ref === null || o.ref === '') delete draft.ref;
    else if (typeof o.ref === 'string' && o.ref.length <= 255) draft.ref = o.ref;
    else return undefined;
  }
  if ('closed' in o) {
    if (typeof o.closed !== 'boolean') return undefined;
    draft.closed = o.closed;
  }
  if ('template' in o) {
    if (o.template === undefined || o.template === null) delete draft.template;
    else if (typeof o.template === 'string' && o.template.length <= 1024) draft.template = o.template;
    else return undefined;
  }
  if ('answers' in o) {
    if (o.answers === undefined || o.answers === null) delete draft.answers;
    else {
      const answers = parseAnswers(o.answers);
      if (!answers) return undefined;
      draft.answers = answers;
    }
  }
  return draft;
}
