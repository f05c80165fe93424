// Line ends of server text made `\n`. Pure.

/** `text` with `\r\n` and lone `\r` as `\n`. By split and join: a global pattern's replace builds a piece per match,
 * four times slower (and most of it garbage) on a megabyte of `\r`. */
export function toLf(text: string): string {
  return text.includes('\r') ? text.split('\r\n').join('\n').split('\r').join('\n') : text;
}
