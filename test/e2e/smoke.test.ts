import { describe, expect, it } from 'vitest';
import { expectAccessible, loginAs, setUpE2e, signUpAs } from './fixtures.js';

const e2e = setUpE2e('smoke');

describe('the web app on the local stack', () => {
  it('renders the landing page', async () => {
    const page = await e2e.openPage();
    await page.goto(e2e.url('/'));
    await page
      .getByRole('heading', { name: /AI Agent Platform/ })
      .first()
      .waitFor();
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    await expectAccessible(page, 'the landing page');
  });

  it('sends a signed-in visitor from / to /home, showing no landing page meanwhile', async () => {
    const { email } = await signUpAs('landing-signed-in');
    const page = await e2e.openPage();
    await loginAs(e2e, page, email);
    await page.goto(e2e.url('/'));
    // The prerendered page's session gate hid it before its first paint; the app checks the session.
    expect(await page.evaluate(() => document.documentElement.dataset.session)).toBe('maybe');
    expect(await page.getByRole('heading', { name: 'AI Agent Platform' }).isVisible()).toBe(false);
    await page.waitForURL(e2e.url('/home'));
    await page.getByRole('button', { name: 'Logout' }).waitFor();
  });

  it('runs under the deployed Content-Security-Policy, with nothing refused', async () => {
    const page = await e2e.openPage();
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    const response = await page.goto(e2e.url('/login'));
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await expectAccessible(page, 'the login page');
    expect(cspViolations.map((v) => v.slice(0, 200))).toEqual([]);
  });

  it("shows 'Sorry, page not found!' for an unknown path", async () => {
    const page = await e2e.openPage();
    await page.goto(e2e.url('/no-such-page'));
    await page.getByText('Sorry, page not found!').waitFor();
    await expectAccessible(page, 'the not-found page');
  });

  it('logs no warning on the public pages, on signing in, or on a hard load of /home', async () => {
    const { email } = await signUpAs('quiet');
    const page = await e2e.openPage();
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error')
        logged.push(message.text().slice(0, 200));
    });
    await page.goto(e2e.url('/'));
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    await loginAs(e2e, page, email);
    await page.reload();
    await page.getByRole('heading', { name: 'Home' }).waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(logged).toEqual([]);
  });
});
