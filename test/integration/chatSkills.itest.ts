// The chat skills (package.json contributes.chatSkills) as the editor loads them: VS Code 1.139 lists the skills of
// installed extensions through its internal `_listExtensionPromptFiles` command, after checking each path is inside
// the extension and the SKILL.md's name equals its folder. An editor without the contribution point ignores it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID } from './viewsSupport';

const LIST_COMMAND = '_listExtensionPromptFiles';

/** major.minor of the editor, e.g. 139 for 1.139.1. */
const minor = (): number => Number(/^1\.(\d+)/.exec(vscode.version)?.[1] ?? 0);

describe('Chat skills', () => {
  it('the editor lists the three contributed skills (VS Code 1.139 and later); an older editor activates without them', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    await extension.activate();
    const hasList = (await vscode.commands.getCommands(false)).includes(LIST_COMMAND);
    if (minor() < 139) {
      assert.ok(extension.isActive, `VS Code ${vscode.version}: active with a contribution point it may not know`);
      return;
    }
    assert.ok(hasList, `VS Code ${vscode.version} has ${LIST_COMMAND}`);
    const files = await vscode.commands.executeCommand<{ uri: { path: string }; type: string; extensionId: string }[]>(LIST_COMMAND);
    const ours = files
      .filter((f) => f.type === 'skill' && f.extensionId.toLowerCase() === EXTENSION_ID)
      .map((f) => f.uri.path.slice(extension.extensionUri.path.length))
      .sort();
    assert.deepEqual(ours, ['/skills/address-review-comments/SKILL.md', '/skills/fix-failing-ci/SKILL.md', '/skills/triage-notifications/SKILL.md']);
  });
});
