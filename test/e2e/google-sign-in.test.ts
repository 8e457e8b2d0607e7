import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, setUpE2e, signUpAs } from './fixtures.js';

/**
 * 'Continue with Google' on the local stack: app -> the hosted sign-in domain (HTTPS, its
 * certificate trusted by the browser by its key) -> the local Google -> back, with Amplify's own
 * signInWithRedirect and completion. The failure texts of spec 5 where they belong.
 */
const e2e = setUpE2e('google-sign-in');

// The dev server compiles the app on its first load, which a loaded machine takes long over.
beforeAll(async () => {
  const page = await e2e.openPage();
  await page.goto(e2e.url('/login'), { timeout: 180_000 });
  await page.getByRole('button', { name: 'Continue with Google' }).waitFor({ timeout: 180_000 });
  await page.close();
}, 200_000);

async function toGoogle(page: Page, path = '/login') {
  await page.goto(e2e.url(path));
  await page.waitForURL(e2e.url('/login'));
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page
    .getByRole('heading', { name: /Sign in/ })
    .first()
    .waitFor();
  expect(new URL(page.url()).origin).toBe(e2e.stack.google.url);
}

describe('Google sign-in', () => {
  it('signs in through the local Google, as the password account with the same e-mail, on the page it wanted', async () => {
    const { email, idToken } = await signUpAs('google');
    const username = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString())[
      'cognito:username'
    ];
    const page = await e2e.openPage();
    await toGoogle(page, '/workspace');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(e2e.url('/workspace'));
    await page.getByRole('heading', { name: 'Code workspace' }).waitFor();
    // Signed in as the password account (Amplify's stored user), not a new Google_<sub> one.
    const signedInAs = await page.evaluate(
      () => Object.entries(localStorage).find(([key]) => key.endsWith('.LastAuthUser'))?.[1],
    );
    expect(signedInAs).toBe(username);
  });

  it("says 'User cancelled OAuth flow' when the visitor cancels at Google", async () => {
    const page = await e2e.openPage({ width: 390, height: 844 });
    await toGoogle(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(e2e.url('/login'));
    await page.getByText('User cancelled OAuth flow').first().waitFor();
    await expectAccessible(page, 'the login page after a cancelled Google sign-in');
  });

  it("says 'An error occurred while validating the state' when the returned state is not the one this browser stored", async () => {
    const page = await e2e.openPage();
    await toGoogle(page);
    // Meanwhile another sign-in started in this browser replaced the stored state (a callback
    // that is not this sign-in's): set from a page of the app's origin that runs no app code.
    const other = await page.context().newPage();
    await other.goto(e2e.url('/config.json'));
    await other.evaluate(() => {
      for (const key of Object.keys(localStorage))
        if (key.endsWith('.oauthState')) localStorage.setItem(key, 'the-state-of-another-sign-in');
    });
    await other.close();
    await page.getByLabel('Email').fill(`tampered-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('An error occurred while validating the state').first().waitFor();
    await page.waitForURL(e2e.url('/login'));
  });

  it("says 'Federated sign-in failed' when the hosted domain refuses the returned code", async () => {
    const page = await e2e.openPage();
    // The code comes back, but its exchange is refused (expired, used twice, a provider's error):
    // the hosted domain's token endpoint answers as Cognito does, to Amplify's own request.
    let refused = 0;
    await page.route(/\/oauth2\/token$/, async (route) => {
      refused += 1;
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': new URL(e2e.url('/')).origin },
        body: JSON.stringify({ error: 'invalid_grant' }),
      });
    });
    await toGoogle(page);
    await page.getByLabel('Email').fill(`refused-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Federated sign-in failed').first().waitFor();
    await page.waitForURL(e2e.url('/login'));
    expect(refused).toBeGreaterThan(0);
    await expectAccessible(page, 'the login page after a refused code');
  });

  it("says 'Google login failed' when the stage has no hosted sign-in domain", async () => {
    const page = await e2e.openPage();
    // A stage deployed without `oauthDomain` (no Google sign-in configured): its /config.json.
    await page.route(/\/config\.json$/, async (route) => {
      const response = await route.fetch();
      const { oauthDomain: _none, ...config } = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: config });
    });
    await page.goto(e2e.url('/login'));
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByText('Google login failed').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    expect(await page.getByRole('button', { name: 'Continue with Google' }).isEnabled()).toBe(true);
  });
});
