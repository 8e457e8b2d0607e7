import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deniedResponse, type Signed, type SigningKey, samlResponse } from '../../saml-idp/response.js';
import { type LocalSamlIdp, startLocalSamlIdp } from '../../saml-idp/server.js';
import { loadSelfSignedCertificate } from './certificate.js';
import { createSamlServiceProvider, parseIdpMetadata, type SamlProviderClient } from './saml.js';

/**
 * The hosted domain's SAML service provider against the local SAML IdP's metadata and signing key:
 * a signed response answering its own request signs the person in; unsigned, signed by another key,
 * for another audience, expired, replayed or altered after signing are refused.
 */
const ACS = 'https://localhost:4587/saml2/idpresponse';
let directory: string;
let idp: LocalSamlIdp;
let key: SigningKey;
let other: SigningKey;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'saml-sp-'));
  idp = await startLocalSamlIdp({
    port: 0,
    directory,
    serviceProviders: [{ entityId: 'urn:amazon:cognito:sp:local_pool', acsUrl: ACS }],
  });
  key = loadSelfSignedCertificate(directory, 'saml-idp');
  other = loadSelfSignedCertificate(directory, 'another');
});
afterAll(async () => {
  await idp?.stop();
  rmSync(directory, { recursive: true, force: true });
});

const provider = (): SamlProviderClient => ({
  protocol: 'SAML',
  name: 'team-acme',
  metadataFile: idp.metadata,
  attributeMapping: { email: 'email' },
});

/** A fresh service provider and the ID of the AuthnRequest it sent (in its redirect to the IdP). */
async function requested() {
  const sp = createSamlServiceProvider({ userPoolId: 'local_pool', acsUrl: ACS });
  const url = new URL(await sp.authorizationUrl(provider(), 'relay-state'));
  const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString();
  return { sp, url, xml, id: /ID="([^"]+)"/.exec(xml)?.[1] ?? '' };
}

const answer = (
  id: string,
  overrides: { audience?: string; now?: number; signing?: SigningKey; signed?: Signed } = {},
) =>
  Buffer.from(
    samlResponse(
      {
        issuer: idp.entityId,
        destination: ACS,
        audience: overrides.audience ?? 'urn:amazon:cognito:sp:local_pool',
        inResponseTo: id,
        nameId: 'ada@acme.example',
        attributes: { email: 'ada@acme.example' },
        ...(overrides.now ? { now: overrides.now } : {}),
      },
      overrides.signing ?? key,
      overrides.signed ?? 'both',
    ),
  ).toString('base64');

describe('the SAML service provider', () => {
  it('reads the IdP metadata and sends an AuthnRequest by HTTP-Redirect with the sign-in as RelayState', async () => {
    expect(parseIdpMetadata(idp.metadata)).toMatchObject({
      entityId: idp.entityId,
      ssoUrl: `${idp.url}/sso`,
      certificates: [expect.any(String)],
    });
    expect(() => parseIdpMetadata('<EntityDescriptor/>')).toThrow(/IDPSSODescriptor/);
    const { url, xml } = await requested();
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.url}/sso`);
    expect(url.searchParams.get('RelayState')).toBe('relay-state');
    expect(xml).toContain('urn:amazon:cognito:sp:local_pool');
    expect(xml).toContain(`AssertionConsumerServiceURL="${ACS}"`);
  });

  it('signs in the NameID with the mapped e-mail, from a response signed whole or in its assertion only', async () => {
    for (const signed of ['both', 'assertion', 'response'] as const) {
      const { sp, id } = await requested();
      await expect(sp.verify(provider(), answer(id, { signed }))).resolves.toMatchObject({
        providerName: 'team-acme',
        providerType: 'SAML',
        sub: 'ada@acme.example',
        email: 'ada@acme.example',
        emailVerified: false,
      });
    }
  });

  it('refuses an unsigned response, one signed by another key, and one altered after signing', async () => {
    const unsigned = await requested();
    await expect(unsigned.sp.verify(provider(), answer(unsigned.id, { signed: 'none' }))).rejects.toThrow(
      /Invalid SAML response: Invalid signature/,
    );
    const forged = await requested();
    await expect(forged.sp.verify(provider(), answer(forged.id, { signing: other }))).rejects.toThrow(
      /Invalid signature/,
    );
    const altered = await requested();
    const xml = Buffer.from(answer(altered.id, { signed: 'assertion' }), 'base64')
      .toString()
      .replace(/ada@acme\.example/g, 'eve@acme.example');
    await expect(altered.sp.verify(provider(), Buffer.from(xml).toString('base64'))).rejects.toThrow(
      /Invalid signature/,
    );
  });

  it('refuses another audience and an expired assertion', async () => {
    const audience = await requested();
    await expect(
      audience.sp.verify(provider(), answer(audience.id, { audience: 'urn:amazon:cognito:sp:other' })),
    ).rejects.toThrow(/audience/i);
    const expired = await requested();
    await expect(
      expired.sp.verify(provider(), answer(expired.id, { now: Date.now() - 10 * 60 * 1000 })),
      // Its subject confirmation's NotOnOrAfter (five minutes) has passed: node-saml says so first.
    ).rejects.toThrow(/No valid subject confirmation|expired/i);
  });

  it('refuses a replayed response and one answering no request it sent', async () => {
    const { sp, id } = await requested();
    const response = answer(id);
    await expect(sp.verify(provider(), response)).resolves.toMatchObject({ sub: 'ada@acme.example' });
    await expect(sp.verify(provider(), response)).rejects.toThrow(/InResponseTo is not valid/);
    await expect(sp.verify(provider(), answer('_never-requested'))).rejects.toThrow(/InResponseTo/);
  });

  it('reads a cancel at the IdP as access_denied', async () => {
    const { sp, id } = await requested();
    const denied = deniedResponse({ issuer: idp.entityId, destination: ACS, inResponseTo: id }, key);
    await expect(sp.verify(provider(), Buffer.from(denied).toString('base64'))).rejects.toMatchObject({
      code: 'access_denied',
    });
  });
});
