// The status bar item: `$(repo) owner/repo · user@host` for the active repository; a click selects another.
// Hidden while signed out with no Gitea repository, so that workspaces of other forges stay quiet. When the
// server refused the account's token, it says so and a click signs in again.
import * as vscode from 'vscode';
import type { Services } from '../core/services';
import { COMMAND } from '../core/commandIds';
import { accountForRepo } from '../core/target';
import { accountLabel } from '../shared/account';
import { instanceLabel } from '../shared/instanceUrl';
import { inertText } from '../shared/untrustedText';

export function registerStatusBar(services: Services): void {
  const item = vscode.window.createStatusBarItem('gitea.repository', vscode.StatusBarAlignment.Left, 50);
  item.name = vscode.l10n.t('Gitea Repository');
  const update = (): void => {
    const repo = services.repos.active;
    const accounts = services.accounts.accounts;
    const account = repo && accountForRepo(services.accounts, repo);
    if (repo && account && services.accounts.needsSignIn(account.id)) {
      item.text = `$(repo) ${inertText(`${repo.owner}/${repo.repo}`)} · $(warning) ${vscode.l10n.t('Sign In Again')}`;
      item.tooltip = tooltip(
        vscode.l10n.t('Gitea repository **{0}/{1}** on {2}: the server refused the access token of {3}. Click to sign in again.', repo.owner, repo.repo, instanceLabel(repo.instanceUrl), account.username),
        repo.remoteName,
        false,
      );
      item.command = { title: vscode.l10n.t('Sign In Again…'), command: COMMAND.signInAgain, arguments: [{ accountId: account.id }] };
      item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    } else if (repo && account) {
      item.text = `$(repo) ${inertText(`${repo.owner}/${repo.repo}`)} · ${accountLabel(account)}`;
      item.tooltip = tooltip(vscode.l10n.t('Gitea repository **{0}/{1}** on {2}, as {3}.', repo.owner, repo.repo, instanceLabel(repo.instanceUrl), account.username), repo.remoteName);
      item.command = COMMAND.selectRepository;
      item.backgroundColor = undefined;
    } else if (repo) {
      item.text = `$(repo) ${inertText(`${repo.owner}/${repo.repo}`)} · $(account) ${vscode.l10n.t('Sign In')}`;
      item.tooltip = tooltip(vscode.l10n.t('Gitea repository **{0}/{1}** on {2}: you are not signed in there.', repo.owner, repo.repo, instanceLabel(repo.instanceUrl)));
      item.command = { title: vscode.l10n.t('Sign In'), command: COMMAND.signIn, arguments: [{ url: repo.instanceUrl }] };
      item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    } else if (accounts.length) {
      item.text = `$(repo) ${vscode.l10n.t('Gitea: No Repository')}`;
      item.tooltip = vscode.l10n.t('No Gitea repository in the workspace matches a signed-in instance. Click to select one.');
      item.command = COMMAND.selectRepository;
      item.backgroundColor = undefined;
    } else {
      item.hide();
      return;
    }
    item.show();
  };
  // Shown right after activation (the repository is not known before the git extension answers anyway).
  const first = setImmediate(update);
  services.context.subscriptions.push(item, { dispose: () => clearImmediate(first) }, services.repos.onDidChangeActive(update), services.accounts.onDidChangeAccounts(update));
}

function tooltip(text: string, remoteName?: string, selects = true): vscode.MarkdownString {
  const md = new vscode.MarkdownString(text);
  if (remoteName) md.appendMarkdown(`\n\n${vscode.l10n.t('From the remote `{0}`.', remoteName)}`);
  if (selects) md.appendMarkdown(`\n\n${vscode.l10n.t('Click to select another repository.')}`);
  return md;
}
