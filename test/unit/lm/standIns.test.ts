// The tools' relays at activation (src/lm/standIns.ts) against a stand-in `vscode` module: on an editor without the
// tools API (no `vscode.lm`, or no `registerTool`, as before VS Code made it stable) nothing is registered and nothing
// is loaded; with it, one relay per tool that loads the implementations on the first call only, and a failure to load
// is a readable result.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Module from 'node:module';

class TextPart {
  constructor(readonly value: string) {}
}
class ToolResult {
  constructor(readonly content: TextPart[]) {}
}
const fakeVscode: Record<string, unknown> = {
  l10n: { t: (s: string, ...args: unknown[]) => s.replace(/\{(\d+)\}/g, (_m, i: string) => String(args[Number(i)])) },
  LanguageModelTextPart: TextPart,
  LanguageModelToolResult: ToolResult,
  // Present from the start: the compiled `import * as vscode` binds the properties the module has when loaded.
  lm: undefined,
  Disposable: { from: (...d: { dispose(): void }[]) => ({ dispose: () => d.forEach((x) => x.dispose()) }) },
};

// Served to src/lm/standIns.ts's `import * as vscode from 'vscode'`.
const load = (Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown })._load;
(Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown })._load = function (request: string, ...rest: unknown[]) {
  return request === 'vscode' ? fakeVscode : load.call(this, request, ...rest);
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- after the hook above, so it gets the stand-in
const standIns = require('../../../src/lm/standIns') as typeof import('../../../src/lm/standIns');

const log = { error: (m: string) => errors.push(m) } as unknown as Parameters<typeof standIns.registerToolStandIns>[2];
const errors: string[] = [];
const token = {} as never;

describe('language-model tool relays', () => {
  it('register nothing and load nothing on an editor without the tools API', () => {
    let loads = 0;
    const loader = () => {
      loads++;
      return Promise.resolve(new Map());
    };
    fakeVscode.lm = undefined;
    assert.equal(standIns.registerToolStandIns(['gitea_issue'], loader, log), undefined);
    fakeVscode.lm = { selectChatModels: () => undefined };
    assert.equal(standIns.registerToolStandIns(['gitea_issue'], loader, log), undefined);
    assert.equal(loads, 0);
  });

  it('register one relay per tool, which loads the implementations on the first call and hands it on', async () => {
    const registered = new Map<string, { invoke(o: { input: unknown }, t: never): Promise<ToolResult>; prepareInvocation(o: { input: unknown }, t: never): Promise<unknown> }>();
    fakeVscode.lm = {
      registerTool: (name: string, tool: never) => {
        registered.set(name, tool);
        return { dispose: () => registered.delete(name) };
      },
    };
    let loads = 0;
    const impl = { invoke: (o: { input: unknown }) => Promise.resolve(new ToolResult([new TextPart(`read ${JSON.stringify(o.input)}`)])) };
    const relays = standIns.registerToolStandIns(['gitea_issue', 'gitea_other'], () => (loads++, Promise.resolve(new Map([['gitea_issue', impl]]))), log);
    assert.deepEqual([...registered.keys()], ['gitea_issue', 'gitea_other']);
    assert.equal(loads, 0, 'nothing loaded at registration');
    const result = await registered.get('gitea_issue')!.invoke({ input: { issue: '1' } }, token);
    assert.equal(result.content[0]!.value, 'read {"issue":"1"}');
    assert.equal(await registered.get('gitea_issue')!.prepareInvocation({ input: {} }, token), undefined);
    const missing = await registered.get('gitea_other')!.invoke({ input: {} }, token);
    assert.match(missing.content[0]!.value, /^The tool gitea_other is not available/);
    relays!.dispose();
    assert.equal(registered.size, 0);
  });

  it('a failure to load the implementations is a readable result, and logged', async () => {
    let relay: { invoke(o: { input: unknown }, t: never): Promise<ToolResult> } | undefined;
    fakeVscode.lm = { registerTool: (_n: string, tool: never) => ((relay = tool), { dispose: () => undefined }) };
    standIns.registerToolStandIns(['gitea_issue'], () => Promise.reject(new Error('bundle missing')), log);
    const result = await relay!.invoke({ input: {} }, token);
    assert.match(result.content[0]!.value, /could not load its tools/);
    assert.match(errors.at(-1)!, /bundle missing/);
  });
});
