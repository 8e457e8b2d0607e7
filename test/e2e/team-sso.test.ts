import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TeamSso } from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalGoogle, startLocalGoogle } from '../../scripts/local/google/server.js';
import { apiAs } from '../support/api.js';
import { expectAccessible, setUpE2e, signUpAs } from './fixtures.js';

/**
 * A team's single sign-on in Chromium: the team's Admin set up the company's OpenID provider (a
 * second local OpenID provider) and verified its domain through the API; a colleague chooses 'Sign
 * in with SSO' on the login page, gives a work e-mail, signs in at the company's provider and is
 * back in the app, signed in, a User of the team.
 */
const e2e = setUpE2e('team-sso');
let company: LocalGoogle;
let providerName: string;
let teamId: string;
const domain = `acme-${randomBytes(4).toString('hex')}.example`;

beforeAll(async () => {
  const secret = randomBytes(16).toString('hex');
  company = await startLocalGoogle({
    port: 0,
    clients: [
      {
        clientId: 'acme-sso',
        clientSecret: secret,
        redirectUris: [`${e2e.stack.google.hostedDomainUrl}/oauth2/idpresponse`],
      },
    ],
  });
  const admin = apiAs(e2e.stack.apiUrl, (await signUpAs('sso-admin')).idToken);
  teamId = String((await admin.post('/teams', { name: 'Acme' })).body.teamId);
  const sso = (
    await admin.put(`/teams/${teamId}/sso`, {
      provider: { type: 'oidc', issuer: company.url, clientId: 'acme-sso', clientSecret: secret },
      domains: [domain],
    })
  ).body as TeamSso;
  providerName = sso.providerName;
  const record = sso.domains[0]?.record ?? { name: '', value: '' };
  await writeFile(join(e2e.stack.dataDir, 'dns-txt.json'), JSON.stringify({ [record.name]: [record.value] }));
  expect((await admin.post(`/teams/${teamId}/sso/domains/${domain}/verify`)).status).toBe(200);
  // The dev server compiles the app on its first load, which a loaded machine takes long over.
  const page = await e2e.openPage();
  await page.goto(e2e.url('/login'), { timeout: 180_000 });
  await page.getByRole('button', { name: 'Sign in with SSO' }).waitFor({ timeout: 180_000 });
  await page.close();
}, 240_000);
afterAll(() => company?.stop());

describe('single sign-on for a team', () => {
  it('says so when the address has no single sign-on', async () => {
    const page = await e2e.openPage({ width: 390, height: 844 });
    await page.goto(e2e.url('/login'));
    await page.getByRole('button', { name: 'Sign in with SSO' }).click();
    await page.getByLabel('Work email').fill('someone@no-sso.example');
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await page.getByText('No single sign-on is set up for this e-mail domain').waitFor();
    await expectAccessible(page, 'the login page with the SSO form');
  });

  it("signs a colleague in through the company's provider, as a User of the team", async () => {
    const page = await e2e.openPage();
    await page.goto(e2e.url('/login'));
    await page.getByRole('button', { name: 'Sign in with SSO' }).click();
    const email = `grace.${randomBytes(3).toString('hex')}@${domain}`;
    await page.getByLabel('Work email').fill(email);
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await page
      .getByRole('heading', { name: /Sign in/ })
      .first()
      .waitFor();
    expect(new URL(page.url()).origin).toBe(company.url);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    // Back in the app and signed in (a new account meets Welcome Aboard first).
    await page.getByRole('heading', { name: 'Welcome Aboard' }).waitFor();
    const stored = await page.evaluate(() =>
      Object.entries(localStorage)
        .filter(([key]) => key.endsWith('.LastAuthUser') || key.endsWith('.idToken'))
        .map(([, value]) => value),
    );
    expect(stored.find((value) => value.startsWith(`${providerName}_`))).toBeDefined();
    const idToken = stored.find((value) => value.split('.').length === 3) ?? '';
    // The app joined the team on its return (POST /sso/join).
    await expect
      .poll(async () => (await apiAs(e2e.stack.apiUrl, idToken).get('/teams')).body.teams, {
        timeout: 15_000,
      })
      .toEqual([expect.objectContaining({ teamId, role: 'user' })]);
  });
});
