import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TeamSso } from '@agentforge/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.js';
import { expectAccessible, loginAs, setUpE2e, signUpAs, storedSession } from './fixtures.js';

/**
 * A team's SAML single sign-on in Chromium, on a phone: the team's Admin chooses 'SAML 2.0' on the
 * Teams page with the local SAML IdP's metadata file and verifies the domain; a colleague chooses
 * 'Sign in with SSO' on the login page, signs in on the IdP's page (an AuthnRequest by redirect),
 * the IdP's signed Response is posted to the hosted domain, and they are back in the app, signed
 * in, a User of the team.
 */
const e2e = setUpE2e('team-sso-saml');
const PHONE = { width: 390, height: 844 };
let providerName: string;
let teamId: string;
const domain = `globex-${randomBytes(4).toString('hex')}.example`;

beforeAll(async () => {
  const adminUser = await signUpAs('saml-admin');
  const admin = apiAs(e2e.stack.apiUrl, adminUser.idToken);
  teamId = String((await admin.post('/teams', { name: 'Globex' })).body.teamId);
  const adminPage = await e2e.openPage(PHONE);
  // The dev server compiles the app on its first load, which a loaded machine takes long over.
  await adminPage.goto(e2e.url('/login'), { timeout: 180_000 });
  await adminPage.getByLabel('Email').waitFor({ timeout: 180_000 });
  await loginAs(e2e, adminPage, adminUser.email);
  await adminPage.goto(e2e.url('/teams'));
  const form = adminPage.getByRole('form', { name: 'Single sign-on provider' });
  await form.getByLabel('Provider type').selectOption('saml');
  // The metadata file the IdP exports, chosen with 'Choose metadata file' (it passes the web ACL's body rules).
  const chooser = adminPage.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Choose metadata file' }).click();
  await (await chooser).setFiles({
    name: 'globex-idp.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(e2e.stack.samlIdp.metadata),
  });
  await form.getByText('Metadata file: globex-idp.xml').waitFor();
  await form.getByLabel('E-mail domains (comma separated)').fill(domain);
  await form.getByRole('button', { name: 'Save single sign-on' }).click();
  const domains = adminPage.getByRole('list', { name: 'E-mail domains' });
  await domains.getByRole('button', { name: `Verify ${domain}` }).waitFor();
  const sso = (await admin.get(`/teams/${teamId}/sso`)).body as TeamSso;
  expect(sso.provider).toEqual({ type: 'saml', hasMetadataFile: true });
  const record = sso.domains[0]?.record ?? { name: '', value: '' };
  await writeFile(join(e2e.stack.dataDir, 'dns-txt.json'), JSON.stringify({ [record.name]: [record.value] }));
  await domains.getByRole('button', { name: `Verify ${domain}` }).click();
  await domains.getByText(`${domain} is verified.`).waitFor();
  await expectAccessible(adminPage, 'the Teams page with SAML single sign-on set up');
  await adminPage.close();
  providerName = sso.providerName;
}, 360_000);

describe("a team's SAML single sign-on", () => {
  it('signs a colleague in at the SAML IdP on a phone, back in the app as a User of the team', async () => {
    const page = await e2e.openPage(PHONE);
    await page.goto(e2e.url('/login'));
    await page.getByRole('button', { name: 'Sign in with SSO' }).click();
    const email = `hank.${randomBytes(3).toString('hex')}@${domain}`;
    await page.getByLabel('Work email').fill(email);
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).origin).toBe(e2e.stack.samlIdp.url);
    await expectAccessible(page, "the SAML IdP's sign-in page");
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    // Back in the app and signed in (a new account meets Welcome Aboard first).
    await page.getByRole('heading', { name: 'Welcome Aboard' }).waitFor();
    const { user, idToken } = await storedSession(page);
    expect(user).toBe(`${providerName}_${email}`);
    // The app joined the team on its return (POST /sso/join).
    await expect
      .poll(async () => (await apiAs(e2e.stack.apiUrl, idToken).get('/teams')).body.teams, {
        timeout: 15_000,
      })
      .toEqual([expect.objectContaining({ teamId, role: 'user' })]);
  });

  it('goes back to the login page with the cancel when the colleague cancels at the IdP', async () => {
    const page = await e2e.openPage(PHONE);
    await page.goto(e2e.url('/login'));
    await page.getByRole('button', { name: 'Sign in with SSO' }).click();
    await page.getByLabel('Work email').fill(`ida@${domain}`);
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(e2e.url('/login'));
    await page.getByText('User cancelled OAuth flow').first().waitFor();
  });
});
