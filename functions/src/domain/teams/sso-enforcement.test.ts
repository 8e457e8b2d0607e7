import { AUTH_MESSAGES } from '@agentforge/shared';
import { describe, expect, it, vi } from 'vitest';
import { assertProviderSignUpAllowed, assertSignInAllowed } from './sso-enforcement.js';

describe('assertSignInAllowed', () => {
  const requires = (domains: string[]) => vi.fn(async (domain: string) => domains.includes(domain));

  it('refuses a password user at a domain whose team requires single sign-on, with the shared message', async () => {
    const lookup = requires(['acme.example']);
    await expect(
      assertSignInAllowed('ann', { email: 'Ann@ACME.example', 'cognito:user_status': 'CONFIRMED' }, lookup),
    ).rejects.toThrow(AUTH_MESSAGES.ssoRequired);
    expect(lookup).toHaveBeenCalledWith('acme.example');
  });

  it('lets a password user of another domain in', async () => {
    await expect(
      assertSignInAllowed('bob', { email: 'bob@other.example' }, requires(['acme.example'])),
    ).resolves.toBeUndefined();
  });

  it("lets the team provider's own users in without a lookup", async () => {
    const lookup = requires(['acme.example']);
    await expect(
      assertSignInAllowed(
        'team-01hzy3k2d4m5n6p7q8r9s0t1v2_abc',
        { email: 'ann@acme.example', 'cognito:user_status': 'EXTERNAL_PROVIDER' },
        lookup,
      ),
    ).resolves.toBeUndefined();
    expect(lookup).not.toHaveBeenCalled();
  });

  it('passes an address-less user through (no domain to require anything)', async () => {
    const lookup = vi.fn(async () => false);
    await expect(assertSignInAllowed('x', {}, lookup)).resolves.toBeUndefined();
    expect(lookup).toHaveBeenCalledWith('');
  });

  it("refuses Google's own users and password users linked to Google at such a domain", async () => {
    const lookup = requires(['acme.example']);
    const google = { email: 'ann@acme.example', 'cognito:user_status': 'EXTERNAL_PROVIDER' };
    await expect(assertSignInAllowed('Google_123', google, lookup)).rejects.toThrow(
      AUTH_MESSAGES.ssoRequired,
    );
    const linked = { email: 'ann@acme.example', 'cognito:user_status': 'CONFIRMED', identities: '[]' };
    await expect(assertSignInAllowed('ann', linked, lookup)).rejects.toThrow(AUTH_MESSAGES.ssoRequired);
  });
});

describe('assertProviderSignUpAllowed', () => {
  const requires = (domains: string[]) => vi.fn(async (domain: string) => domains.includes(domain));

  it("refuses a first Google sign-in at a domain that requires single sign-on, not a team provider's", async () => {
    const lookup = requires(['acme.example']);
    await expect(assertProviderSignUpAllowed('Google_1', 'ann@acme.example', lookup)).rejects.toThrow(
      AUTH_MESSAGES.ssoRequired,
    );
    await expect(
      assertProviderSignUpAllowed('team-01hzy3k2d4m5n6p7q8r9s0t1v2_1', 'ann@acme.example', lookup),
    ).resolves.toBeUndefined();
    await expect(
      assertProviderSignUpAllowed('Google_2', 'bob@other.example', lookup),
    ).resolves.toBeUndefined();
  });
});
