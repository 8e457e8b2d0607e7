import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, loginAs, setUpE2e, signUpWithModel } from './fixtures.js';

const e2e = setUpE2e('remote-servers');

const serverList = (page: Page) => page.getByRole('region', { name: 'MCP servers' });
const card = (page: Page, name: string) => serverList(page).getByRole('article', { name });

// A remote server's life on one page: added by URL with its API key, then used in the chat.
describe('a remote MCP server added by URL', () => {
  let page: Page;
  beforeAll(async () => {
    const user = await signUpWithModel(e2e, 'remote-servers');
    page = await e2e.openPage({ persist: true });
    await loginAs(e2e, page, user.email);
    await page.getByRole('button', { name: 'Chat server: No Server Connected' }).waitFor();
  });

  it("is configured with 'Remote URL', a 'Server URL' and a header, on a phone", async () => {
    await page.getByRole('tab', { name: 'Servers' }).click();
    await serverList(page).waitFor();
    await page.getByRole('button', { name: 'Add MCP Server Config' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Server Configuration' });
    await dialog.getByLabel('Name', { exact: true }).fill('Remote tools');
    await dialog.getByRole('radio', { name: 'Remote URL' }).check();
    await dialog.getByLabel('Server URL').fill(e2e.stack.remoteMcp.keyedUrl);
    await dialog.getByRole('button', { name: 'Add header' }).click();
    await dialog.getByLabel('Header 1 name').fill('X-API-Key');
    await dialog.getByLabel('Header 1 value').fill(e2e.stack.remoteMcp.apiKey);
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    const box = await dialog.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
    await expectAccessible(page, 'the remote server form on a phone');
    await e2e.screenshot(page, '1-remote-form-phone');
    if (desktop) await page.setViewportSize(desktop);
    await dialog.getByRole('button', { name: 'Create server' }).click();
    await dialog.waitFor({ state: 'detached' });
    const remote = card(page, 'Remote tools');
    await remote.getByText(e2e.stack.remoteMcp.keyedUrl).waitFor();
    await remote.getByText('Remote', { exact: true }).waitFor();
    expect(await remote.getByRole('switch').count()).toBe(0);
    await expectAccessible(page, 'a remote server card');
    await e2e.screenshot(page, '2-remote-card');
  });

  it('is used in the chat: the model calls its echo tool', async () => {
    await card(page, 'Remote tools').getByRole('button', { name: 'Use in chat' }).click();
    await card(page, 'Remote tools').getByText('In this chat').waitFor();
    await page.getByRole('button', { name: /Local model/ }).click();
    await page.getByRole('menuitemradio', { name: 'llama3.2:latest' }).click();
    await page.getByRole('tab', { name: 'Chats' }).click();
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill('Please echo [[tool:echo {"message":"from afar"}]]');
    await message.press('Enter');
    const reply = page.getByRole('article', { name: 'Reply' }).last();
    await reply.getByText('Tool echo said: from afar').waitFor({ timeout: 60_000 });
    await reply.locator('details').filter({ hasText: 'echo' }).getByText('Success').waitFor();
    await e2e.screenshot(page, '3-remote-tool-call');
  });
});
