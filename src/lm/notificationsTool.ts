// The `notifications` tool: what is unread and pinned (or every thread, with `all`) for each signed-in account,
// grouped by repository in the Notifications view's order (shared/notificationGroups.ts). Capped at
// NOTIFICATIONS_CAP threads per account; titles are JSON strings (quote.ts).
import * as vscode from 'vscode';
import type { Services } from '../core/services';
import { groupNotifications, threadStatus } from '../shared/notificationGroups';
import { issueOfApiUrl } from '../shared/notificationSubject';
import { FRAMING_NOTE, ResultText, value, word } from './quote';
import type { ToolImplementation } from './standIns';
import { runTool, ToolRefusal } from './toolSupport';

export interface NotificationsInput {
  /** Read ones too (the newest first). */
  readonly all?: boolean;
}

/** Threads read per account (one page of Gitea's largest default size). */
export const NOTIFICATIONS_CAP = 50;

export function notificationsTool(services: Services): ToolImplementation {
  return {
    invoke(options, token) {
      const input = (options.input ?? {}) as NotificationsInput;
      return runTool(token, { what: vscode.l10n.t('the notifications') }, async (signal) => {
        const accounts = services.accounts.accounts;
        if (!accounts.length) throw new ToolRefusal(vscode.l10n.t('Nobody is signed in to Gitea: the user can sign in with the command "Gitea: Sign In".'));
        const out = new ResultText(vscode.l10n.t('[The result reached its size limit.]'));
        out.add(FRAMING_NOTE);
        for (const account of accounts) {
          const client = await services.accounts.getClient(account.id);
          const page = await client.notifyGetList({ ...(input.all ? { all: true } : {}), page: 1, limit: NOTIFICATIONS_CAP }, { signal });
          const threads = page.items.slice(0, NOTIFICATIONS_CAP);
          const unread = threads.filter((t) => threadStatus(t) === 'unread').length;
          out.add(
            `Account ${value(account.username)} on ${value(account.instanceUrl)}: ${threads.length} ${input.all ? 'notifications' : 'unread or pinned notifications'} (${unread} unread)${page.hasMore ? `; more than ${threads.length}, only these shown` : ''}.`,
          );
          for (const group of groupNotifications(threads)) {
            const lines = group.threads.map((t) => {
              const ref = issueOfApiUrl(t.subject?.url, account.instanceUrl);
              const what = `${word(t.subject?.type ?? 'thread')}${ref ? ` #${ref.number}` : ''}${t.subject?.state ? ` (${word(t.subject.state)})` : ''}`;
              return `  - [${threadStatus(t)}] ${what}, updated ${word(t.updated_at ?? '?')}: title ${value(t.subject?.title)}`;
            });
            if (!out.add([`${group.fullName ? value(group.fullName) : 'a repository no longer visible'}:`, ...lines].join('\n'))) break;
          }
        }
        return out.toString();
      });
    },
  };
}
