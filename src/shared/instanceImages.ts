// Images in what the editor shows of other people's review comments load from the instance only (the issue page's
// rule, markdownRefs.isInstanceUrl): an image elsewhere would tell that host who read the comment and when. The
// comment threads render Markdown themselves (VS Code's MarkdownString, no HTML), so the Markdown is rewritten before:
// every `![` that does not open a plain inline image of the instance gets its `[` escaped and shows as text. Reference
// images, `<…>` destinations and anything unusual are escaped too: what is kept is one simple shape this code reads the
// same way the renderer does. Pure (no vscode).
import { isInstanceUrl } from './markdownRefs';

/** `![alt](destination)` or `![alt](destination "title")`: no brackets or backslashes in the alt; no spaces,
 * parentheses, angle brackets, backslashes or `&` (an entity the renderer would decode) in the destination; a title
 * without quotes or backslashes. */
const SIMPLE_INLINE_IMAGE = /^!\[[^[\]\\\n]*\]\([ \t]*([^\s()<>\\&]+)(?:[ \t]+"[^"\\\n]*")?[ \t]*\)/;

/** `markdown` with only images of `instanceUrl` left; every other image syntax shows as text. */
export function instanceImagesOnly(markdown: string, instanceUrl: string): string {
  let out = '';
  let from = 0;
  for (let at = markdown.indexOf('![', from); at !== -1; at = markdown.indexOf('![', at + 2)) {
    const image = SIMPLE_INLINE_IMAGE.exec(markdown.slice(at));
    if (image && isInstanceUrl(image[1]!, instanceUrl)) continue;
    out += `${markdown.slice(from, at)}!\\[`;
    from = at + 2;
  }
  return out + markdown.slice(from);
}

/** An avatar's URL when it is under the instance's root URL, else undefined (nothing is loaded). Stricter than
 * htmlSafety.instanceImageUrl (same origin), which rendered bodies use. */
export function instanceAvatarUrl(url: string | null | undefined, instanceUrl: string): string | undefined {
  return url && isInstanceUrl(url, instanceUrl) ? url : undefined;
}
