// The issue body prefilled from an editor selection (the permalink: shared/sourceLink.ts). Pure.

/** A Markdown code fence that the code itself cannot close: longer than any backtick run inside it. */
export function fenceFor(code: string): string {
  let longest = 0;
  for (const m of code.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  return '`'.repeat(Math.max(3, longest + 1));
}

/** Maps VS Code language ids to the info strings Gitea's highlighter knows, where they differ. */
const FENCE_LANGUAGE: Record<string, string> = {
  typescriptreact: 'tsx',
  javascriptreact: 'jsx',
  shellscript: 'sh',
  plaintext: '',
};

/** The body prefilled from a selection: the permalink, then the selected code in a fenced block. */
export function selectionIssueBody(permalink: string, code: string, languageId: string): string {
  const fence = fenceFor(code);
  const lang = FENCE_LANGUAGE[languageId] ?? languageId;
  const text = code.replace(/\r\n/g, '\n').replace(/\n$/, '');
  return `${permalink}\n\n${fence}${lang}\n${text}\n${fence}\n`;
}
