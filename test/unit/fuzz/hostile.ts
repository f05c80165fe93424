// Hostile text for the fuzz suite (#31): what a server, a proxy or another user could send, built from each parser's
// own tokens. The worst inputs for a backtracking pattern are repetitions of its own prefix (`<title<title…`,
// `[a[a…`, `closes` + spaces, `*…*x`), so every generator here takes the tokens of the pattern it attacks and
// repeats them, their prefixes and mixtures of them with characters that break parsers in general (NUL, CR, lone
// surrogates, bidirectional controls, huge numbers) up to a size. Used by the unit properties (fast-check, seeded)
// and by `npm run bench` (bench/lib/fuzz.mjs, the deterministic `worstInputs` and seeded samples, from out/).
import * as fc from 'fast-check';

const env = (name: string, fallback: number): number => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};

/** The seed of every property and sample (fast-check prints it with a failure; GITEA_FUZZ_SEED replays another). */
export const FUZZ_SEED = env('GITEA_FUZZ_SEED', 31_2026);
/** The largest input: 1 MiB, as #31 asks. GITEA_FUZZ_MAX_BYTES=65536 makes a quick run while working. */
export const FUZZ_MAX_BYTES = env('GITEA_FUZZ_MAX_BYTES', 1024 * 1024);
/** The size of the many small inputs. */
export const FUZZ_SMALL_BYTES = Math.min(4096, FUZZ_MAX_BYTES);
/** Runs per property: many small inputs, a few at the largest size (each costs a parse of 1 MiB). */
export const FUZZ_RUNS = { small: env('GITEA_FUZZ_RUNS', 60), large: env('GITEA_FUZZ_LARGE_RUNS', 3) } as const;

/** What breaks parsers whatever their patterns: line ends, controls, unicode, digits beyond any integer. */
export const GENERAL_TOKENS: readonly string[] = [
  ' ', '\t', '\n', '\r\n', '\r', '\u0000', '\u007f', '\u001b[', '\u202e', '\u2060', '\ufeff', 'é', 'e\u0301', '😀', '\ud800', '\udc00',
  '9'.repeat(30), '-1', '0x1', '%', '%zz', '\\', '"', "'", '<', '>', '&', '`', '*', '_', '[', ']', '(', ')', '{', '}', ':', '/', '#', '@',
  '.', ',', ';', '=', '|', '~', '!', '?', '$',
];

/** `unit` repeated to exactly `size` characters (a lone surrogate may be cut in half: hostile too). */
export function repeatTo(unit: string, size: number): string {
  if (size <= 0 || unit === '') return '';
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

/** `unit` repeated to `size` characters with each `{i}` numbered: distinct lines (mapping keys, list items, refs). */
export function numberedTo(unit: string, size: number): string {
  if (!unit.includes('{i}')) return repeatTo(unit, size);
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const piece = unit.replaceAll('{i}', String(i));
    parts.push(piece);
    length += piece.length;
  }
  return parts.join('').slice(0, size);
}

/** A prefix of a token (the partial matches a backtracking pattern retries at every position). */
const prefixOf = (tokens: readonly string[]): fc.Arbitrary<string> =>
  fc.constantFrom(...tokens).chain((t) => fc.integer({ min: 1, max: Math.max(1, t.length) }).map((n) => t.slice(0, n)));

/** A short piece: one of the parser's tokens, a prefix of one, a general token or a few arbitrary code units. */
export function hostileUnit(tokens: readonly string[]): fc.Arbitrary<string> {
  const own = fc.constantFrom(...tokens);
  const piece = fc.oneof(
    { arbitrary: own, weight: 4 },
    { arbitrary: prefixOf(tokens), weight: 3 },
    { arbitrary: fc.constantFrom(...GENERAL_TOKENS), weight: 2 },
    { arbitrary: fc.string({ maxLength: 4, unit: 'binary' }), weight: 1 },
  );
  return fc.array(piece, { minLength: 1, maxLength: 6 }).map((ps) => ps.join(''));
}

/**
 * Hostile text of `size` characters (an arbitrary of sizes, or one size) from a parser's tokens: a run of one
 * character, a unit repeated (a token's prefix, a token and a separator, a mixture), numbered units (distinct keys),
 * a token, a long run of one character and a token again (`closes` + spaces + `#1`), or a mixture made once.
 */
export function hostileText(tokens: readonly string[], size: fc.Arbitrary<number> | number): fc.Arbitrary<string> {
  const sizes = typeof size === 'number' ? fc.constant(size) : size;
  const chars = [...new Set([...tokens.join(''), ...' \n\t\u0000'])];
  const char = fc.constantFrom(...chars);
  const own = fc.constantFrom(...tokens);
  return fc.oneof(
    fc.tuple(char, sizes).map(([c, n]) => repeatTo(c, n)),
    fc.tuple(prefixOf(tokens), sizes).map(([p, n]) => repeatTo(p, n)),
    fc.tuple(hostileUnit(tokens), sizes).map(([u, n]) => repeatTo(u, n)),
    fc.tuple(hostileUnit(tokens), fc.constantFrom('\n', ' ', '', ','), sizes).map(([u, sep, n]) => numberedTo(`${u}{i}${sep}`, n)),
    fc.tuple(own, char, own, sizes).map(([a, c, b, n]) => a + repeatTo(c, n - a.length - b.length) + b),
    fc.tuple(fc.array(hostileUnit(tokens), { maxLength: 40 }), sizes).map(([us, n]) => repeatTo(us.join('') || ' ', Math.min(n, FUZZ_SMALL_BYTES))),
  );
}

/** Sizes of the small runs: mostly short, some up to FUZZ_SMALL_BYTES. */
export const smallSizes: fc.Arbitrary<number> = fc.oneof(fc.integer({ min: 0, max: 64 }), fc.integer({ min: 0, max: FUZZ_SMALL_BYTES }));

/**
 * Deterministic worst cases of `size` characters for a parser's tokens (the bench's inputs, made one at a time by
 * `make`: hundreds of 1 MiB strings at once would not fit): each token and each of its prefixes repeated, alone and
 * followed by a space, a newline and `a`; each token numbered on lines; each token before a long run of spaces and of
 * its own last character closed by the token again; runs of each character.
 */
export function worstInputs(tokens: readonly string[], size: number): { name: string; make: () => string }[] {
  const out = new Map<string, () => string>();
  const add = (name: string, make: () => string) => {
    if (!out.has(name)) out.set(name, make);
  };
  for (const t of tokens) {
    for (let n = 1; n <= Math.min(t.length, 12); n++) {
      const p = t.slice(0, n);
      add(`${JSON.stringify(p)} repeated`, () => repeatTo(p, size));
      for (const sep of [' ', '\n', 'a']) add(`${JSON.stringify(p + sep)} repeated`, () => repeatTo(p + sep, size));
    }
    add(`${JSON.stringify(`${t}{i}`)} numbered lines`, () => numberedTo(`${t}{i}\n`, size));
    add(`${JSON.stringify(t)} + spaces + it again`, () => t + repeatTo(' ', size - 2 * t.length) + t);
    const last = t.at(-1)!;
    add(`${JSON.stringify(t)} + ${JSON.stringify(last)} run + it again`, () => t + repeatTo(last, size - 2 * t.length) + t);
  }
  for (const c of new Set([...tokens.join('')])) add(`${JSON.stringify(c)} run`, () => repeatTo(c, size));
  return [...out].map(([name, make]) => ({ name, make }));
}

/** `runs` samples of hostile text of `size` characters, the same for a seed (the bench's generated inputs). */
export function hostileSamples(tokens: readonly string[], size: number, runs: number, seed = FUZZ_SEED): string[] {
  return fc.sample(hostileText(tokens, size), { seed, numRuns: runs });
}

/**
 * Checks `property` over many small hostile texts and a few of FUZZ_MAX_BYTES (fast-check, seeded): `inputs` makes
 * the arbitrary for a size. Throws fast-check's report (seed, path and the shrunk counterexample) on a failure.
 */
export function checkHostile<T>(inputs: (size: fc.Arbitrary<number> | number) => fc.Arbitrary<T>, property: (input: T) => void): void {
  fc.assert(fc.property(inputs(smallSizes), property), { seed: FUZZ_SEED, numRuns: FUZZ_RUNS.small });
  // Shrinking a 1 MiB counterexample costs minutes: the small runs shrink; these say which input failed.
  fc.assert(fc.property(inputs(FUZZ_MAX_BYTES), property), { seed: FUZZ_SEED, numRuns: FUZZ_RUNS.large, endOnFailure: true });
}
