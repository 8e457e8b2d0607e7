import { GITHUB_MESSAGES } from '@agentforge/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, loginAs, setUpE2e, signUpAs } from './fixtures.js';

const e2e = setUpE2e('github');

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const settings = (page: Page) => page.getByRole('dialog', { name: 'Settings' });

/** A new user's Settings, then 'Connect GitHub' (by keyboard): the local GitHub's consent page. */
async function connectGithub(label: string) {
  const user = await signUpAs(label);
  const page = await e2e.openPage();
  await loginAs(e2e, page, user.email);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await settings(page).getByText('Not connected').waitFor();
  await settings(page).getByRole('button', { name: 'Connect GitHub' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(`${e2e.stack.githubUrl}/login/oauth/authorize?**`);
  expect(await page.title()).toMatch(/^Local test GitHub/);
  return page;
}

describe('GitHub account link', () => {
  it('Connect GitHub in Settings -> Authorize on the local GitHub -> callback -> linked, shown in Settings', async () => {
    const page = await connectGithub('github-link');
    await expectAccessible(page, 'the local GitHub consent page');
    await page.getByLabel('Sign in as (any username)').fill('e2e-octocat');
    await page.getByRole('button', { name: 'Authorize' }).click();

    await page.waitForURL(e2e.url('/github/callback?**'));
    await toasts(page).getByText(GITHUB_MESSAGES.connectedTitle).waitFor();
    await expectAccessible(page, 'the GitHub callback');
    // The state served one callback: it is gone from session storage.
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.waitForURL(e2e.url('/home?feature=settings'));
    await settings(page).getByText('Connected as e2e-octocat').waitFor();
    await expectAccessible(page, 'Settings with a linked GitHub account');

    // Disconnect: revoked and gone.
    await settings(page).getByRole('button', { name: 'Disconnect' }).click();
    await settings(page).getByRole('button', { name: 'Connect GitHub' }).waitFor();
  });

  it('Deny on the local GitHub -> the error toast -> back home after 4 s', async () => {
    const page = await connectGithub('github-deny');
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(e2e.url('/github/callback?**'));
    await toasts(page).getByText(GITHUB_MESSAGES.connectionFailedTitle).waitFor();
    await toasts(page)
      .getByText(
        GITHUB_MESSAGES.authorizationFailed('access_denied', 'The user has denied your application access.'),
      )
      .waitFor();
    await page.waitForURL(e2e.url('/home'), { timeout: 10_000 });
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await settings(page).getByText('Not connected').waitFor();
  });
});
