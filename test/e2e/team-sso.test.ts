import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AUTH_MESSAGES, type TeamSso } from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalGoogle, startLocalGoogle } from '../../scripts/local/google/server.js';
import { apiAs } from '../support/api.js';
import { signUpAndSignIn, TEST_PASSWORD } from '../support/identity.js';
import { expectAccessible, loginAs, setUpE2e, signUpAs, storedSession } from './fixtures.js';

/**
 * A team's single sign-on in Chromium: the team's Admin set up the company's OpenID provider (a
 * second local OpenID provider) and verified its domain on the Teams page (on a phone); a colleague chooses 'Sign
 * in with SSO' on the login page, gives a work e-mail, signs in at the company's provider and is
 * back in the app, signed in, a User of the team.
 */
const e2e = setUpE2e('team-sso');
let company: LocalGoogle;
let providerName: string;
let teamId: string;
let adminToken: string;
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
  const adminUser = await signUpAs('sso-admin');
  adminToken = adminUser.idToken;
  const admin = apiAs(e2e.stack.apiUrl, adminUser.idToken);
  teamId = String((await admin.post('/teams', { name: 'Acme' })).body.teamId);
  // The Admin sets it up on the Teams page, on a phone: provider, domain, TXT record, Verify.
  const adminPage = await e2e.openPage({ width: 390, height: 844 });
  // The dev server compiles the app on its first load, which a loaded machine takes long over.
  await adminPage.goto(e2e.url('/login'), { timeout: 180_000 });
  await adminPage.getByLabel('Email').waitFor({ timeout: 180_000 });
  await loginAs(e2e, adminPage, adminUser.email);
  await adminPage.goto(e2e.url('/teams'));
  const form = adminPage.getByRole('form', { name: 'Single sign-on provider' });
  await form.getByLabel('Issuer URL').fill(company.url);
  await form.getByLabel('Client ID').fill('acme-sso');
  await form.getByLabel('Client secret').fill(secret);
  await form.getByLabel('E-mail domains (comma separated)').fill(domain);
  await form.getByRole('button', { name: 'Save single sign-on' }).click();
  await form.getByText(`••••${secret.slice(-4)}`).waitFor();
  const domains = adminPage.getByRole('list', { name: 'E-mail domains' });
  const record = {
    name: (await domains.locator('dd.font-mono').nth(0).textContent()) ?? '',
    value: (await domains.locator('dd.font-mono').nth(1).textContent()) ?? '',
  };
  expect(record.name).toBe(`_agentforge-verification.${domain}`);
  await domains.getByRole('button', { name: `Verify ${domain}` }).click();
  await domains.getByRole('status').waitFor(); // the API's refusal: nothing is published yet
  expect(await domains.getByRole('status').textContent()).not.toContain('is verified');
  await writeFile(join(e2e.stack.dataDir, 'dns-txt.json'), JSON.stringify({ [record.name]: [record.value] }));
  await domains.getByRole('button', { name: `Verify ${domain}` }).click();
  await domains.getByText(`${domain} is verified.`).waitFor();
  await adminPage.getByText('Active', { exact: true }).waitFor();
  await expectAccessible(adminPage, 'the Teams page with single sign-on set up');
  await adminPage.close();
  providerName = ((await admin.get(`/teams/${teamId}/sso`)).body as TeamSso).providerName;
  // The dev server compiles the app on its first load, which a loaded machine takes long over.
  const page = await e2e.openPage();
  await page.goto(e2e.url('/login'), { timeout: 180_000 });
  await page.getByRole('button', { name: 'Sign in with SSO' }).waitFor({ timeout: 180_000 });
  await page.close();
}, 360_000);
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
    const { user, idToken } = await storedSession(page);
    expect(user.startsWith(`${providerName}_`)).toBe(true);
    // The app joined the team on its return (POST /sso/join).
    await expect
      .poll(async () => (await apiAs(e2e.stack.apiUrl, idToken).get('/teams')).body.teams, {
        timeout: 15_000,
      })
      .toEqual([expect.objectContaining({ teamId, role: 'user' })]);
  });

  it("refuses a password sign-in at the domain once the team requires SSO, and points to 'Sign in with SSO', which works", async () => {
    const pat = await signUpAndSignIn(`pat.${randomBytes(3).toString('hex')}@${domain}`);
    const admin = apiAs(e2e.stack.apiUrl, adminToken);
    const required = await admin.put(`/teams/${teamId}/sso`, {
      provider: { type: 'oidc', issuer: company.url, clientId: 'acme-sso' },
      domains: [domain],
      requireSso: true,
    });
    expect(required.body).toMatchObject({ requireSso: true });
    const page = await e2e.openPage({ width: 390, height: 844 });
    await page.goto(e2e.url('/login'));
    await page.getByLabel('Email').fill(pat.email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText(AUTH_MESSAGES.ssoRequired).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await expectAccessible(page, 'the login page refusing a password sign-in that requires SSO');
    // The way it points to: the same address through the company's provider signs in, as the
    // provider's own user (never linked to the password account), and joins the team.
    await page.getByRole('button', { name: 'Sign in with SSO' }).click();
    await page.getByLabel('Work email').fill(pat.email);
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await page
      .getByRole('heading', { name: /Sign in/ })
      .first()
      .waitFor();
    await page.getByLabel('Email').fill(pat.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Welcome Aboard' }).waitFor();
    const { user, idToken } = await storedSession(page);
    expect(user.startsWith(`${providerName}_`)).toBe(true);
    await expect
      .poll(async () => (await apiAs(e2e.stack.apiUrl, idToken).get('/teams')).body.teams, {
        timeout: 15_000,
      })
      .toEqual([expect.objectContaining({ teamId, role: 'user' })]);
  });
});
