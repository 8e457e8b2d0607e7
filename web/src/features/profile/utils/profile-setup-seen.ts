/**
 * Whether this user has closed or finished the profile setup overlay in this browser: it is
 * offered once (spec 2: it leads to /dashboard), never again as a gate in front of a page.
 */
const keyOf = (userId: string) => `agentforge.profile-setup-seen.${userId}`;

export function wasProfileSetupSeen(userId: string): boolean {
  return globalThis.localStorage?.getItem(keyOf(userId)) !== null;
}

export function markProfileSetupSeen(userId: string): void {
  globalThis.localStorage?.setItem(keyOf(userId), '1');
}
