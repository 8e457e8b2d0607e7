import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TeamSso } from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.js';
import { hostedDomainClient } from '../support/hosted-domain.js';
import { configureAmplify, signUpAndSignIn, uniqueEmail } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { signInThroughSaml } from '../support/saml-sign-in.js';

/**
 * A team's single sign-on through SAML on the local stack: the Admin gives the local SAML IdP's
 * metadata file (then its metadata URL) and verifies a domain; the provider is a SAML provider of
 * the local identity service's pool; a colleague signs in at the IdP (AuthnRequest, signed
 * Response to the hosted domain's ACS), lands with the pool's tokens as `<provider>_<NameID>`, and
 * `POST /sso/join` makes them a User of the team. A cancel at the IdP goes back as access_denied.
 */
let stack: Awaited<ReturnType<typeof startTestStack>>;
let hosted: ReturnType<typeof hostedDomainClient>;
const APP_ORIGIN = 'http://localhost:5996';
const domain = `globex-${randomBytes(4).toString('hex')}.example`;

beforeAll(async () => {
  stack = await startTestStack({ web: false, appOrigins: [APP_ORIGIN] });
  configureAmplify(stack.runtimeConfig);
  hosted = hostedDomainClient({
    dataDir: stack.dataDir,
    hostedDomainUrl: stack.google.hostedDomainUrl,
    clientId: stack.runtimeConfig.userPoolClientId,
    appOrigin: APP_ORIGIN,
  });
});
afterAll(() => stack?.stop());

const signIn = (providerName: string, email: string, decision?: 'continue' | 'cancel') =>
  signInThroughSaml(
    hosted.hosted,
    {
      hostedDomainUrl: stack.google.hostedDomainUrl,
      clientId: stack.runtimeConfig.userPoolClientId,
      appOrigin: APP_ORIGIN,
    },
    providerName,
    email,
    decision,
  );

describe("a team's SAML single sign-on", () => {
  it('signs a colleague in through the SAML IdP (metadata file, then URL) and joins them as a User', async () => {
    const owner = await signUpAndSignIn(uniqueEmail('saml-admin'));
    const admin = apiAs(stack.apiUrl, owner.idToken);
    const teamId = String((await admin.post('/teams', { name: 'Globex' })).body.teamId);

    const broken = await admin.put(`/teams/${teamId}/sso`, {
      provider: {
        type: 'saml',
        metadataFile: stack.samlIdp.metadata,
        metadataUrl: stack.samlIdp.metadataUrl,
      },
      domains: [domain],
    });
    expect(broken.status).toBe(400);
    const put = await admin.put(`/teams/${teamId}/sso`, {
      provider: { type: 'saml', metadataFile: stack.samlIdp.metadata },
      domains: [domain],
    });
    expect(put.status).toBe(200);
    const sso = put.body as TeamSso;
    expect(sso.provider).toEqual({ type: 'saml', hasMetadataFile: true });
    const record = sso.domains[0]?.record ?? { name: '', value: '' };
    await writeFile(join(stack.dataDir, 'dns-txt.json'), JSON.stringify({ [record.name]: [record.value] }));
    expect((await admin.post(`/teams/${teamId}/sso/domains/${domain}/verify`)).status).toBe(200);
    const discovered = await apiAs(stack.apiUrl).get(`/sso/discover?email=lin@${domain}`);
    expect(discovered.body).toEqual({ providerName: sso.providerName });

    // Lin has a password account at the same address: the IdP's sign-in is not linked to it (a
    // team's provider never is), it is the provider's own user.
    const email = `lin.${randomBytes(3).toString('hex')}@${domain}`;
    const byPassword = await signUpAndSignIn(email);
    const signedIn = await signIn(sso.providerName, email);
    expect(signedIn.refused).toBeUndefined();
    expect(signedIn.claims).toMatchObject({ 'cognito:username': `${sso.providerName}_${email}`, email });
    expect((await apiAs(stack.apiUrl, byPassword.idToken).get('/teams')).body.teams).toEqual([]);
    const member = apiAs(stack.apiUrl, signedIn.idToken);
    expect((await member.post('/sso/join')).body).toEqual({ joined: true });
    expect((await member.get('/teams')).body.teams).toEqual([
      expect.objectContaining({ teamId, role: 'user' }),
    ]);
    // The same person again is the same user of the pool.
    const again = await signIn(sso.providerName, email);
    expect(again.claims?.sub).toBe(signedIn.claims?.sub);

    // Cancelled at the IdP: the app is told access_denied, with its state.
    const cancelled = await signIn(sso.providerName, email, 'cancel');
    expect(cancelled.refused?.searchParams.get('error')).toBe('access_denied');
    expect(cancelled.refused?.searchParams.get('state')).toBe('app-state');

    // By metadata URL (the local stack allows http://localhost): read by the identity service at sign-in.
    const byUrl = await admin.put(`/teams/${teamId}/sso`, {
      provider: { type: 'saml', metadataUrl: stack.samlIdp.metadataUrl },
      domains: [domain],
    });
    expect(byUrl.status, JSON.stringify(byUrl.body)).toBe(200);
    expect(byUrl.body.provider).toEqual({
      type: 'saml',
      metadataUrl: stack.samlIdp.metadataUrl,
      hasMetadataFile: false,
    });
    const second = await signIn(sso.providerName, `mo.${randomBytes(3).toString('hex')}@${domain}`);
    const colleague = apiAs(stack.apiUrl, second.idToken);
    expect((await colleague.post('/sso/join')).body).toEqual({ joined: true });
  });

  it('refuses metadata that is not an IdP’s, before anything is in the pool', async () => {
    const owner = await signUpAndSignIn(uniqueEmail('saml-bad'));
    const admin = apiAs(stack.apiUrl, owner.idToken);
    const teamId = String((await admin.post('/teams', { name: 'Initech' })).body.teamId);
    const other = `initech-${randomBytes(4).toString('hex')}.example`;
    const put = await admin.put(`/teams/${teamId}/sso`, {
      provider: { type: 'saml', metadataFile: '<EntityDescriptor entityID="x"/>' },
      domains: [other],
    });
    const record = (put.body as TeamSso).domains[0]?.record ?? { name: '', value: '' };
    await writeFile(join(stack.dataDir, 'dns-txt.json'), JSON.stringify({ [record.name]: [record.value] }));
    // Cognito (here the local identity service) refuses the provider when the domain makes it live.
    const verify = await admin.post(`/teams/${teamId}/sso/domains/${other}/verify`);
    expect(verify.status).toBe(400);
    expect(verify.body.message).toMatch(/^The identity provider was refused: Invalid SAML metadata/);
    expect((await admin.get(`/teams/${teamId}/sso`)).body.domains).toEqual([
      expect.objectContaining({ domain: other, verified: false }),
    ]);
    expect((await apiAs(stack.apiUrl).get(`/sso/discover?email=a@${other}`)).status).toBe(404);
  });
});
