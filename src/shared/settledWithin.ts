// A bounded wait: for work worth waiting a little for (the review threads before their diff opens), never for long.

/** Waits until `promise` settles or `ms` pass, whichever comes first: true when it settled in time (fulfilled or
 * rejected: its value and its failure are the caller's to read elsewhere). */
export function settledWithin(promise: PromiseLike<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  // expected: a failure ends the wait as a success does; the caller reads it where it handles the promise.
  const settled = Promise.resolve(promise).then(
    () => true,
    () => true,
  );
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
}
