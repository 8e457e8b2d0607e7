import { describe, expect, it } from 'vitest';
import { createAccessGate, WaitlistedError } from './access-gate.js';
import type { AccessMode } from './user.js';
import { accessOf } from './user.js';

const caller = { userId: 'u1', email: 'ada@example.com' };

describe('accessOf', () => {
  it('grants everyone on an open stage', () => {
    expect(accessOf(undefined, 'open')).toBe('granted');
    expect(accessOf({ isWhitelisted: false }, 'open')).toBe('granted');
  });

  it('on a waitlist stage grants only the whitelisted and the admitted', () => {
    expect(accessOf(undefined, 'waitlist')).toBe('waitlisted');
    expect(accessOf({ isWhitelisted: false }, 'waitlist')).toBe('waitlisted');
    expect(accessOf({ isWhitelisted: true }, 'waitlist')).toBe('granted');
    expect(accessOf({ isWhitelisted: false, admittedAt: 1 }, 'waitlist')).toBe('granted');
  });
});

describe('the access gate', () => {
  it('reads nothing on an open stage', async () => {
    let reads = 0;
    const gate = createAccessGate({
      reader: {
        accessFields: async () => {
          reads++;
          return undefined;
        },
      },
      mode: () => 'open',
    });
    await gate.assertAdmitted(caller);
    expect(reads).toBe(0);
  });

  it('refuses a waitlisted caller with a clear 403 and lets an admitted one through', async () => {
    let mode: AccessMode = 'waitlist';
    let record: { isWhitelisted: boolean; admittedAt?: number } | undefined = { isWhitelisted: false };
    const gate = createAccessGate({ reader: { accessFields: async () => record }, mode: () => mode });
    const refusal = await gate.assertAdmitted(caller).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(WaitlistedError);
    expect((refusal as WaitlistedError).code).toBe('FORBIDDEN');
    expect((refusal as WaitlistedError).message).toContain('You are on the waitlist');
    record = undefined;
    await expect(gate.assertAdmitted(caller)).rejects.toBeInstanceOf(WaitlistedError);
    record = { isWhitelisted: false, admittedAt: 3 };
    await expect(gate.assertAdmitted(caller)).resolves.toBeUndefined();
    record = { isWhitelisted: false };
    mode = 'open';
    await expect(gate.assertAdmitted(caller)).resolves.toBeUndefined();
  });
});
