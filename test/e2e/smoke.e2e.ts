// The packaged extension in a real VS Code: the workbench loads with the workspace clone, and the Gitea
// activity-bar container exists and opens with its views.
import * as assert from 'node:assert/strict';
import { VscodePage } from './vscodePage';
import { session } from './session';

describe('smoke', function () {
  let vs: VscodePage;

  before(async function () {
    vs = await VscodePage.open();
  });

  after(async function () {
    await vs?.close();
  });

  it('loads the workbench with the cloned repository open', async function () {
    const folderName = session().target.workspace.split('/').pop()!;
    await vs.openViewContainer('Explorer');
    const explorer = vs.page.locator('.part.sidebar .pane-header', { hasText: folderName }).first();
    await explorer.waitFor();
    assert.ok(await explorer.isVisible());
  });

  it('has a Gitea activity-bar container that opens with the Branches view', async function () {
    await vs.openViewContainer('Gitea');
    const views = await vs.page.locator('.part.sidebar .pane-header h3.title').allInnerTexts();
    assert.ok(views.some((t) => /branches/i.test(t)), `views shown: ${views.join(', ')}`);
    await vs.screenshot('smoke-gitea-container', { readme: false });
  });
});
