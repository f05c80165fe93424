// What a failed administration request means for the user, per operation. Platform neutral (no `vscode`),
// unit-tested. The client's own message is already a sentence; these add the cause the server does not spell out.
// The list operations the views also use are explained in shared/explainError.ts.
import { explainList, type ErrorLike, type ExplainContext, type ListOperation } from '../../shared/explainError';
import { redactSecrets, plainText, type Translate } from '../../shared/validation';

export type { ErrorLike, ExplainContext } from '../../shared/explainError';

export type AdminOperation =
  | 'repoEdit'
  | 'archive'
  | 'unarchive'
  | 'orgCreateHook'
  | 'userEditHook'
  | 'orgCreateLabel'
  | 'orgEditLabel'
  | 'repoMigrate'
  | ListOperation;

const LIST_OPERATIONS: ReadonlySet<string> = new Set<ListOperation>(['repoListHooks', 'activityFeed', 'teamActivityFeed', 'starred']);

const server = (e: ErrorLike): string => (e.serverMessage ?? '').trim();

export function explainAdminError(op: AdminOperation, e: ErrorLike, ctx: ExplainContext = {}, t: Translate = plainText): string {
  const text = explain(op, e, ctx, t) ?? e.message;
  // Stryker disable next-line ArrayDeclaration: no secrets and a made-up one nobody's text contains redact alike.
  return redactSecrets(text, ctx.secrets ?? []);
}

function explain(op: AdminOperation, e: ErrorLike, ctx: ExplainContext, t: Translate): string | undefined {
  if (LIST_OPERATIONS.has(op)) return explainList(op as ListOperation, e, ctx, t);
  const msg = server(e);
  const target = ctx.target ?? '';
  if (e.kind === 'cancelled') return t('Cancelled.');
  switch (op) {
    case 'repoEdit':
    case 'archive':
    case 'unarchive':
      if (e.kind === 'forbidden' || e.status === 403) return t('Only administrators of {0} can change its settings.', target);
      if (e.kind === 'validation' || e.status === 422) {
        if (op === 'archive' && /mirror/i.test(msg)) return t('A mirror cannot be archived: {0}', msg);
        if (ctx.bodyFields?.includes('private') && !/name|mirror|interval|tracker|wiki/i.test(msg)) {
          return t(
            'The server refused to change the visibility of {0} ({1}). Organizations can reserve visibility changes to their owners, and a site can force repositories to stay private: ask an owner of the organization or the site administrator.',
            target,
            msg || '422',
          );
        }
        if (/exist/i.test(msg) && ctx.bodyFields?.includes('name')) return t('A repository with that name already exists: choose another name.');
        if (/interval/i.test(msg)) return t('The server refused the mirror interval ({0}). It has a minimum (10m unless the administrator changed it); 0 turns periodic sync off.', msg);
        return t('The server refused the settings: {0}', msg || e.message);
      }
      return undefined;
    case 'orgCreateHook':
      if (e.kind === 'forbidden' || e.status === 403) return t('Only owners of the organization {0} can add webhooks to it.', target);
      if (e.kind === 'validation' || e.status === 422) return t('The server refused the webhook: {0}', msg || e.message);
      return undefined;
    case 'userEditHook':
      if (e.kind === 'notFound') return t('The webhook no longer exists.');
      if (e.kind === 'validation' || e.status === 422) return t('The server refused the webhook: {0}', msg || e.message);
      return undefined;
    case 'orgCreateLabel':
    case 'orgEditLabel':
      if (e.kind === 'forbidden' || e.status === 403) return t('You may not change the labels of {0}.', target);
      if (e.kind === 'notFound') return t('The organization or label was not found (or you may not see it).');
      if (/color/i.test(msg)) return t('The server refused the colour: use #RRGGBB, for example #00aabb.');
      if (e.kind === 'validation' || e.status === 422) return t('The server refused the label: {0}', msg || e.message);
      return undefined;
    case 'repoMigrate':
      if (e.kind === 'conflict' || e.status === 409) return t('{0} already exists: choose another name or owner.', target);
      if (e.kind === 'forbidden' || e.status === 403) {
        return t(
          'The server does not allow this migration ({0}). You must be the user or an owner of the organization chosen as owner, and the administrator may have turned migrations or mirrors off.',
          msg || '403',
        );
      }
      if (e.kind === 'validation' || e.status === 422) {
        if (/disallowed host|not allowed|blocked/i.test(msg)) {
          return t(
            'The server refuses to import from this host ({0}). Loopback and private network addresses are blocked unless the administrator allows them ([migrations] ALLOW_LOCALNETWORKS / ALLOWED_DOMAINS).',
            msg,
          );
        }
        if (/authentication failed/i.test(msg)) return t('The source refused the credentials ({0}). Check the token or user name and password for that service.', msg);
        if (/url is invalid|invalid url/i.test(msg)) return t('The server does not accept this source URL ({0}). Use the http(s) clone URL of the repository.', msg);
        return t('The migration failed: {0}', msg || e.message);
      }
      if (e.kind === 'timeout') return t('The migration took longer than the request was allowed to wait; it may still finish on the server. Check the owner\'s repositories before retrying.');
      return undefined;
  }
}
