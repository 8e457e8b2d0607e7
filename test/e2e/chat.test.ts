import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { configureAmplify, signUpAndSignIn, TEST_PASSWORD, uniqueEmail } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, startModelServer } from '../support/model-server/index.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const url = (path: string) => `${stack.webUrl}${path}`;
const screenshot = (name: string) => page.screenshot({ path: `${SHOTS}/chat-${name}.png` });

const replies = () => page.getByRole('article', { name: 'Reply' });
const sidebar = () => page.getByRole('navigation', { name: 'Conversations' });
const input = () => page.getByRole('textbox', { name: 'Message' });

async function send(text: string) {
  await input().fill(text);
  await input().press('Enter');
}

beforeAll(async () => {
  models = await startModelServer();
  stack = await startTestStack({ web: true });
  configureAmplify(stack.runtimeConfig);
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await models?.stop();
});

describe('chatting on the local stack with a custom endpoint', () => {
  it('logs in to an empty home', async () => {
    const { email } = await signUpAndSignIn(uniqueEmail('chat'));
    await page.goto(url('/login'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(url('/home'));
    await sidebar().getByText('No conversations yet.').waitFor();
    await page.getByRole('button', { name: 'Add a model provider' }).waitFor();
    await screenshot('1-empty');
  });

  it('adds a custom OpenAI-compatible endpoint in Settings, validated', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByText('No keys stored yet.').waitFor();
    await settings.getByLabel('Provider').selectOption('custom');
    await settings.getByLabel('Base URL').fill(models.baseUrls.custom);
    await settings.getByLabel('Label (optional)').fill('Local model');
    await settings.getByRole('button', { name: 'Validate', exact: true }).click();
    await settings.getByText('✓ Valid').waitFor();
    await settings.getByRole('button', { name: 'Save key' }).click();
    await settings.getByRole('listitem').getByText('Local model').waitFor();
    await settings.getByText(models.baseUrls.custom).waitFor();
    await screenshot('2-settings');
    await settings.getByRole('button', { name: 'Close', exact: true }).click();
    await settings.waitFor({ state: 'detached' });
  });

  it('picks the endpoint and streams a reply in as it is generated', async () => {
    const picker = page.getByRole('button', { name: /Local model/ });
    await picker.click();
    await page.getByRole('option', { name: 'llama3.2:latest' }).click();
    await expect.poll(() => picker.textContent()).toContain('llama3.2:latest');

    await send('Hello there friend [[slow:150]]');
    await page
      .getByRole('article', { name: 'Your message' })
      .getByText('Hello there friend [[slow:150]]')
      .waitFor();
    // Part of the reply shows before the rest has been generated.
    await expect
      .poll(async () => (await replies().last().textContent()) ?? '', { timeout: 10_000, interval: 50 })
      .toMatch(/Echo:(?! Hello there friend)/);
    await screenshot('3-streaming');
    await replies().last().getByText('Echo: Hello there friend').waitFor();
    await sidebar().getByRole('button', { name: 'Hello there friend [[slow:150]]', exact: true }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Stop Generating' }).count()).toBe(0);
  });

  it("stops a long reply with 'Stop Generating'", async () => {
    await send('Count for me [[long:300]] [[slow:40]]');
    await replies().last().getByText(/w3/).waitFor();
    await page.getByRole('button', { name: 'Stop Generating' }).click();
    await replies().last().getByText('[Streaming stopped]').waitFor();
    const words = ((await replies().last().textContent()) ?? '').match(/\bw\d+/g) ?? [];
    expect(words.length).toBeGreaterThan(2);
    expect(words.length).toBeLessThan(300);
    await screenshot('4-stopped');
  });

  it('shows the history after a reload', async () => {
    // The server saves the stopped reply within a poll interval; reload until it has.
    await expect
      .poll(
        async () => {
          await page.reload();
          await replies().first().waitFor();
          return (await page.getByRole('region', { name: 'Messages' }).textContent()) ?? '';
        },
        { timeout: 15_000, interval: 500 },
      )
      .toContain('[Streaming stopped]');
    const history = page.getByRole('region', { name: 'Messages' });
    await history.getByText('Hello there friend [[slow:150]]').waitFor();
    await history.getByText('Echo: Hello there friend').waitFor();
    await history.getByText('Count for me [[long:300]] [[slow:40]]').waitFor();
    await screenshot('5-history');
  });

  it('deletes the conversation after a confirmation', async () => {
    const title = 'Hello there friend [[slow:150]]';
    await sidebar().getByRole('button', { name: title, exact: true }).hover();
    await sidebar()
      .getByRole('button', { name: `Delete conversation ${title}` })
      .click();
    await page
      .getByRole('alertdialog', { name: 'Delete conversation' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await sidebar().getByText('No conversations yet.').waitFor();
    await page.reload();
    await sidebar().getByText('No conversations yet.').waitFor();
  });
});
