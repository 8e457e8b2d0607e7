import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { startTestStack } from '../support/local-stack.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let browser: Browser;
let page: Page;
const cspViolations: string[] = [];

beforeAll(async () => {
  stack = await startTestStack({ web: true });
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('the web app on the local stack', () => {
  it('renders the landing page', async () => {
    await page.goto(`${stack.webUrl}/`);
    await page
      .getByRole('heading', { name: /AI Agent Platform/ })
      .first()
      .waitFor();
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
  });

  it('runs under the deployed Content-Security-Policy, with nothing refused', async () => {
    const response = await page.goto(`${stack.webUrl}/login`);
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(cspViolations.map((v) => v.slice(0, 200))).toEqual([]);
  });

  it("shows 'Sorry, page not found!' for an unknown path", async () => {
    await page.goto(`${stack.webUrl}/no-such-page`);
    await page.getByText('Sorry, page not found!').waitFor();
  });
});
