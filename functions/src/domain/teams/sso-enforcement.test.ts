import { AUTH_MESSAGES } from '@agentforge/shared';
import { describe, expect, it, vi } from 'vitest';
import { assertPasswordSignInAllowed } from './sso-enforcement.js';

describe('assertPasswordSignInAllowed', () => {
  const requires = (domains: string[]) => vi.fn(async (domain: string) => domains.includes(domain));

  it('refuses a password user at a domain whose team requires single sign-on, with the shared message', async () => {
    const lookup = requires(['acme.example']);
    await expect(
      assertPasswordSignInAllowed({ email: 'Ann@ACME.example', 'cognito:user_status': 'CONFIRMED' }, lookup),
    ).rejects.toThrow(AUTH_MESSAGES.ssoRequired);
    expect(lookup).toHaveBeenCalledWith('acme.example');
  });

  it('lets a password user of another domain in', async () => {
    await expect(
      assertPasswordSignInAllowed({ email: 'bob@other.example' }, requires(['acme.example'])),
    ).resolves.toBeUndefined();
  });

  it("lets the team provider's own users in without a lookup", async () => {
    const lookup = requires(['acme.example']);
    await expect(
      assertPasswordSignInAllowed(
        { email: 'ann@acme.example', 'cognito:user_status': 'EXTERNAL_PROVIDER' },
        lookup,
      ),
    ).resolves.toBeUndefined();
    expect(lookup).not.toHaveBeenCalled();
  });

  it('passes an address-less user through (no domain to require anything)', async () => {
    const lookup = vi.fn(async () => false);
    await expect(assertPasswordSignInAllowed({}, lookup)).resolves.toBeUndefined();
    expect(lookup).toHaveBeenCalledWith('');
  });
});
