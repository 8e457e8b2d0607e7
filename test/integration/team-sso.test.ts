import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TeamSso } from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalGoogle, startLocalGoogle } from '../../scripts/local/google/server.js';
import { apiAs } from '../support/api.js';
import { hostedDomainClient } from '../support/hosted-domain.js';
import { configureAmplify, signUpAndSignIn, uniqueEmail } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';

/**
 * A team's single sign-on end to end on the local stack: its Admin configures the company's OpenID
 * provider (a second local OpenID provider) and a domain, publishes the TXT record (the local DNS
 * table), verifies it; the provider is then in the local identity service's pool and on the app
 * client, the login page's lookup names it, and a person who signs in through it joins as a User.
 */
let stack: Awaited<ReturnType<typeof startTestStack>>;
let company: LocalGoogle;
let hosted: ReturnType<typeof hostedDomainClient>;
const APP_ORIGIN = 'http://localhost:5997';
const secret = randomBytes(16).toString('hex');
const domain = `acme-${randomBytes(4).toString('hex')}.example`;

beforeAll(async () => {
  stack = await startTestStack({ web: false, appOrigins: [APP_ORIGIN] });
  configureAmplify(stack.runtimeConfig);
  company = await startLocalGoogle({
    port: 0,
    clients: [
      {
        clientId: 'acme-sso',
        clientSecret: secret,
        redirectUris: [`${stack.google.hostedDomainUrl}/oauth2/idpresponse`],
      },
    ],
  });
  hosted = hostedDomainClient({
    dataDir: stack.dataDir,
    hostedDomainUrl: stack.google.hostedDomainUrl,
    clientId: stack.runtimeConfig.userPoolClientId,
    appOrigin: APP_ORIGIN,
  });
});
afterAll(async () => {
  await company?.stop();
  await stack?.stop();
});

const claimsOf = (idToken: string) =>
  JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as { sub: string };
const publishTxt = (table: Record<string, string[]>) =>
  writeFile(join(stack.dataDir, 'dns-txt.json'), JSON.stringify(table));

describe("a team's single sign-on", () => {
  it('configures, verifies a domain by its TXT record, signs a member in through the provider as a User', async () => {
    const owner = await signUpAndSignIn(uniqueEmail('sso-admin'));
    const admin = apiAs(stack.apiUrl, owner.idToken);
    const created = await admin.post('/teams', { name: 'Acme' });
    expect(created.status).toBe(201);
    const teamId = created.body.teamId as string;

    const invalid = await admin.put(`/teams/${teamId}/sso`, {
      provider: { type: 'oidc', issuer: 'not a url', clientId: 'acme-sso', clientSecret: secret },
      domains: [domain],
    });
    expect(invalid.status).toBe(400);
    const put = await admin.put(`/teams/${teamId}/sso`, {
      provider: { type: 'oidc', issuer: company.url, clientId: 'acme-sso', clientSecret: secret },
      domains: [domain],
    });
    expect(put.status).toBe(200);
    const sso = put.body as TeamSso;
    // The secret is never returned whole.
    expect(JSON.stringify(sso)).not.toContain(secret);
    expect(sso.provider).toMatchObject({ type: 'oidc', clientSecretHint: `••••${secret.slice(-4)}` });
    expect(sso).toMatchObject({ active: false, domains: [{ domain, verified: false }] });
    const record = sso.domains[0]?.record ?? { name: '', value: '' };
    expect(record.name).toBe(`_agentforge-verification.${domain}`);

    // Not published yet: refused with the record to publish; nothing for the login page.
    const early = await admin.post(`/teams/${teamId}/sso/domains/${domain}/verify`);
    expect(early.status).toBe(400);
    expect(early.body.message).toContain(record.value);
    expect((await apiAs(stack.apiUrl).get(`/sso/discover?email=ada@${domain}`)).status).toBe(404);

    await publishTxt({ [record.name]: ['v=spf1 -all', record.value] });
    const verified = await admin.post(`/teams/${teamId}/sso/domains/${domain}/verify`);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ active: true, domains: [{ domain, verified: true }] });

    const discovered = await apiAs(stack.apiUrl).get(`/sso/discover?email=ada@${domain.toUpperCase()}`);
    expect(discovered).toMatchObject({ status: 200, body: { providerName: sso.providerName } });

    // Ada also has a password account at her work address: the provider's sign-in is not linked
    // to it (a team's provider never is), she is the provider's own user.
    const email = `ada.${randomBytes(3).toString('hex')}@${domain}`;
    const byPassword = await signUpAndSignIn(email);
    const signedIn = await hosted.signInThrough(sso.providerName, company.url, email);
    expect(signedIn.claims?.['cognito:username']).toMatch(new RegExp(`^${sso.providerName}_`));
    expect(signedIn.claims).toMatchObject({
      email,
      identities: [expect.objectContaining({ providerName: sso.providerName, primary: 'true' })],
    });
    expect(signedIn.claims?.sub).not.toBe(claimsOf(byPassword.idToken).sub);
    const member = apiAs(stack.apiUrl, signedIn.idToken);
    // The app's call on its return from the hosted sign-in; a second one changes nothing.
    expect((await member.post('/sso/join')).body).toEqual({ joined: true });
    expect((await member.post('/sso/join')).body).toEqual({ joined: false });
    const teams = await member.get('/teams');
    expect(teams.body.teams).toEqual([expect.objectContaining({ teamId, role: 'user' })]);
    expect((await apiAs(stack.apiUrl, byPassword.idToken).get('/teams')).body.teams).toEqual([]);
    // Her next sign-in through the provider is the same user.
    const again = await hosted.signInThrough(sso.providerName, company.url, email);
    expect(again.claims?.sub).toBe(signedIn.claims?.sub);
    // A User of the team does not see its single sign-on settings.
    expect((await member.get(`/teams/${teamId}/sso`)).status).toBe(403);

    const audit = await admin.get(`/audit?teamId=${teamId}`);
    const actions = (audit.body.records as { action: string }[]).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['team.sso_configured', 'team.sso_domain_verified', 'member.joined']),
    );

    // Removed: the provider leaves the pool, the login page no longer finds it.
    expect((await admin.del(`/teams/${teamId}/sso`)).status).toBe(204);
    expect((await apiAs(stack.apiUrl).get(`/sso/discover?email=ada@${domain}`)).status).toBe(404);
    const after = await hosted.signInThrough(sso.providerName, company.url, uniqueEmail('late'));
    expect(after.refused?.searchParams.get('error')).toBe('invalid_request');
  });
});
