import { describe, expect, it } from 'vitest';
import { profileBodySchema } from './profile';
import { deleteAccountBodySchema, gateOf, waitlistInfoSchema } from './user';

const user = { isWhitelisted: false, hasCompletedOnboarding: false, email: 'ada@example.com' };

describe('gateOf', () => {
  it('sends a user to onboarding, the waitlist or home', () => {
    expect(gateOf(user)).toBe('onboarding');
    expect(gateOf({ ...user, access: 'waitlisted' })).toBe('onboarding');
    expect(gateOf({ ...user, hasCompletedOnboarding: true, access: 'waitlisted' })).toBe('waitlist');
    expect(gateOf({ ...user, hasCompletedOnboarding: true, access: 'granted' })).toBe('home');
    expect(gateOf({ ...user, hasCompletedOnboarding: true })).toBe('home');
    expect(gateOf({ ...user, isWhitelisted: true, access: 'granted' })).toBe('home');
  });
});

describe('the account schemas', () => {
  it('takes an optional waitlist form and refuses unknown keys and non-http websites', () => {
    expect(waitlistInfoSchema.parse({})).toEqual({});
    expect(waitlistInfoSchema.parse({ website: 'https://ada.example', notes: ' hi ' })).toEqual({
      website: 'https://ada.example',
      notes: 'hi',
    });
    expect(waitlistInfoSchema.safeParse({ website: 'javascript:alert(1)' }).success).toBe(false);
    expect(waitlistInfoSchema.safeParse({ admittedAt: 1 }).success).toBe(false);
    expect(waitlistInfoSchema.safeParse({ notes: 'x'.repeat(2001) }).success).toBe(false);
  });

  it('needs the typed confirmation to delete an account', () => {
    expect(deleteAccountBodySchema.safeParse({}).success).toBe(false);
    expect(deleteAccountBodySchema.safeParse({ confirmEmail: '  ' }).success).toBe(false);
    expect(deleteAccountBodySchema.parse({ confirmEmail: 'ada@example.com' })).toEqual({
      confirmEmail: 'ada@example.com',
    });
  });

  it('validates a saved profile like the form and refuses unknown keys', () => {
    const profile = { firstName: 'Ada', lastName: 'L', companyName: 'E', companySize: 'small', role: 'CTO' };
    expect(profileBodySchema.parse(profile)).toEqual(profile);
    expect(profileBodySchema.safeParse({ ...profile, isWhitelisted: true }).success).toBe(false);
    expect(profileBodySchema.safeParse({ ...profile, firstName: 'x'.repeat(101) }).success).toBe(false);
    expect(profileBodySchema.safeParse({ ...profile, role: '' }).error?.issues[0]?.message).toBe(
      'Role is required',
    );
  });
});
