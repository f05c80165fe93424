// Reads back a body that the renderer showed as plain text (markdown.ts's plainBody): its note, then the whole text
// escaped in a `pre`. Shared by the budget tests and the fuzz suite.

const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>' };

/** The text of a body shown as plain text (unescaped), or undefined when it was rendered as Markdown. */
export function shownAsPlainText(html: string): string | undefined {
  const m = /^<p class="markdown-plain-note">[^<]*<\/p>\n<pre class="markdown-plain">([^<]*)<\/pre>\n/.exec(html);
  return m ? m[1]!.replace(/&(?:amp|lt|gt);/g, (e) => ENTITIES[e]!) : undefined;
}
