import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { expectAccessible, loginAs, setUpE2e, signUpWithModel } from './fixtures.js';

const e2e = setUpE2e('remote-oauth');

const serverList = (page: Page) => page.getByRole('region', { name: 'MCP servers' });
const card = (page: Page, name: string) => serverList(page).getByRole('article', { name });

// A remote server behind OAuth: Connect in a popup, consent, 'Connected', its tools listed in the tool
// approvals (before: a message to connect first) and used in the chat.
describe('a remote MCP server that asks for OAuth', () => {
  let page: Page;
  beforeAll(async () => {
    const user = await signUpWithModel(e2e, 'remote-oauth');
    page = await e2e.openPage({ persist: true });
    await loginAs(e2e, page, user.email);
    await page.getByRole('button', { name: 'Chat server: No Server Connected' }).waitFor();
  });

  it('is added by URL, asks for OAuth, and its tool approvals say to connect first', async () => {
    await page.getByRole('tab', { name: 'Servers' }).click();
    await serverList(page).waitFor();
    await page.getByRole('button', { name: 'Add MCP Server Config' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Server Configuration' });
    await dialog.getByLabel('Name', { exact: true }).fill('OAuth tools');
    await dialog.getByRole('radio', { name: 'Remote URL' }).check();
    await dialog.getByLabel('Server URL').fill(e2e.stack.remoteMcp.mcpUrl);
    await dialog.getByRole('button', { name: 'Create server' }).click();
    await dialog.waitFor({ state: 'detached' });
    const remote = card(page, 'OAuth tools');
    await remote.getByText(/Not connected/).waitFor();
    await expectAccessible(page, 'a remote server card that asks for OAuth');
    // Its tool approvals cannot list its tools before it is connected, and say so.
    await remote.getByRole('button', { name: 'Tool approvals for OAuth tools' }).click();
    const approvals = page.getByRole('dialog', { name: 'Tool approvals' });
    await approvals
      .getByText(
        "The server's tools could not be listed. Choose 'Connect' on this server's card to list its tools.",
      )
      .waitFor({ timeout: 30_000 });
    await approvals.getByRole('button', { name: 'Cancel' }).click();
    await approvals.waitFor({ state: 'detached' });
  });

  it("is connected from its card in a popup, after which it reads 'Connected'", async () => {
    const remote = card(page, 'OAuth tools');
    const popupOpened = page.waitForEvent('popup');
    await remote.getByRole('button', { name: 'Connect OAuth tools' }).press('Enter');
    const popup = await popupOpened;
    await popup.getByRole('heading', { name: /Authorize AgentForge/ }).waitFor();
    await e2e.screenshot(popup, '1-consent');
    await popup.getByRole('button', { name: 'Allow' }).click();
    await popup.waitForEvent('close', { timeout: 30_000 });
    await remote.getByText('Connected', { exact: true }).waitFor();
    await remote.getByRole('button', { name: 'Disconnect OAuth tools' }).waitFor();
    await expectAccessible(page, 'a connected remote server card');
    await e2e.screenshot(page, '2-connected');
  });

  it('lists its tools in the tool approvals once connected', async () => {
    await card(page, 'OAuth tools')
      .getByRole('button', { name: 'Tool approvals for OAuth tools' })
      .press('Enter');
    const approvals = page.getByRole('dialog', { name: 'Tool approvals' });
    await approvals.getByLabel('echo', { exact: true }).waitFor({ timeout: 30_000 });
    await expectAccessible(page, "a remote server's tool approvals");
    await e2e.screenshot(page, '2b-remote-tool-approvals');
    await approvals.getByRole('button', { name: 'Cancel' }).click();
    await approvals.waitFor({ state: 'detached' });
  });

  it('is used in the chat with the token: the model calls its echo tool', async () => {
    await card(page, 'OAuth tools').getByRole('button', { name: 'Use in chat' }).click();
    await card(page, 'OAuth tools').getByText('In this chat').waitFor();
    await page.getByRole('button', { name: /Local model/ }).click();
    await page.getByRole('menuitemradio', { name: 'llama3.2:latest' }).click();
    await page.getByRole('tab', { name: 'Chats' }).click();
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill('Please echo [[tool:echo {"message":"authorized"}]]');
    await message.press('Enter');
    const reply = page.getByRole('article', { name: 'Reply' }).last();
    await reply.getByText('Tool echo said: authorized').waitFor({ timeout: 60_000 });
    await e2e.screenshot(page, '3-oauth-tool-call');
  });
});
