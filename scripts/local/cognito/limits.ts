import { attemptLimitExceeded } from './errors.js';

export interface AttemptLimits {
  maxFailures: number;
  windowMs: number;
}

export const DEFAULT_LIMITS: AttemptLimits = { maxFailures: 5, windowMs: 15 * 60 * 1000 };

/** Counts failed sign-in, confirmation and reset attempts per user, in memory. */
export class AttemptLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly limits: AttemptLimits = DEFAULT_LIMITS) {}

  /** Throws LimitExceededException once the user has used up the failures of the current window. */
  assertAllowed(userKey: string): void {
    if (this.recent(userKey).length >= this.limits.maxFailures) throw attemptLimitExceeded();
  }

  recordFailure(userKey: string): void {
    this.failures.set(userKey, [...this.recent(userKey), Date.now()]);
  }

  reset(userKey: string): void {
    this.failures.delete(userKey);
  }

  private recent(userKey: string): number[] {
    const since = Date.now() - this.limits.windowMs;
    return (this.failures.get(userKey) ?? []).filter((at) => at > since);
  }
}
