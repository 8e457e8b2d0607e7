import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalRemoteMcp, startLocalRemoteMcp } from '../../scripts/local/remote-mcp/server.js';
import { expectAccessible, loginAs, setUpE2e, signUpWithModel } from './fixtures.js';

/** The local remote server's access tokens live this long: the journey waits one out. */
const TOKEN_TTL_SECONDS = 5;
const e2e = setUpE2e('remote-oauth', { remoteMcpTokenTtlSeconds: TOKEN_TTL_SECONDS });
const oauthEvents = (type: 'refreshed' | 'revoked') =>
  e2e.stack.remoteMcp.oauthEvents().filter((event) => event.type === type).length;

const PHONE_WIDTH = 390;
/** The element's box is within the phone's screen, left to right. */
async function expectOnScreen(element: Locator) {
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE_WIDTH).toBe(true);
}
const serverList = (page: Page) => page.getByRole('region', { name: 'MCP servers' });
const card = (page: Page, name: string) => serverList(page).getByRole('article', { name });

// The whole journey with a remote server behind OAuth: Connect in a popup, consent, 'Connected', its
// tools listed in the tool approvals (before: a message to connect first), its tool used in the chat,
// the token's expiry and a silent refresh, Disconnect revoking; and a server that registers no
// clients, connected with the user's own client ID.
describe('a remote MCP server that asks for OAuth', () => {
  let page: Page;
  let email: string;
  /** The same user on a phone. */
  let phone: Page;
  const phoneServers = async () => {
    await phone.getByRole('button', { name: 'Open sidebar' }).click();
    await phone.getByRole('tab', { name: 'Servers', exact: true }).click();
  };
  /** A remote server whose authorization server registers no clients itself (one registered by hand). */
  let unregistering: LocalRemoteMcp;
  beforeAll(async () => {
    unregistering = await startLocalRemoteMcp({
      port: 0,
      apiKey: 'unused',
      dynamicRegistration: false,
      redirectUris: [e2e.url('/oauth/mcp-callback')],
    });
    ({ email } = await signUpWithModel(e2e, 'remote-oauth'));
    page = await e2e.openPage({ persist: true });
    await loginAs(e2e, page, email);
    await page.getByRole('button', { name: 'Chat server: No Server Connected' }).waitFor();
  });
  afterAll(() => unregistering?.stop());

  async function addRemote(name: string, url: string) {
    await page.getByRole('button', { name: 'Add MCP Server Config' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Server Configuration' });
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByRole('radio', { name: 'Remote URL' }).check();
    await dialog.getByLabel('Server URL').fill(url);
    await dialog.getByRole('button', { name: 'Create server' }).click();
    await dialog.waitFor({ state: 'detached' });
    return card(page, name);
  }

  it('is added by URL, asks for OAuth, and its tool approvals say to connect first', async () => {
    await page.getByRole('tab', { name: 'Servers' }).click();
    await serverList(page).waitFor();
    const remote = await addRemote('OAuth tools', e2e.stack.remoteMcp.mcpUrl);
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
  }, 120_000);

  it('fits a phone: the connection block wraps, its button inside the screen', async () => {
    phone = await e2e.openPage({ width: PHONE_WIDTH, height: 844, persist: true });
    await loginAs(e2e, phone, email);
    await phoneServers();
    await expectOnScreen(card(phone, 'OAuth tools').getByRole('button', { name: 'Disconnect OAuth tools' }));
    await expectAccessible(phone, 'a connected remote server card on a phone');
    await e2e.screenshot(phone, '2-connected-phone');
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

  it('after the access token expires, is refreshed silently: the tool works again, nothing asked', async () => {
    const refreshedBefore = oauthEvents('refreshed');
    let popups = 0;
    page.on('popup', () => popups++);
    await page.waitForTimeout((TOKEN_TTL_SECONDS + 1) * 1000); // the token from the last use has expired
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill('Again [[tool:echo {"message":"after expiry"}]]');
    await message.press('Enter');
    const reply = page.getByRole('article', { name: 'Reply' }).last();
    await reply.getByText('Tool echo said: after expiry').waitFor({ timeout: 60_000 });
    expect(await reply.getByText(/Connect|Reconnect/).count()).toBe(0);
    expect(popups).toBe(0);
    expect(oauthEvents('refreshed')).toBeGreaterThan(refreshedBefore);
  }, 120_000);

  it('Disconnect revokes at the server, and the card reads Connect again', async () => {
    const revokedBefore = oauthEvents('revoked');
    await page.getByRole('tab', { name: 'Servers' }).click();
    const remote = card(page, 'OAuth tools');
    await remote.getByRole('button', { name: 'Disconnect OAuth tools' }).click();
    await remote.getByRole('button', { name: 'Connect OAuth tools' }).waitFor();
    await remote.getByText(/Not connected/).waitFor();
    expect(oauthEvents('revoked')).toBeGreaterThan(revokedBefore);
    await expectAccessible(page, 'a disconnected remote server card');

    // On the phone, Connect and 'Use your own client ID' wrap inside the card too.
    await phone.reload();
    await phoneServers();
    const disconnected = card(phone, 'OAuth tools');
    await expectOnScreen(disconnected.getByRole('button', { name: 'Connect OAuth tools' }));
    await expectOnScreen(
      disconnected.getByRole('button', { name: 'Use your own client ID for OAuth tools' }),
    );
    await expectAccessible(phone, 'a remote server card to connect, on a phone');
    await e2e.screenshot(phone, '5-connect-phone');
  }, 120_000);

  it('asks for your own client ID where the server registers none, and connects with it', async () => {
    await page.getByRole('tab', { name: 'Servers' }).click();
    const remote = await addRemote('Own client tools', unregistering.mcpUrl);
    await remote.getByRole('button', { name: 'Connect Own client tools' }).click();
    const form = page.getByRole('dialog', { name: 'Your own OAuth client' });
    await form.getByText(/does not register AgentForge itself/).waitFor();
    await form.getByText(e2e.url('/oauth/mcp-callback'), { exact: true }).waitFor();
    await expectAccessible(page, 'the own OAuth client form');
    await e2e.screenshot(page, '4-own-client');
    await form.getByLabel('Client ID').fill(unregistering.registeredClient.clientId);
    await form.getByLabel('Client secret').fill(unregistering.registeredClient.clientSecret);
    const popupOpened = page.waitForEvent('popup');
    await form.getByLabel('Client secret').press('Enter');
    const popup = await popupOpened;
    await popup.getByRole('heading', { name: /Authorize AgentForge/ }).waitFor();
    await popup.getByRole('button', { name: 'Allow' }).click();
    await popup.waitForEvent('close', { timeout: 30_000 });
    await remote.getByText('Connected', { exact: true }).waitFor();
    expect(unregistering.oauthEvents()).toEqual([
      { type: 'issued', clientId: unregistering.registeredClient.clientId },
    ]);
  }, 120_000);
});
