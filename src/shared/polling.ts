// The schedule of the account polls (the unread count, the running stopwatch): one poll per interval while the
// window has the focus, none while it has not or the interval is 0 (off); after a failure the next poll waits twice
// as long each time (up to MAX_BACKOFF_FACTOR times the interval), and the last value stays shown. Editor-neutral:
// the clock and the request are handed in, so the unit tests count requests on a fake clock.

export const MAX_BACKOFF_FACTOR = 16;

export interface PollClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: PollClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface PollerOptions<T> {
  /** One poll: the value (rejects on failure). */
  fetch(signal: AbortSignal): Promise<T>;
  /** The value to show; undefined when polling is off. */
  show(value: T | undefined): void;
  onError?(error: unknown): void;
  clock?: PollClock;
}

export class Poller<T> {
  private intervalMs = 0;
  private focused = false;
  private failures = 0;
  private lastPollAt: number | undefined;
  private timer: unknown;
  private inFlight: AbortController | undefined;
  private disposed = false;
  private readonly clock: PollClock;

  constructor(private readonly options: PollerOptions<T>) {
    this.clock = options.clock ?? realClock;
  }

  private get active(): boolean {
    return !this.disposed && this.intervalMs > 0 && this.focused;
  }

  /** The wait after the last poll: the interval, doubled per failure in a row. */
  get delayMs(): number {
    return this.intervalMs * Math.min(2 ** this.failures, MAX_BACKOFF_FACTOR);
  }

  /** Sets the interval (0 = off: no polls, no badge) and starts or stops. */
  configure(intervalMs: number): void {
    this.intervalMs = Math.max(0, intervalMs);
    if (this.intervalMs === 0) {
      this.stop();
      this.options.show(undefined);
      return;
    }
    this.schedule();
  }

  /** The window gained or lost the focus: polls resume (at once when one is due) or stop. */
  setFocused(focused: boolean): void {
    this.focused = focused;
    if (focused) this.schedule();
    else this.stop();
  }

  /** Polls now (after the user changed something), unless off; the next poll counts from this one. */
  async pollNow(): Promise<void> {
    if (this.disposed || this.intervalMs === 0) return;
    this.clearTimer();
    await this.poll();
  }

  dispose(): void {
    this.disposed = true;
    this.stop();
  }

  private stop(): void {
    this.clearTimer();
    this.inFlight?.abort();
    this.inFlight = undefined;
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    this.clearTimer();
    if (!this.active || this.inFlight) return;
    const since = this.lastPollAt === undefined ? Infinity : this.clock.now() - this.lastPollAt;
    const wait = Math.max(0, this.delayMs - since);
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      void this.poll();
    }, wait);
  }

  private async poll(): Promise<void> {
    if (this.inFlight) return;
    const controller = new AbortController();
    this.inFlight = controller;
    this.lastPollAt = this.clock.now();
    try {
      const value = await this.options.fetch(controller.signal);
      if (controller.signal.aborted) return;
      this.failures = 0;
      this.options.show(value);
    } catch (e) {
      if (controller.signal.aborted) return;
      this.failures++;
      this.options.onError?.(e);
    } finally {
      if (this.inFlight === controller) this.inFlight = undefined;
    }
    this.schedule();
  }
}
