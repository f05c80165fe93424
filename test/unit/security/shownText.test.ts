// No raw server text reaches what VS Code renders with link or icon syntax: every message, progress text, quick-pick
// item, input box prompt and status bar text of src/ is a constant, a number, l10n.t of such, or went through
// inertText (src/shared/untrustedText.ts). The check (shownText.ts) follows values back to where they come from; the
// fixtures below are the shapes a raw call site takes, each of which it must report.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { REPO_ROOT } from '../../harness/paths';
import { ShownTextCheck, fixtureProgram, srcProgram } from './shownText';

const HEAD = `import * as vscode from 'vscode';
import { inertText } from '../shared/untrustedText';
import { escapeMarkdown, markdownLinkTarget } from '../shared/markdownText';
interface Pull { title: string; number: number; user: { login: string } }
declare function load(): Promise<Pull[]>;
declare const pr: Pull;
`;

const TRUSTED = `const md = new vscode.MarkdownString(undefined, true);\nmd.isTrusted = { enabledCommands: ['gitea.openIssue'] };\n`;

/** Each fixture: a file that shows server text raw (must be reported) or made inert (must not). */
const RAW: Record<string, string> = {
  message: `void vscode.window.showInformationMessage(pr.title);`,
  template: 'void vscode.window.showInformationMessage(`#${pr.number} ${pr.title}`);',
  l10nArgument: `void vscode.window.showErrorMessage(vscode.l10n.t('Could not merge {0}', pr.title));`,
  l10nRecord: `void vscode.window.showErrorMessage(vscode.l10n.t('Could not merge {title}', { title: pr.title }));`,
  viaVariable: `const text = vscode.l10n.t('{0} merged', pr.title);\nvoid vscode.window.showWarningMessage(text);`,
  viaLet: `let text = 'constant';\ntext = pr.title;\nvoid vscode.window.showWarningMessage(text);`,
  viaParameter: `function tell(what: string): void { void vscode.window.showInformationMessage(what); }\ntell(pr.title);`,
  viaReturn: `function headline(p: Pull): string { return \`#\${p.number} \${p.title}\`; }\nvoid vscode.window.showInformationMessage(headline(pr));`,
  castDoesNotLaunder: `void vscode.window.showInformationMessage(pr.title as 'constant');`,
  buttonLabel: `void vscode.window.showInformationMessage('Merged', pr.user.login);`,
  spreadButtons: `const buttons = [pr.title];\nvoid vscode.window.showInformationMessage('Merged', ...buttons);`,
  statusBarText: `const item = vscode.window.createStatusBarItem();\nitem.text = \`$(git-pull-request) \${pr.title}\`;`,
  statusBarTooltip: `const item = vscode.window.createStatusBarItem();\nitem.tooltip = pr.title;`,
  setStatusBarMessage: `vscode.window.setStatusBarMessage(pr.title);`,
  progressTitle: `void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: pr.title }, async () => undefined);`,
  progressMessage: `void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification }, async (progress) => progress.report({ message: pr.title }));`,
  inputPrompt: `void vscode.window.showInputBox({ prompt: vscode.l10n.t('Rename {0}', pr.title) });`,
  inputValidation: `void vscode.window.showInputBox({ validateInput: (v) => (v ? undefined : pr.title) });`,
  inputBoxValidationMessage: `const box = vscode.window.createInputBox();\nbox.validationMessage = { message: pr.title, severity: vscode.InputBoxValidationSeverity.Error };`,
  quickPickStrings: `void vscode.window.showQuickPick([pr.title, 'other']);`,
  quickPickItems: `void vscode.window.showQuickPick(load().then((pulls) => pulls.map((p) => ({ label: \`#\${p.number} \${p.title}\` }))));`,
  quickPickDetail: `void vscode.window.showQuickPick([{ label: 'x', detail: pr.user.login }]);`,
  quickPickPushed: `const items: vscode.QuickPickItem[] = [];\nitems.push({ label: pr.title });\nvoid vscode.window.showQuickPick(items);`,
  createQuickPick: `const qp = vscode.window.createQuickPick();\nqp.items = [pr].map((p) => ({ label: 'x', description: p.title }));`,
  spreadObject: `const base = { label: pr.title };\nvoid vscode.window.showQuickPick([{ ...base, description: 'd' }]);`,
  referenceNotCall: `const show = vscode.window.showInformationMessage;\nvoid show(pr.title);`,
  // A trusted MarkdownString (it may run command: links): what forms its Markdown must be escaped.
  trustedAppendText: `${TRUSTED}md.appendText(pr.title);`,
  trustedAppendTextTemplate: `${TRUSTED}md.appendText(\`#\${pr.number} \${pr.title}\`);`,
  trustedAppendMarkdown: `${TRUSTED}md.appendMarkdown(\`**\${pr.title}**\`);`,
  trustedL10n: `${TRUSTED}md.appendMarkdown(vscode.l10n.t('Pull request {0}', pr.title));`,
  trustedInertIsNotEnough: `${TRUSTED}md.appendMarkdown(inertText(pr.title));`,
  trustedCodeblock: `${TRUSTED}md.appendCodeblock(pr.title);`,
  trustedLinkLabel: `${TRUSTED}md.appendMarkdown(\`[\${pr.title}](\${markdownLinkTarget('command:x')})\`);`,
  trustedLinkTargetUnencoded: `${TRUSTED}md.appendMarkdown(\`[Open](command:x?\${encodeURIComponent(JSON.stringify([pr.title]))})\`);`,
  trustedValue: `${TRUSTED}md.value = pr.title;`,
  trustedConstructor: `const md = new vscode.MarkdownString(pr.title, true);\nmd.isTrusted = { enabledCommands: ['x'] };`,
  trustedTrue: `const md = new vscode.MarkdownString();\nmd.isTrusted = true;\nmd.appendText(pr.title);`,
  trustedViaParameter: `function add(m: vscode.MarkdownString, t: string): void { m.appendText(t); }\n${TRUSTED}add(md, pr.title);`,
  trustedInsideHelper: `function add(m: vscode.MarkdownString): void { m.isTrusted = true; m.appendMarkdown(pr.title); }\nadd(new vscode.MarkdownString());`,
  trustedFromFactory: `function make(): vscode.MarkdownString { const m = new vscode.MarkdownString(); m.isTrusted = true; return m; }\nmake().appendMarkdown(pr.title);`,
  trustedChained: `${TRUSTED}md.appendMarkdown('a').appendText(pr.title);`,
  trustedProperty: `class Tip { md = new vscode.MarkdownString(); constructor() { this.md.isTrusted = true; this.md.appendText(pr.title); } }\nvoid Tip;`,
  unknownMarkdownString: `function add(m: vscode.MarkdownString): void { m.appendText(pr.title); }\nvoid add;`,
  newNotHeld: `void new vscode.Hover(new vscode.MarkdownString(pr.title));`,
};
const INERT: Record<string, string> = {
  constant: `void vscode.window.showInformationMessage('Done.');`,
  l10nConstant: `void vscode.window.showInformationMessage(vscode.l10n.t('Pull request #{0} merged.', pr.number));`,
  l10nInert: `void vscode.window.showErrorMessage(vscode.l10n.t('Could not merge {0}', inertText(pr.title)));`,
  wholeInert: `void vscode.window.showErrorMessage(inertText(vscode.l10n.t('Could not merge {0}', pr.title)));`,
  viaVariable: `const text = vscode.l10n.t('{0} merged', inertText(pr.title));\nvoid vscode.window.showWarningMessage(text);`,
  viaParameter: `function tell(what: string): void { void vscode.window.showInformationMessage(what); }\ntell(inertText(pr.title));\ntell('constant');`,
  statusBarIcon: `const item = vscode.window.createStatusBarItem();\nitem.text = \`$(git-pull-request) \${inertText(pr.title)}\`;`,
  quickPickItems: `void vscode.window.showQuickPick(load().then((pulls) => pulls.map((p) => ({ label: \`$(git-pull-request) #\${p.number} \${inertText(p.title)}\`, pull: p }))));`,
  lookupTable: `const LABELS: Record<'a' | 'b', () => string> = { a: () => vscode.l10n.t('A'), b: () => vscode.l10n.t('B') };\nvoid vscode.window.showQuickPick((['a', 'b'] as const).map((k) => ({ label: LABELS[k]() })));`,
  markdownTooltip: `const item = vscode.window.createStatusBarItem();\nitem.tooltip = new vscode.MarkdownString('x');`,
  trustedEscaped: `${TRUSTED}md.appendMarkdown(\`$(git-pull-request) **\${escapeMarkdown(\`#\${pr.number} \${pr.title}\`)}**\`);`,
  trustedL10nEscaped: `${TRUSTED}md.appendMarkdown(escapeMarkdown(vscode.l10n.t('Pull request {0}', pr.title)));`,
  trustedLink: `${TRUSTED}md.appendMarkdown(\`[\${escapeMarkdown(pr.title)}](\${markdownLinkTarget(\`command:x?\${encodeURIComponent(JSON.stringify([pr.title]))}\`)})\`);`,
  trustedConstants: `${TRUSTED}md.appendText(vscode.l10n.t('Pull request #{0}', pr.number));\nmd.appendMarkdown('\\n\\n');`,
  untrustedAppendText: `const md = new vscode.MarkdownString();\nmd.appendText(pr.title);\nmd.appendMarkdown(pr.title);`,
  explicitlyUntrusted: `const md = new vscode.MarkdownString(pr.title, true);\nmd.isTrusted = false;\nmd.appendMarkdown(pr.title);`,
  untrustedParameter: `function add(m: vscode.MarkdownString, t: string): void { m.appendText(t); }\nadd(new vscode.MarkdownString(), pr.title);`,
  untrustedFactory: `function make(): vscode.MarkdownString { const m = new vscode.MarkdownString(); m.isTrusted = false; return m; }\nmake().appendMarkdown(pr.title);`,
};

function reported(files: Record<string, string>): Map<string, string[]> {
  const program = fixtureProgram(REPO_ROOT, Object.fromEntries(Object.entries(files).map(([name, body]) => [`${name}.ts`, `${HEAD}${body}\n`])));
  const raw = new ShownTextCheck(program, (f) => f.includes('__fixture__'), REPO_ROOT).rawTexts();
  const byFile = new Map<string, string[]>();
  for (const r of raw) {
    const name = /__fixture__\/(\w+)\.ts/.exec(r.at)?.[1] ?? r.at;
    byFile.set(name, [...(byFile.get(name) ?? []), `${r.sink}: ${r.because}`]);
  }
  return byFile;
}

describe('text shown by VS Code', () => {
  it('every message, progress text, quick-pick item, prompt, status bar text and trusted MarkdownString of src/ is constant, inert or escaped', () => {
    const raw = new ShownTextCheck(srcProgram(REPO_ROOT), () => true, REPO_ROOT).rawTexts();
    assert.deepEqual(
      raw.map((r) => `${r.at} ${r.sink}: ${r.because}`),
      [],
      'server text shown raw: pass it through inertText (src/shared/untrustedText.ts), or in a trusted MarkdownString through escapeMarkdown or markdownLinkTarget (src/shared/markdownText.ts)',
    );
  });

  it('the check reports each shape of a raw call site, and none of the inert ones', () => {
    const byFile = reported({ ...RAW, ...Object.fromEntries(Object.entries(INERT).map(([k, v]) => [`inert_${k}`, v])) });
    const missed = Object.keys(RAW).filter((name) => !byFile.has(name));
    assert.deepEqual(missed, [], 'raw call sites the check did not report');
    const wrong = Object.keys(INERT).filter((name) => byFile.has(`inert_${name}`)).map((name) => `${name}: ${byFile.get(`inert_${name}`)!.join('; ')}`);
    assert.deepEqual(wrong, [], 'inert call sites reported');
  });
});
