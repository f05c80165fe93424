// The language-model tools, invoked as an agent invokes them (`vscode.lm.invokeTool`, no model, no chat): each
// result's content against the harness's server, hostile text arriving as quoted data, failures as readable results.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { testEnv } from './env';
import { signInToTarget, type Session } from './workflowsSupport';

/** The text of a tool's result. */
async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
  return result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}

describe('Language-model tools', function () {
  this.timeout(60_000);
  let session: Session;

  before(async () => {
    session = await signInToTarget();
  });

  it('lists the contributed tools', () => {
    const names = vscode.lm.tools.map((t) => t.name).filter((n) => n.startsWith('gitea_'));
    assert.deepEqual(names.sort(), ['gitea_issue']);
  });

  it('issue: reads an issue with its dependencies, by number and as owner/repo#n', async () => {
    const env = testEnv();
    const text = await invoke('gitea_issue', { issue: String(env.repo.issues.blocked) });
    assert.match(text, new RegExp(`^Issue ${env.repo.owner}/${env.repo.name}#${env.repo.issues.blocked} \\(open\\)`, 'm'));
    assert.match(text, new RegExp(`^Depends on: #${env.repo.issues.blocker} `, 'm'));
    assert.match(text, /<untrusted kind="title" author="[\w.-]+">\n```text\n/);
    const other = await invoke('gitea_issue', { issue: `${env.repo.owner}/${env.repo.name}#${env.repo.issues.blocker}` });
    assert.match(other, new RegExp(`#${env.repo.issues.blocker} \\(`));
    void session;
  });
});
