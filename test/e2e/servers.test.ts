/// <reference lib="dom" />
// The functions given to evaluate() run in the browser.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs } from '../support/api.js';
import { expectAccessible, loginAs, setUpE2e, signUpWithModel } from './fixtures.js';

const EVERYTHING = '@modelcontextprotocol/server-everything';
const PROMPT = 'Please echo [[tool:echo {"message":"hi"}]]';

const e2e = setUpE2e('servers');

const serverConfig = (name: string) => ({
  name,
  packageName: EVERYTHING,
  idleTimeoutMinutes: 5,
  environmentVariables: [],
});

const serverList = (page: Page) => page.getByRole('region', { name: 'MCP servers' });
const card = (page: Page, name: string) => serverList(page).getByRole('article', { name });
const serverPicker = (page: Page) => page.getByRole('button', { name: /^Chat server:/ });
const replies = (page: Page) => page.getByRole('article', { name: 'Reply' });

type ViewOptions = {
  width?: number;
  height?: number;
  persist?: boolean;
  /** What the new user has already set up through the API before logging in. */
  given?: (api: Api) => Promise<void>;
};

/** A signed-in page of a new user, with no server attached to the chat. */
async function serversViewOf(label: string, { given, ...options }: ViewOptions = {}) {
  const user = await signUpWithModel(e2e, label);
  await given?.(apiAs(e2e.stack.apiUrl, user.idToken));
  const page = await e2e.openPage(options);
  await loginAs(e2e, page, user.email);
  await page.getByRole('button', { name: 'Chat server: No Server Connected' }).waitFor();
  return { page };
}

async function openServersTab(page: Page) {
  await page.getByRole('tab', { name: 'Servers' }).click();
  await serverList(page).waitFor();
}

async function confirmDelete(page: Page, name: string) {
  await card(page, name)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete server' });
  await confirm.getByText(`Delete the server "${name}"?`, { exact: false }).waitFor();
  return confirm;
}

describe('MCP server configurations', () => {
  it('validates and creates one, edits it with the stored variable kept masked, and deletes it after the confirmation', async () => {
    const { page } = await serversViewOf('servers-config');
    await page.getByText(/^0\/\d+ hours$/).waitFor();
    await openServersTab(page);
    await serverList(page).getByText('No MCP servers yet').waitFor();
    await expectAccessible(page, 'the empty Servers view');
    await page.getByRole('button', { name: 'Add MCP Server Config' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Server Configuration' });
    await dialog.getByLabel('Idle timeout (minutes)').fill('0');
    await dialog.getByRole('button', { name: 'Create server' }).click();
    await dialog.getByText('Name is required', { exact: true }).waitFor();
    await dialog.getByText('Package name is required').waitFor();
    await dialog.getByText('Idle timeout must be at least 1 minute').waitFor();
    await expectAccessible(page, 'the new-server modal with its errors');

    await dialog.getByLabel('Name', { exact: true }).fill('Everything');
    await dialog.getByLabel('Package name').fill(EVERYTHING);
    await dialog.getByLabel('Idle timeout (minutes)').fill('10');
    await dialog.getByRole('button', { name: 'Add variable' }).click();
    await dialog.getByLabel('Variable 1 name').fill(' GREETING ');
    await dialog.getByLabel('Variable 1 value').fill('hello');
    await e2e.screenshot(page, '1-new-config');
    await dialog.getByRole('button', { name: 'Create server' }).click();
    await dialog.waitFor({ state: 'detached' });

    const everything = card(page, 'Everything');
    await everything.getByText('Defined').waitFor();
    await everything.getByText(EVERYTHING).waitFor();
    await everything.getByText('10 min timeout').waitFor();
    await everything.getByText(`${e2e.stack.apiUrl}/api/mcp-external/`).waitFor();
    await expectAccessible(page, 'the Servers view with a server');

    await everything.getByRole('button', { name: 'Edit Everything' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Server Configuration' });
    expect(await edit.getByLabel('Variable 1 name').inputValue()).toBe('GREETING');
    expect(await edit.getByLabel('Variable 1 value').inputValue()).toBe('••••••••');
    await edit.getByLabel('Name', { exact: true }).fill('Everything else');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });

    const confirm = await confirmDelete(page, 'Everything else');
    await expectAccessible(page, 'the delete-server confirmation');
    await e2e.screenshot(page, '7-delete');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await serverList(page).getByText('No MCP servers yet').waitFor();
    // Validation, creation, an edit and a deletion, each checked with axe: the longest of the journeys.
  }, 120_000);

  it("says 'Failed to initialize server' when the plan's concurrent-server limit is hit", async () => {
    const { page } = await serversViewOf('servers-limit', {
      given: async (api) => {
        const first = await api.post('/mcp-servers', serverConfig('First'));
        expect((await api.post(`/mcp-servers/${first.body.id as string}/enable`)).status).toBeLessThan(300);
        expect((await api.post('/mcp-servers', serverConfig('Second'))).status).toBe(201);
      },
    });

    await openServersTab(page);
    const second = card(page, 'Second');
    await second.getByRole('switch', { name: 'Enable Second' }).click();
    const alert = second.getByRole('alert');
    await alert.getByText('Failed to initialize server').waitFor();
    await alert.getByText(/at most 1 server at a time/).waitFor();
    await e2e.screenshot(page, '3b-limit');
  });

  it('fits a phone screen', async () => {
    const { page } = await serversViewOf('servers-phone', {
      width: 390,
      height: 844,
      given: async (api) => {
        expect((await api.post('/mcp-servers', serverConfig('Phone'))).status).toBe(201);
      },
    });
    await e2e.screenshot(page, '8-phone');
    const box = await page.getByRole('button', { name: 'Logout' }).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    // The model that answers is named, and every mode tab is inside the screen.
    const model = page.getByRole('button', { name: 'llama3.2:latest' });
    await expect
      .poll(() =>
        model.evaluate((button) =>
          [...button.querySelectorAll('.truncate')].every((text) => text.scrollWidth <= text.clientWidth),
        ),
      )
      .toBe(true);
    const modes = await page.getByRole('tablist', { name: 'Mode' }).getByRole('tab').all();
    expect(modes).toHaveLength(5);
    for (const tab of modes) {
      const tabBox = await tab.boundingBox();
      expect((tabBox?.x ?? -1) >= 0 && (tabBox?.x ?? 0) + (tabBox?.width ?? 0) <= 390).toBe(true);
    }
    await serverPicker(page).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitemcheckbox', { name: /Phone/ }).waitFor();
    await menu.getByText(/^0\/\d+ hours$/).waitFor();
    const menuBox = await menu.boundingBox();
    expect((menuBox?.x ?? -1) >= 0 && (menuBox?.x ?? 0) + (menuBox?.width ?? 0) <= 390).toBe(true);
    await expectAccessible(page, 'the server picker on a phone');
    await e2e.screenshot(page, '8b-phone-picker');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await openServersTab(page);
    await card(page, 'Phone').waitFor();
    await e2e.screenshot(page, '9-phone-servers');
  });
});

// One server's life, step by step on one page: each step starts where the one before left it.
describe('a running MCP server used by the chat', () => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await serversViewOf('servers-life', { persist: true }));
    await openServersTab(page);
    await page.getByRole('button', { name: 'Add MCP Server Config' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Server Configuration' });
    await dialog.getByLabel('Name', { exact: true }).fill('Everything');
    await dialog.getByLabel('Package name').fill(EVERYTHING);
    await dialog.getByRole('button', { name: 'Add variable' }).click();
    await dialog.getByLabel('Variable 1 name').fill('GREETING');
    await dialog.getByLabel('Variable 1 value').fill('hello');
    await dialog.getByRole('button', { name: 'Create server' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('enables it and shows the progress until it is Running', async () => {
    const everything = card(page, 'Everything');
    await everything.getByRole('switch', { name: 'Enable Everything' }).click();
    await everything.getByText(/Provisioning\.\.\.|Starting\.\.\./).waitFor();
    expect(await everything.getByRole('button', { name: 'Edit Everything' }).isDisabled()).toBe(true);
    expect(await everything.getByRole('button', { name: 'Delete Everything' }).isDisabled()).toBe(true);
    await e2e.screenshot(page, '2-starting');
    await everything.getByText('Running').waitFor({ timeout: 60_000 });
    expect(
      await everything.getByRole('switch', { name: 'Enable Everything' }).getAttribute('aria-checked'),
    ).toBe('true');
    await e2e.screenshot(page, '3-running');
  });

  it("attaches it to the chat: its name with an 'Active' badge", async () => {
    await card(page, 'Everything').getByRole('button', { name: 'Use in chat' }).click();
    await card(page, 'Everything').getByText('In this chat').waitFor();
    await expect.poll(() => serverPicker(page).textContent()).toMatch(/Everything\s*Active/);
  });

  it('chats with the model, which calls the server’s echo tool', async () => {
    const picker = page.getByRole('button', { name: /Local model/ });
    await picker.click();
    await page.getByRole('menuitemradio', { name: 'llama3.2:latest' }).click();
    await page.getByRole('tab', { name: 'Chats' }).click();

    await page.getByRole('textbox', { name: 'Message' }).fill(PROMPT);
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    const reply = replies(page).last();
    await reply.getByText('Tool echo said: Echo: hi').waitFor({ timeout: 30_000 });
    const call = reply.locator('details').filter({ hasText: 'echo' });
    await call.getByText('Success').waitFor();
    await call.locator('summary').click();
    await call.getByText('"message": "hi"').waitFor();
    await call.getByText('Echo: hi', { exact: true }).waitFor();
    await expectAccessible(page, 'a reply with a tool call');
    await e2e.screenshot(page, '4-tool-call');
  });

  it('shows the tool call from the history, with the server still attached', async () => {
    await page.reload();
    const reply = replies(page).last();
    await reply.getByText('Tool echo said: Echo: hi').waitFor();
    await reply.locator('details').filter({ hasText: 'echo' }).getByText('Success').waitFor();
    await expect.poll(() => serverPicker(page).textContent()).toMatch(/Everything\s*Active/);
    await e2e.screenshot(page, '4b-history');
  });

  it('takes it off the chat and attaches it again, each kept over a reload', async () => {
    const pick = async (option: RegExp) => {
      await serverPicker(page).click();
      const saved = page.waitForResponse(
        (response) => response.request().method() === 'PUT' && response.url().includes('/conversations/'),
      );
      await page.getByRole('menu').getByRole('menuitemcheckbox', { name: option }).click();
      expect((await saved).status()).toBe(200);
      await page.reload();
      await replies(page).last().getByText('Tool echo said: Echo: hi').waitFor();
    };
    await pick(/^No server/);
    await expect.poll(() => serverPicker(page).textContent()).toContain('No Server Connected');
    await pick(/^Everything/);
    await expect.poll(() => serverPicker(page).textContent()).toMatch(/Everything\s*Active/);
  });

  it("opens 'Configure Server' read-only while it runs, issues an external token once, and revokes it", async () => {
    await page.getByRole('button', { name: 'Configure Server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Server Configuration' });
    await dialog.getByText('Disable the server to change its configuration.').waitFor();
    expect(await dialog.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Variable 1 value').inputValue()).toBe('••••••••');
    await dialog.getByRole('button', { name: 'Generate token' }).click();
    await dialog.getByText('Copy this token now: it is shown only once.', { exact: false }).waitFor();
    const [endpoint, token] = await dialog.locator('code').allTextContents();
    expect(endpoint).toMatch(new RegExp(`^${e2e.stack.apiUrl}/api/mcp-external/\\S+$`));
    expect(token).toMatch(/^\S+\.\S{20,}$/);
    await dialog.getByText('"Authorization": "Bearer', { exact: false }).waitFor();
    await expectAccessible(page, 'the read-only configuration modal with a token');
    await e2e.screenshot(page, '5-external-token');

    // 'Revoke token' next to 'Rotate token', by keyboard: confirmed first (focus starts on Cancel).
    const access = dialog.getByRole('region', { name: 'External access' });
    await access.getByRole('button', { name: 'Rotate token' }).waitFor();
    await access.getByRole('button', { name: 'Revoke token' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Revoke the external token?' });
    await confirm.waitFor();
    await expectAccessible(page, 'the confirmation to revoke the external token');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await access.getByText('Token revoked. No token is active: external clients are refused.').waitFor();
    const refused = await fetch(endpoint as string, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(refused.status).toBe(401);
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it("shows a long tool call's progress on it, and Stop cancels it", async () => {
    const tool = 'trigger-long-running-operation';
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill(`Take your time [[tool:${tool} {"duration":120,"steps":120}]]`);
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    const call = replies(page).last().locator('details').filter({ hasText: tool });
    await call
      .getByRole('status')
      .getByText(/^Running… [1-9]\d*%$/)
      .waitFor({ timeout: 60_000 });
    await expectAccessible(page, 'a tool call in progress');
    await e2e.screenshot(page, '5b-tool-progress');

    await page.getByRole('button', { name: 'Stop Generating' }).click();
    await replies(page).last().getByText('[Streaming stopped]').waitFor();
    await call.getByText(`Error executing tool ${tool}: Stopped before it finished.`).waitFor();
    expect(await call.getByRole('status').count()).toBe(0);
  });

  it('disables it: Disabled, and no longer Active in the top bar', async () => {
    await openServersTab(page);
    const everything = card(page, 'Everything');
    await everything.getByRole('switch', { name: 'Enable Everything' }).click();
    await everything.getByText('Disabled').waitFor({ timeout: 30_000 });
    await expect.poll(() => serverPicker(page).textContent()).toMatch(/Everything\s*Disabled/);
    await page.getByText(/^\d+\/\d+ hours$/).waitFor();
    await e2e.screenshot(page, '6-disabled');
  });
});
