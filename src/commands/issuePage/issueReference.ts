// What a user types to name an issue or pull request: `12`, `#12` or `owner/repo#12`. Pure.

export interface TypedReference {
  /** Present only when the text names another repository. */
  readonly owner?: string;
  readonly repo?: string;
  readonly number: number;
}

export function parseIssueReference(text: string): TypedReference | undefined {
  // `owner/repo12` is not a reference: the repository form needs its `#`.
  const m = /^\s*(?:([\w.-]+)\/([\w.-]+)#|#)?(\d{1,9})\s*$/.exec(text);
  if (!m) return undefined;
  const number = Number(m[3]);
  if (number < 1) return undefined;
  return m[1] ? { owner: m[1], repo: m[2]!, number } : { number };
}
