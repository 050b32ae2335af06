/**
 * Counts failed logins per username and per IP in a sliding window. In-process by design: a
 * per-process limit still bounds guessing to (limit × processes) per window.
 */
export class LoginLimiter {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 15 * 60 * 1000,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it may try now. */
  retryAfter(keys: string[], now = Date.now()): number {
    let wait = 0;
    for (const key of keys) {
      const recent = this.recent(key, now);
      if (recent.length >= this.limit) wait = Math.max(wait, recent[0] + this.windowMs - now);
    }
    return wait;
  }

  recordFailure(keys: string[], now = Date.now()) {
    for (const key of keys) this.failures.set(key, [...this.recent(key, now), now]);
    if (this.failures.size > 100_000) this.failures.clear();
  }

  reset(key: string) {
    this.failures.delete(key);
  }

  private recent(key: string, now: number) {
    return (this.failures.get(key) ?? []).filter((t) => t > now - this.windowMs);
  }
}
