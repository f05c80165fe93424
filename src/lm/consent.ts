// The consent of the writing tools (writingTool.ts): what a user was asked, per input, so that the invocation sends
// only what was shown. Pure (no vscode): unit-tested, and held under mutation (scripts/mutation-guards.mjs).
//
// VS Code calls a tool's prepareInvocation, shows its confirmation (or not, when the user auto-approved the tool),
// and calls invoke only after a yes. The invocation plans again and may send only when a confirmation was recorded
// for that very input and reads exactly as the new plan's: no record (never asked, already used, expired, or the
// question could not be made) means nothing is sent.
//
// How long a question is kept, and how many: no count. A count is what let an agent push a confirmation out before
// its answer (20 kept, 25 calls in a row). A question is kept until its invocation takes it, until the same input is
// asked again (the newer question replaces it: the invocation that follows answers the newest one), or until it is
// older than CONSENT_TTL_MS (a confirmation left open longer is asked again rather than trusted). Memory is bounded
// by the characters kept (CONSENT_CHARS): past it the expired ones go first; when the unexpired ones still fill it,
// the new question is refused (its tool says so and sends nothing) rather than an older one pushed out. Declined
// questions (VS Code never tells) stay until they expire; they cost memory, never a write.

/** How long a question waits for its invocation: long enough for a user who reads a long confirmation. */
export const CONSENT_TTL_MS = 30 * 60_000;

/** The characters (UTF-16 code units, keys and texts) kept at most: 8 MiB of text, hundreds of the longest questions. */
export const CONSENT_CHARS = 4 * 1024 * 1024;

/** What the invocation may do with its plan. */
export type ConsentDecision =
  /** The plan reads as the question the user answered: send it. */
  | 'confirmed'
  /** No question for this input is waiting (never asked, used, expired, or the asking failed): send nothing. */
  | 'unasked'
  /** The question waiting reads otherwise than the plan now (the state changed): send nothing, ask again. */
  | 'changed';

interface Asked {
  readonly text: string;
  readonly at: number;
}

export class ConsentStore {
  private readonly asked = new Map<string, Asked>();
  private chars = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs: number = CONSENT_TTL_MS,
    private readonly maxChars: number = CONSENT_CHARS,
  ) {}

  /** Records the question `text` shown for `key` (replacing an older one of that key); false when memory is full. */
  record(key: string, text: string): boolean {
    this.forget(key);
    const size = key.length + text.length;
    if (this.chars + size > this.maxChars) this.dropExpired();
    if (this.chars + size > this.maxChars) return false;
    this.asked.set(key, { text, at: this.now() });
    this.chars += size;
    return true;
  }

  /** Takes the question of `key` (it answers one invocation only) and compares it with what would be sent now. */
  take(key: string, current: string): ConsentDecision {
    const asked = this.asked.get(key);
    this.forget(key);
    if (asked === undefined || this.now() - asked.at > this.ttlMs) return 'unasked';
    return asked.text === current ? 'confirmed' : 'changed';
  }

  /** Whether a question is waiting for `key` (unexpired): the invocation needs no reading without one. */
  has(key: string): boolean {
    const asked = this.asked.get(key);
    return asked !== undefined && this.now() - asked.at <= this.ttlMs;
  }

  /** The characters kept (keys and texts). */
  get size(): number {
    return this.chars;
  }

  /** Drops the question of `key`, if any (its asking failed: nothing may be sent for it). */
  withdraw(key: string): void {
    this.forget(key);
  }

  private forget(key: string): void {
    const asked = this.asked.get(key);
    if (asked === undefined) return;
    this.asked.delete(key);
    this.chars -= key.length + asked.text.length;
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [key, asked] of [...this.asked]) if (now - asked.at > this.ttlMs) this.forget(key);
  }
}
