// What a failed list request of the Webhooks, Activity and Starred views means for the user. Platform neutral (no
// `vscode`), unit-tested. The client's own message is already a sentence; these add the cause the server does not
// spell out. The administration forms' explanations build on these (commands/admin/explainError.ts).
import { plainText, redactSecrets, type Translate } from './validation';

/** The parts of a GiteaError that matter here (structural, so tests need no client). */
export interface ErrorLike {
  kind: string;
  message: string;
  status?: number;
  serverMessage?: string;
}

export type ListOperation = 'repoListHooks' | 'activityFeed' | 'teamActivityFeed' | 'starred';

export interface ExplainContext {
  /** owner/name or organization the request was about. */
  target?: string;
  /** Top-level fields of the request body. */
  bodyFields?: readonly string[];
  /** Secret values to strip from anything shown. */
  secrets?: ReadonlyArray<string | undefined>;
}

export function explainListError(op: ListOperation, e: ErrorLike, ctx: ExplainContext = {}, t: Translate = plainText): string {
  // Stryker disable next-line ArrayDeclaration: no secrets and a made-up one nobody's text contains redact alike.
  return redactSecrets(explainList(op, e, ctx, t) ?? e.message, ctx.secrets ?? []);
}

/** The explanation of a list failure, or undefined when the client's message says it all. */
export function explainList(op: ListOperation, e: ErrorLike, ctx: ExplainContext, t: Translate): string | undefined {
  const target = ctx.target ?? '';
  if (e.kind === 'cancelled') return t('Cancelled.');
  switch (op) {
    case 'repoListHooks':
      if (e.kind === 'forbidden' || e.status === 403) return t('Only administrators of {0} can see its webhooks.', target);
      return undefined;
    case 'activityFeed':
      if (e.kind === 'notFound') return t('The user {0} was not found.', target);
      return undefined;
    case 'teamActivityFeed':
      if (e.kind === 'forbidden' || e.status === 403) return t('Only members of the team can see its activity.');
      if (e.kind === 'notFound') return t('The team was not found (or you may not see it).');
      return undefined;
    case 'starred':
      if (e.kind === 'forbidden' || e.status === 403) return t('Stars are turned off on this server.');
      if (e.kind === 'notFound') return t('The user {0} was not found.', target);
      return undefined;
  }
}
