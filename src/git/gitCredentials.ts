// Git's credentials from the signed-in accounts: a credentials provider of the git extension, which its askpass
// (GIT_ASKPASS of every git it runs: push, pull, fetch, the SCM view's sync) asks when git prompts for a user name.
// It answers for http(s) remotes of a signed-in instance with the account's user name and token (Gitea takes a
// token as the password); nothing is written to disk, git config or a credential helper. Other hosts and ssh get no
// answer, so git goes on to its own helpers and prompt. Registered when the repository context obtains the git
// extension (no work at activation); the answer's code (credentialsAnswer.ts, dist/gitCredentials.js) is loaded and
// the secret read only when git asks.
import type * as vscode from 'vscode';
import { messageOf } from '../shared/errors';
import type * as Answer from './credentialsAnswer';
import type { CredentialAccounts } from './credentialsAnswer';
import type { GitRepositoryContext } from './repositoryContext';

export type { AccountSecret, CredentialAccounts } from './credentialsAnswer';

let answer: typeof Answer | undefined;
function loadAnswer(): typeof Answer {
  // esbuild leaves this require to dist/gitCredentials.js (scripts/build.mjs).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy bundle, loaded when git first asks
  answer ??= require('./credentialsAnswer') as typeof Answer;
  return answer;
}

export function registerGitCredentials(repos: GitRepositoryContext, accounts: CredentialAccounts, log: vscode.LogOutputChannel): vscode.Disposable {
  let registration: vscode.Disposable | undefined;
  let disposed = false;
  repos.gitApi
    .then((api) => {
      if (!api || disposed) return;
      registration = api.registerCredentialsProvider({ getCredentials: (host) => loadAnswer().credentialsFor(host, repos, accounts, log) });
    })
    .catch((e: unknown) => log.warn(`Git credentials from the accounts are off: ${messageOf(e)}`));
  return {
    dispose: () => {
      disposed = true;
      registration?.dispose();
    },
  };
}
