// The opt-in line hover (setting `gitea.pullRequestHover`): the merged pull request behind the hovered line.
import * as vscode from 'vscode';
import { isGiteaError } from '../../api/errorKind';
import { isCancellation, messageOf, signalOf } from '../../core/errors';
import { describePullRequest } from './describe';
import type { PullRequestLookup } from './lookup';
import { COMMAND } from '../../core/commandIds';
import { pullRequestHoverEnabled, SETTING } from '../../core/settings';
import { externalUrlVerdict } from '../../shared/externalUrl';
import { escapeMarkdown, markdownLinkTarget } from '../../shared/markdownText';

export const HOVER_SETTING = SETTING.pullRequestHover;

class PullRequestHoverProvider implements vscode.HoverProvider {
  constructor(
    private readonly lookup: PullRequestLookup,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    try {
      const outcome = await this.lookup.forLine(document, position.line, signalOf(token), { quiet: true });
      if (outcome.kind !== 'pullRequest' || token.isCancellationRequested) return undefined;
      const { pr, repo } = outcome;
      const md = new vscode.MarkdownString(undefined, true);
      // Only our own commands may run from this hover: server text enters it escaped whole (appendText would leave
      // `<command:…>` an autolink to an allowed command).
      md.isTrusted = { enabledCommands: [COMMAND.openIssue, COMMAND.showChangedFiles] };
      md.appendMarkdown(`$(git-pull-request) ${escapeMarkdown(`#${pr.number} ${pr.title}`)}\n\n`);
      md.appendMarkdown(`${escapeMarkdown(describePullRequest(pr).detail)}\n\n`);
      const ref = { instanceUrl: repo.instanceUrl, owner: repo.owner, repo: repo.repo, accountId: repo.accountId };
      const state = pr.merged ? 'merged' : pr.state === 'closed' ? 'closed' : 'open';
      const page = encodeURIComponent(JSON.stringify([{ repo: ref, number: pr.number, title: pr.title, state, isPull: true }]));
      md.appendMarkdown(`[${escapeMarkdown(vscode.l10n.t('Open Pull Request'))}](${markdownLinkTarget(`command:${COMMAND.openIssue}?${page}`)}) · `);
      // A link here opens without the question core/openExternal.ts asks: only a page of the instance gets one. Link
      // targets are percent-encoded whole: encodeURIComponent and the URL parser leave `(`, `)`, `[`, `]` and `$`.
      const web = externalUrlVerdict(pr.html_url, repo.instanceUrl);
      if (web.kind === 'open') md.appendMarkdown(`[${escapeMarkdown(vscode.l10n.t('Open in Browser'))}](${markdownLinkTarget(web.url)}) · `);
      const args = encodeURIComponent(JSON.stringify([{ repo: ref, pr: { number: pr.number } }]));
      md.appendMarkdown(`[${escapeMarkdown(vscode.l10n.t('Show Changed Files'))}](${markdownLinkTarget(`command:${COMMAND.showChangedFiles}?${args}`)})`);
      return new vscode.Hover(md);
    } catch (e) {
      // A hover never shows failures (the command does); a failed request is only logged, anything else is a bug.
      if (isCancellation(e)) return undefined;
      if (isGiteaError(e)) this.log.debug(`Pull request hover: ${e.message}`);
      else this.log.error(`Pull request hover failed: ${messageOf(e)}`);
      return undefined;
    }
  }
}

/** Registers the hover provider while the setting is on, and follows changes of the setting. */
export function registerPullRequestHover(lookup: PullRequestLookup, log: vscode.LogOutputChannel): vscode.Disposable {
  let registration: vscode.Disposable | undefined;
  const update = (): void => {
    if (pullRequestHoverEnabled() && !registration) registration = vscode.languages.registerHoverProvider({ scheme: 'file' }, new PullRequestHoverProvider(lookup, log));
    else if (!pullRequestHoverEnabled() && registration) {
      registration.dispose();
      registration = undefined;
    }
  };
  update();
  const listener = vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration(HOVER_SETTING)) update();
  });
  return new vscode.Disposable(() => {
    listener.dispose();
    registration?.dispose();
  });
}
