// markdown-it's link normalisation without its cost on plain URLs (#31). markdown-it runs every link target and
// autolinked text through mdurl's parser, punycode and mdurl's encoder or decoder (`normalizeLink`,
// `normalizeLinkText`): 5–8 µs a link, most of the time of a body full of e-mail addresses or URLs. For a URL made
// only of characters those steps leave alone, the result is the URL itself, so it is returned as it is; any other
// goes through markdown-it's own functions. test/unit/security/markdownLinks.test.ts compares both on generated URLs.
import type MarkdownIt from 'markdown-it';

/**
 * A URL that markdown-it's normalisation returns unchanged: `http://`, `https://` or `mailto:name@`, then a host of
 * valid labels (letters, digits, `_`, `-`, at most 63 each: mdurl moves an invalid one into the path), then a path,
 * query or fragment of characters mdurl's encoder keeps, with no `%` (the decoder would touch it), no space (the
 * parser trims) and no `'`. Hosts with `xn--` (punycode turns them to Unicode) are refused apart, below.
 */
const PLAIN_URL = /^(?:https?:\/\/|mailto:[\w.+-]+@)([\w-]{1,63}(?:\.[\w-]{1,63})*)(?:[/?#][\w\-.~!$&()*+,;=:@/?#]*)?$/;
/** mdurl empties a longer host name. */
const MAX_HOST = 255;

function isPlain(url: string): boolean {
  const m = PLAIN_URL.exec(url);
  return !!m && m[1]!.length <= MAX_HOST && !/xn--/i.test(url);
}

/** Puts the shortcut before markdown-it's own normalisation of link targets and link texts. */
export function installPlainLinks(md: MarkdownIt.MarkdownIt): void {
  const normalizeLink = md.normalizeLink.bind(md);
  const normalizeLinkText = md.normalizeLinkText.bind(md);
  md.normalizeLink = (url) => (isPlain(url) ? url : normalizeLink(url));
  md.normalizeLinkText = (url) => (isPlain(url) ? url : normalizeLinkText(url));
}
