import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.js';
import { launchChromium } from '../support/browser.js';
import { configureAmplify, signUpAndSignIn, TEST_PASSWORD, uniqueEmail } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, startModelServer } from '../support/model-server/index.js';

const EVERYTHING = '@modelcontextprotocol/server-everything';
const PROMPT = 'Please echo [[tool:echo {"message":"hi"}]]';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const url = (path: string) => `${stack.webUrl}${path}`;
const screenshot = (name: string) => page.screenshot({ path: `${SHOTS}/servers-${name}.png` });

const serverList = () => page.getByRole('region', { name: 'MCP servers' });
const card = (name: string) => serverList().getByRole('article', { name });
const serverPicker = () => page.getByRole('button', { name: /^Chat server:/ });
const replies = () => page.getByRole('article', { name: 'Reply' });

beforeAll(async () => {
  models = await startModelServer();
  stack = await startTestStack({ web: true });
  configureAmplify(stack.runtimeConfig);
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await models?.stop();
});

describe('MCP servers on the local stack', () => {
  it('logs in with a model endpoint stored, to no server connected', async () => {
    const { email, idToken } = await signUpAndSignIn(uniqueEmail('servers'));
    const key = await apiAs(stack.apiUrl, idToken).post('/api-keys', {
      provider: 'custom',
      baseUrl: models.baseUrls.custom,
      label: 'Local model',
    });
    expect(key.status).toBe(201);
    await page.goto(url('/login'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(url('/home'));
    await expect.poll(() => serverPicker().textContent()).toContain('No Server Connected');
    await page.getByText(/^0\/\d+ hours$/).waitFor();
  });

  it("adds a server from the Servers view's configuration modal", async () => {
    await page.getByRole('tab', { name: 'Servers' }).click();
    await serverList().getByText('No MCP servers yet').waitFor();
    await page.getByRole('button', { name: 'Add MCP Server Config' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Server Configuration' });
    await dialog.getByLabel('Idle timeout (minutes)').fill('0');
    await dialog.getByRole('button', { name: 'Create server' }).click();
    await dialog.getByText('Name is required', { exact: true }).waitFor();
    await dialog.getByText('Package name is required').waitFor();
    await dialog.getByText('Idle timeout must be at least 1 minute').waitFor();

    await dialog.getByLabel('Name', { exact: true }).fill('Everything');
    await dialog.getByLabel('Package name').fill(EVERYTHING);
    await dialog.getByLabel('Idle timeout (minutes)').fill('10');
    await dialog.getByRole('button', { name: 'Add variable' }).click();
    await dialog.getByLabel('Variable 1 name').fill(' GREETING ');
    await dialog.getByLabel('Variable 1 value').fill('hello');
    await screenshot('1-new-config');
    await dialog.getByRole('button', { name: 'Create server' }).click();
    await dialog.waitFor({ state: 'detached' });

    const everything = card('Everything');
    await everything.getByText('Defined').waitFor();
    await everything.getByText(EVERYTHING).waitFor();
    await everything.getByText('10 min timeout').waitFor();
    await everything.getByText(`${stack.apiUrl}/api/mcp-external/`).waitFor();
  });

  it('enables it and shows the progress until it is Running', async () => {
    const everything = card('Everything');
    await everything.getByRole('switch', { name: 'Enable Everything' }).click();
    await everything.getByText(/Provisioning\.\.\.|Starting\.\.\./).waitFor();
    expect(await everything.getByRole('button', { name: 'Edit Everything' }).isDisabled()).toBe(true);
    expect(await everything.getByRole('button', { name: 'Delete Everything' }).isDisabled()).toBe(true);
    await screenshot('2-starting');
    await everything.getByText('Running').waitFor({ timeout: 60_000 });
    expect(
      await everything.getByRole('switch', { name: 'Enable Everything' }).getAttribute('aria-checked'),
    ).toBe('true');
    await screenshot('3-running');
  });

  it("says 'Failed to initialize server' when the plan's concurrent-server limit is hit", async () => {
    await page.getByRole('button', { name: 'Add MCP Server Config' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Server Configuration' });
    await dialog.getByLabel('Name', { exact: true }).fill('Second');
    await dialog.getByLabel('Package name').fill(EVERYTHING);
    await dialog.getByRole('button', { name: 'Create server' }).click();
    await dialog.waitFor({ state: 'detached' });
    const second = card('Second');
    await second.getByRole('switch', { name: 'Enable Second' }).click();
    const alert = second.getByRole('alert');
    await alert.getByText('Failed to initialize server').waitFor();
    await alert.getByText(/at most 1 server at a time/).waitFor();
    await screenshot('3b-limit');
    await second.getByRole('button', { name: 'Delete Second' }).click();
    await second.getByText('Delete the server "Second"?').waitFor();
    await second.getByRole('button', { name: 'Delete', exact: true }).click();
    await second.waitFor({ state: 'detached' });
  });

  it("attaches it to the chat: its name with an 'Active' badge", async () => {
    await card('Everything').getByRole('button', { name: 'Use in chat' }).click();
    await card('Everything').getByText('In this chat').waitFor();
    await expect.poll(() => serverPicker().textContent()).toMatch(/Everything\s*Active/);
  });

  it('chats with the model, which calls the server’s echo tool', async () => {
    const picker = page.getByRole('button', { name: /Local model/ });
    await picker.click();
    await page.getByRole('option', { name: 'llama3.2:latest' }).click();
    await page.getByRole('tab', { name: 'Chats' }).click();

    await page.getByRole('textbox', { name: 'Message' }).fill(PROMPT);
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    const reply = replies().last();
    await reply.getByText('Tool echo said: Echo: hi').waitFor({ timeout: 30_000 });
    const call = reply.locator('details').filter({ hasText: 'echo' });
    await call.getByText('Success').waitFor();
    await call.locator('summary').click();
    await call.getByText('"message": "hi"').waitFor();
    await call.getByText('Echo: hi', { exact: true }).waitFor();
    await screenshot('4-tool-call');
  });

  it('shows the tool call from the history, with the server still attached', async () => {
    await page.reload();
    const reply = replies().last();
    await reply.getByText('Tool echo said: Echo: hi').waitFor();
    await reply.locator('details').filter({ hasText: 'echo' }).getByText('Success').waitFor();
    await expect.poll(() => serverPicker().textContent()).toMatch(/Everything\s*Active/);
    await screenshot('4b-history');
  });

  it('takes it off the chat and attaches it again, each kept over a reload', async () => {
    const pick = async (option: RegExp) => {
      await serverPicker().click();
      const saved = page.waitForResponse(
        (response) => response.request().method() === 'PUT' && response.url().includes('/conversations/'),
      );
      await page.getByRole('listbox', { name: 'Server' }).getByRole('option', { name: option }).click();
      expect((await saved).status()).toBe(200);
      await page.reload();
      await replies().last().getByText('Tool echo said: Echo: hi').waitFor();
    };
    await pick(/^No server/);
    await expect.poll(() => serverPicker().textContent()).toContain('No Server Connected');
    await pick(/^Everything/);
    await expect.poll(() => serverPicker().textContent()).toMatch(/Everything\s*Active/);
  });

  it("opens 'Configure Server' read-only while it runs, and issues an external token once", async () => {
    await page.getByRole('button', { name: 'Configure Server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Server Configuration' });
    await dialog.getByText('Disable the server to change its configuration.').waitFor();
    expect(await dialog.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Variable 1 value').inputValue()).toBe('••••••••');
    await dialog.getByRole('button', { name: 'Generate token' }).click();
    await dialog.getByText('Copy this token now: it is shown only once.', { exact: false }).waitFor();
    const [endpoint, token] = await dialog.locator('code').allTextContents();
    expect(endpoint).toMatch(new RegExp(`^${stack.apiUrl}/api/mcp-external/\\S+$`));
    expect(token).toMatch(/^\S+\.\S{20,}$/);
    await dialog.getByText('"Authorization": "Bearer', { exact: false }).waitFor();
    await screenshot('5-external-token');
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('disables it: Disabled, and no longer Active in the top bar', async () => {
    await page.getByRole('tab', { name: 'Servers' }).click();
    const everything = card('Everything');
    await everything.getByRole('switch', { name: 'Enable Everything' }).click();
    await everything.getByText('Disabled').waitFor({ timeout: 30_000 });
    await expect.poll(() => serverPicker().textContent()).toMatch(/Everything\s*Disabled/);
    await page.getByText(/^\d+\/\d+ hours$/).waitFor();
    await screenshot('6-disabled');
  });

  it('edits it with the stored variable kept masked, then deletes it after the confirmation', async () => {
    const everything = card('Everything');
    await everything.getByRole('button', { name: 'Edit Everything' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Server Configuration' });
    expect(await dialog.getByLabel('Variable 1 name').inputValue()).toBe('GREETING');
    expect(await dialog.getByLabel('Variable 1 value').inputValue()).toBe('••••••••');
    await dialog.getByLabel('Name', { exact: true }).fill('Everything else');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });

    const renamed = card('Everything else');
    await renamed.getByText('Disabled').waitFor();
    await renamed.getByRole('button', { name: 'Delete Everything else' }).click();
    await renamed.getByText('Delete the server "Everything else"?').waitFor();
    await screenshot('7-delete');
    await renamed.getByRole('button', { name: 'Delete', exact: true }).click();
    await serverList().getByText('No MCP servers yet').waitFor();
  });

  it('fits a phone screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await serverPicker().waitFor();
    const box = await page.getByRole('button', { name: 'Logout' }).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await screenshot('8-phone');
    await serverPicker().click();
    await page.getByRole('listbox', { name: 'Server' }).waitFor();
    await screenshot('8b-phone-picker');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await page.getByRole('tab', { name: 'Servers' }).click();
    await screenshot('9-phone-servers');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
