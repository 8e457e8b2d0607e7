import { describe, expect, it } from 'vitest';
import {
  createAccessGate,
  createStreamGate,
  DeletedAccountError,
  type StreamPass,
  type UserStanding,
  WaitlistedError,
} from './access-gate.js';
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
  it('lets everyone through on an open stage, but not a deleted account (401)', async () => {
    let standing: UserStanding | undefined;
    const gate = createAccessGate({ reader: { standingOf: async () => standing }, mode: () => 'open' });
    await expect(gate.assertAllowed(caller, 'members')).resolves.toBeUndefined();
    standing = { deletedAt: 5 };
    for (const access of ['members', 'everyone'] as const) {
      const refusal = await gate.assertAllowed(caller, access).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DeletedAccountError);
      expect((refusal as DeletedAccountError).code).toBe('UNAUTHORIZED');
    }
  });

  it('lets a deleted account read its deletion job (`deletedToo`), on a waitlist stage too', async () => {
    const gate = createAccessGate({
      reader: { standingOf: async () => ({ deletedAt: 5 }) },
      mode: () => 'waitlist',
    });
    await expect(gate.assertAllowed(caller, 'deletedToo')).resolves.toBeUndefined();
  });

  it('refuses a waitlisted caller with a clear 403 and lets an admitted one through', async () => {
    let mode: AccessMode = 'waitlist';
    let standing: UserStanding | undefined = { isWhitelisted: false };
    const gate = createAccessGate({ reader: { standingOf: async () => standing }, mode: () => mode });
    const refusal = await gate.assertAllowed(caller, 'members').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(WaitlistedError);
    expect((refusal as WaitlistedError).code).toBe('FORBIDDEN');
    expect((refusal as WaitlistedError).message).toContain('You are on the waitlist');
    await expect(gate.assertAllowed(caller, 'everyone')).resolves.toBeUndefined();
    standing = undefined;
    await expect(gate.assertAllowed(caller, 'members')).rejects.toBeInstanceOf(WaitlistedError);
    standing = { isWhitelisted: false, admittedAt: 3 };
    await expect(gate.assertAllowed(caller, 'members')).resolves.toBeUndefined();
    standing = { isWhitelisted: false };
    mode = 'open';
    await expect(gate.assertAllowed(caller, 'members')).resolves.toBeUndefined();
  });
});

describe("the streams' gate", () => {
  it('reads the pass: a tombstone is 401, a waitlist stage needs it granted (403 as the API)', async () => {
    let mode: AccessMode = 'open';
    let pass: StreamPass | undefined;
    const gate = createStreamGate({ passes: { passOf: async () => pass }, mode: () => mode });
    await expect(gate.assertAllowed(caller)).resolves.toBeUndefined();
    mode = 'waitlist';
    await expect(gate.assertAllowed(caller)).rejects.toBeInstanceOf(WaitlistedError);
    pass = { granted: true };
    await expect(gate.assertAllowed(caller)).resolves.toBeUndefined();
    pass = { deletedAt: 9 };
    await expect(gate.assertAllowed(caller)).rejects.toBeInstanceOf(DeletedAccountError);
    mode = 'open';
    await expect(gate.assertAllowed(caller)).rejects.toBeInstanceOf(DeletedAccountError);
  });
});
