import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * Whether an `Authorization` header carries exactly `Bearer <token>`. Both sides are hashed
 * first so the comparison takes the same time whatever the length or content of the guess.
 */
export function isAuthorized(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const presented = match?.[1] ?? '';
  const equal = timingSafeEqual(digest(presented), digest(token));
  return equal && presented.length > 0 && token.length > 0;
}
