import { randomBytes } from 'node:crypto';

/** Short-lived server-side state behind an opaque key (SRP challenges, sign-in sessions). */
export class TtlStore<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();

  constructor(private readonly ttlMs: number) {}

  put(value: T, key: string = randomBytes(48).toString('base64')): string {
    this.prune();
    this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
    return key;
  }

  /** Returns the value once; a second take of the same key finds nothing. */
  take(key: string | undefined): T | undefined {
    if (key === undefined) return undefined;
    const entry = this.entries.get(key);
    this.entries.delete(key);
    return entry && entry.expiresAt > Date.now() ? entry.value : undefined;
  }

  private prune(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
