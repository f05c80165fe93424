// Whether a URL the server sent (html_url, a link in the activity feed, a release archive) may be opened outside the
// editor, and how: only web addresses (http, https) without credentials in them; a page of the instance opens at
// once (the rule of the issue page: same origin, under the instance's path); any other page only after the user saw
// the full address and agreed. Pure (no vscode): the one decision core/openExternal.ts acts on, and the order it acts
// in (openExternalUrl, with the editor's question and opener handed in).
import { isInstanceUrl } from './markdownRefs';

/** Longer addresses are not opened (no server link is this long; the question could not show it whole). */
export const MAX_EXTERNAL_URL_LENGTH = 2048;

export type ExternalUrlVerdict =
  /** A page of the instance. `url`: the address as parsed (what the browser goes to). */
  | { readonly kind: 'open'; readonly url: string }
  /** Another site: ask first, showing `url` whole (an international host name shows in its `xn--` form). */
  | { readonly kind: 'ask'; readonly url: string }
  | { readonly kind: 'refuse'; readonly why: 'notWeb' | 'credentials' | 'tooLong' };

/** What to do with `url` from a server of `instanceUrl` (undefined: no instance is known, every page asks). */
export function externalUrlVerdict(url: unknown, instanceUrl: string | undefined): ExternalUrlVerdict {
  if (typeof url !== 'string') return { kind: 'refuse', why: 'notWeb' };
  if (url.length > MAX_EXTERNAL_URL_LENGTH) return { kind: 'refuse', why: 'tooLong' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // expected: not an address at all.
    return { kind: 'refuse', why: 'notWeb' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { kind: 'refuse', why: 'notWeb' };
  // `https://instance@elsewhere/` reads like the instance and is not: no server link carries credentials.
  if (parsed.username !== '' || parsed.password !== '') return { kind: 'refuse', why: 'credentials' };
  const href = parsed.href;
  return instanceUrl !== undefined && isInstanceUrl(href, instanceUrl) ? { kind: 'open', url: href } : { kind: 'ask', url: href };
}

/** What openExternalUrl needs of the editor (core/openExternal.ts gives VS Code's). */
export interface ExternalUrlUi {
  /** Tells the user why a link was not opened. */
  refused(why: 'notWeb' | 'credentials' | 'tooLong'): void;
  /** The modal question that shows `url` whole; resolves to the button picked (undefined: dismissed). */
  ask(url: string): PromiseLike<string | undefined>;
  /** The button of that question that opens the page. */
  readonly openButton: string;
  /** Opens `url` outside the editor; resolves to whether it was. */
  open(url: string): PromiseLike<boolean>;
}

/** Opens `url` from a server of `instanceUrl` as externalUrlVerdict says: at once, after a yes, or not at all. */
export async function openExternalUrl(url: unknown, instanceUrl: string | undefined, ui: ExternalUrlUi): Promise<boolean> {
  const verdict = externalUrlVerdict(url, instanceUrl);
  if (verdict.kind === 'refuse') {
    ui.refused(verdict.why);
    return false;
  }
  if (verdict.kind === 'ask' && (await ui.ask(verdict.url)) !== ui.openButton) return false;
  return ui.open(verdict.url);
}
