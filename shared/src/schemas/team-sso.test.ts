import { describe, expect, it } from 'vitest';
import { ssoDomainSchema, teamSsoBodySchema } from './team-sso';

const oidc = {
  type: 'oidc',
  issuer: 'https://login.acme.example',
  clientId: 'agentforge',
  clientSecret: 's3cret',
};

describe("a team's single sign-on settings", () => {
  it('take an OIDC provider, its domains in lower case, and require-SSO off by default', () => {
    expect(teamSsoBodySchema.parse({ provider: oidc, domains: [' Acme.Example '] })).toEqual({
      provider: oidc,
      domains: ['acme.example'],
      requireSso: false,
    });
    // The secret may be left out (the stored one is kept).
    const { clientSecret: _secret, ...withoutSecret } = oidc;
    expect(teamSsoBodySchema.safeParse({ provider: withoutSecret, domains: ['acme.example'] }).success).toBe(
      true,
    );
  });

  it('take SAML metadata by URL or by file, exactly one of them', () => {
    const saml = (provider: object) =>
      teamSsoBodySchema.safeParse({ provider: { type: 'saml', ...provider }, domains: ['acme.example'] })
        .success;
    expect(saml({ metadataUrl: 'https://idp.acme.example/metadata' })).toBe(true);
    expect(saml({ metadataFile: '<EntityDescriptor/>' })).toBe(true);
    expect(saml({})).toBe(false);
    expect(
      saml({ metadataUrl: 'https://idp.acme.example/metadata', metadataFile: '<EntityDescriptor/>' }),
    ).toBe(false);
  });

  it('refuse a provider without an http(s) issuer or client id, and bad or missing domains', () => {
    const bad = [
      { provider: { ...oidc, issuer: 'ftp://acme.example' }, domains: ['acme.example'] },
      { provider: { ...oidc, issuer: 'not a url' }, domains: ['acme.example'] },
      { provider: { ...oidc, clientId: ' ' }, domains: ['acme.example'] },
      { provider: { type: 'ldap' }, domains: ['acme.example'] },
      { provider: oidc, domains: [] },
      { provider: oidc, domains: Array.from({ length: 11 }, (_, i) => `d${i}.example`) },
    ];
    for (const body of bad)
      expect(teamSsoBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });

  it('accept only domain names for domains', () => {
    for (const good of ['acme.example', 'mail.acme.co.uk', 'xn--bcher-kva.example'])
      expect(ssoDomainSchema.safeParse(good).success, good).toBe(true);
    for (const bad of [
      'acme',
      '-acme.example',
      'acme-.example',
      'ac me.example',
      'acme.example/',
      '@acme.example',
    ])
      expect(ssoDomainSchema.safeParse(bad).success, bad).toBe(false);
  });
});
