import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DataStore } from 'cognito-local/lib/services/dataStore/dataStore';
import type { DataStoreFactory } from 'cognito-local/lib/services/dataStore/factory';
import type { User } from 'cognito-local/lib/services/userPoolService';
import { computeVerifier } from './srp.js';

/**
 * What the identity store keeps instead of secrets: a password becomes its SRP verifier
 * (`srp$<salt>$<verifier>`, what Cognito itself stores; SRP sign-in needs it, and a slower hash
 * beside it would add nothing an attacker could not get from the verifier), a refresh token its
 * SHA-256 (they are long random JWTs). cognito-local writes what it receives; its users' store is
 * wrapped so every write is protected, and the layer proves a password before it hands
 * cognito-local the stored value to compare with.
 */
const HASHED_PASSWORD = /^srp\$([0-9a-f]{32})\$([0-9a-f]+)$/;
const HASHED_TOKEN = /^sha256\$[0-9a-f]{64}$/;

/** The part of the pool id after '_', which Cognito's SRP mixes into every hash. */
export const poolNameOf = (userPoolId: string): string => userPoolId.split('_')[1] ?? '';

export function hashPassword(userPoolId: string, username: string, password: string): string {
  const salt = randomBytes(16).toString('hex');
  return `srp$${salt}$${computeVerifier(poolNameOf(userPoolId), username, password, salt).toString(16)}`;
}

/** The salt and verifier of a stored password; undefined when it is not one we wrote. */
export function storedVerifier(stored: unknown): { salt: string; verifier: bigint } | undefined {
  const match = typeof stored === 'string' ? HASHED_PASSWORD.exec(stored) : null;
  return match ? { salt: match[1] as string, verifier: BigInt(`0x${match[2]}`) } : undefined;
}

/** Whether `password` is the user's (their stored verifier recomputed and compared). */
export function passwordMatches(userPoolId: string, user: User, password: unknown): boolean {
  const stored = storedVerifier(user.Password);
  if (!stored || typeof password !== 'string') return false;
  const candidate = computeVerifier(poolNameOf(userPoolId), user.Username, password, stored.salt);
  const [a, b] = [candidate, stored.verifier].map((value) =>
    Buffer.from(value.toString(16).padStart(768, '0')),
  );
  return timingSafeEqual(a as Buffer, b as Buffer);
}

/** What the store holds for a refresh token (and what cognito-local is asked to look up). */
export const hashRefreshToken = (token: unknown): unknown =>
  typeof token === 'string' ? `sha256$${createHash('sha256').update(token).digest('hex')}` : token;

function protect(userPoolId: string, user: User, current: User | null): User {
  const unchanged = user.Password === current?.Password && storedVerifier(current?.Password) !== undefined;
  const protectedUser: User = { ...user };
  if (typeof user.Password === 'string' && !unchanged) {
    protectedUser.Password = hashPassword(userPoolId, user.Username, user.Password);
  }
  if (Array.isArray(user.RefreshTokens)) {
    protectedUser.RefreshTokens = user.RefreshTokens.map((token) =>
      HASHED_TOKEN.test(token) ? token : (hashRefreshToken(token) as string),
    );
  }
  return protectedUser;
}

const isUserKey = (key: string | string[]): key is [string, string] =>
  Array.isArray(key) && key.length === 2 && key[0] === 'Users';

/** cognito-local's data stores, with every user written through `protect` (and old plaintext migrated). */
export function protectingCredentials(inner: DataStoreFactory): DataStoreFactory {
  return {
    async create(ctx, id, defaults) {
      const store = await inner.create(ctx, id, defaults);
      const users = await store.get<Record<string, User>>(ctx, 'Users', {});
      for (const user of Object.values(users)) {
        const migrated = protect(id, user, user);
        if (JSON.stringify(migrated) !== JSON.stringify(user))
          await store.set(ctx, ['Users', user.Username], migrated);
      }
      const wrapped: DataStore = {
        delete: store.delete.bind(store),
        get: store.get.bind(store),
        getRoot: store.getRoot.bind(store),
        async set(c, key, value) {
          if (!isUserKey(key)) return store.set(c, key, value);
          const current = await store.get<User>(c, key);
          return store.set(c, key, protect(id, value as User, current));
        },
      };
      return wrapped;
    },
  };
}
