import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalSamlIdp, startLocalSamlIdp } from './server.js';

/** The local SAML IdP's wire: metadata, the sign-in page for a known service provider only, the posted Response. */
const SP = {
  entityId: 'urn:amazon:cognito:sp:local_pool',
  acsUrl: 'https://localhost:4587/saml2/idpresponse',
};
let directory: string;
let idp: LocalSamlIdp;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'saml-idp-'));
  idp = await startLocalSamlIdp({ port: 0, directory, serviceProviders: [SP] });
});
afterAll(async () => {
  await idp?.stop();
  rmSync(directory, { recursive: true, force: true });
});

const authnRequest = (issuer: string, acs = SP.acsUrl) =>
  deflateRawSync(
    Buffer.from(
      `<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_req1" Version="2.0" AssertionConsumerServiceURL="${acs}"><saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">${issuer}</saml:Issuer></samlp:AuthnRequest>`,
    ),
  ).toString('base64');

describe('the local SAML IdP', () => {
  it('publishes its metadata with a signing certificate kept in the data directory (0600)', async () => {
    const response = await fetch(idp.metadataUrl);
    expect(response.headers.get('content-type')).toContain('application/samlmetadata+xml');
    const xml = await response.text();
    expect(xml).toContain(`entityID="${idp.entityId}"`);
    expect(xml).toContain(`Location="${idp.url}/sso"`);
    expect(xml).toMatch(/<ds:X509Certificate>[A-Za-z0-9+/=]{500,}<\/ds:X509Certificate>/);
    expect(statSync(join(directory, 'saml-idp.key')).mode & 0o777).toBe(0o600);
  });

  it('shows its sign-in page for a known service provider only, to its own ACS', async () => {
    const page = await fetch(
      `${idp.url}/sso?SAMLRequest=${encodeURIComponent(authnRequest(SP.entityId))}&RelayState=s1`,
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toMatch(/value="continue">Continue<\/button>/);
    expect(html).toMatch(/value="cancel" formnovalidate>Cancel<\/button>/);
    const unknown = await fetch(
      `${idp.url}/sso?SAMLRequest=${encodeURIComponent(authnRequest('urn:other'))}`,
    );
    expect(unknown.status).toBe(400);
    const elsewhere = await fetch(
      `${idp.url}/sso?SAMLRequest=${encodeURIComponent(authnRequest(SP.entityId, 'https://evil.example/acs'))}`,
    );
    expect(elsewhere.status).toBe(400);
  });

  it('posts a signed Response for the e-mail to the ACS, by a script allowed by its nonce only', async () => {
    const answer = await fetch(`${idp.url}/sso`, {
      method: 'POST',
      body: new URLSearchParams({
        SAMLRequest: authnRequest(SP.entityId),
        RelayState: 's1',
        email: 'ada@acme.example',
        decision: 'continue',
      }),
    });
    const html = await answer.text();
    const nonce = /script-src 'nonce-([^']+)'/.exec(answer.headers.get('content-security-policy') ?? '')?.[1];
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain(`action="${SP.acsUrl}"`);
    const encoded = /name="SAMLResponse" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const xml = Buffer.from(encoded, 'base64').toString();
    expect(xml).toContain('InResponseTo="_req1"');
    expect(xml).toContain(`<saml:Audience>${SP.entityId}</saml:Audience>`);
    expect(xml.match(/<ds:Signature /g)).toHaveLength(2);
    const invalid = await fetch(`${idp.url}/sso`, {
      method: 'POST',
      body: new URLSearchParams({
        SAMLRequest: authnRequest(SP.entityId),
        email: 'nope',
        decision: 'continue',
      }),
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('Enter a valid email');
  });
});
