import type { EncryptionContext, SecretCipher } from '../../domain/secret-cipher.js';

/** How long, and how many, decrypted secrets a warm function keeps. */
export interface DecryptCacheLimits {
  maxAgeMs: number;
  maxEntries: number;
}

/**
 * Five minutes, a hundred secrets: a chat's key is decrypted once per warm instance and user
 * rather than on every reply, and a KMS key disabled or a grant revoked takes effect within the
 * age (the AWS Encryption SDK's caching materials manager makes the same trade).
 */
export const DECRYPT_CACHE_LIMITS: DecryptCacheLimits = { maxAgeMs: 5 * 60_000, maxEntries: 100 };

interface Entry {
  plaintext: Promise<string>;
  expiresAt: number;
}

/**
 * Keeps what `inner` decrypted (on AWS a KMS round trip per call) by its ciphertext and its whole
 * encryption context, for a bounded age and count. A hit is exactly what `inner` would answer: the
 * same ciphertext under the same context (owner, record), so one user's secret is never answered
 * for another's context, which still goes to `inner` (and is refused there). Concurrent decrypts of
 * one secret share one call; a failure is not kept. Encrypting is not cached.
 */
export function withDecryptCache(
  inner: SecretCipher,
  limits: DecryptCacheLimits = DECRYPT_CACHE_LIMITS,
  now: () => number = Date.now,
): SecretCipher {
  const entries = new Map<string, Entry>();

  const forgetExpired = (at: number) => {
    for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key);
  };

  return {
    encrypt: (plaintext, context) => inner.encrypt(plaintext, context),

    decrypt(ciphertext, context) {
      const key = cacheKey(ciphertext, context);
      const at = now();
      const cached = entries.get(key);
      if (cached && cached.expiresAt > at) return cached.plaintext;
      entries.delete(key);
      forgetExpired(at);
      const plaintext = inner.decrypt(ciphertext, context);
      entries.set(key, { plaintext, expiresAt: at + limits.maxAgeMs });
      plaintext.catch(() => {
        if (entries.get(key)?.plaintext === plaintext) entries.delete(key);
      });
      // Map keeps insertion order: the oldest go first.
      for (const oldest of entries.keys()) {
        if (entries.size <= limits.maxEntries) break;
        entries.delete(oldest);
      }
      return plaintext;
    },
  };
}

/** The context in a canonical form (keys sorted) with the ciphertext: nothing else may share it. */
function cacheKey(ciphertext: string, context: EncryptionContext): string {
  const entries = Object.entries(context).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([entries, ciphertext]);
}
