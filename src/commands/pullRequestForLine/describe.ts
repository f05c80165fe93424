// How a merged pull request is summed up in the notification and the hover.
import * as vscode from 'vscode';
import type { PullRequest } from '../../api';
import { inertText } from '../../shared/untrustedText';

/** "#12 Title — by alice, merged by bob on 3 May 2026". Inert: the title and the names are the server's text,
 * shown in a notification (where `[label](command:…)` would become a link). */
export function describePullRequest(pr: PullRequest): { headline: string; detail: string } {
  const author = pr.user?.login ? inertText(pr.user.login) : vscode.l10n.t('unknown');
  const mergedBy = pr.merged_by?.login && inertText(pr.merged_by.login);
  const when = pr.merged_at ? new Date(pr.merged_at).toLocaleString() : undefined;
  const detail =
    mergedBy && when
      ? vscode.l10n.t('by {0}, merged by {1} on {2}', author, mergedBy, when)
      : when
        ? vscode.l10n.t('by {0}, merged on {1}', author, when)
        : vscode.l10n.t('by {0}', author);
  return { headline: `#${pr.number} ${inertText(pr.title)}`, detail };
}
