import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { startTestStack } from '../support/local-stack.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  stack = await startTestStack({ web: true });
  browser = await launchChromium();
  page = await browser.newPage();
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

  it("shows 'Sorry, page not found!' for an unknown path", async () => {
    await page.goto(`${stack.webUrl}/no-such-page`);
    await page.getByText('Sorry, page not found!').waitFor();
  });
});
