/// <reference lib="dom" />
// The functions given to evaluate() run in the browser.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.js';
import { expectAccessible, loginAs, setUpE2e, signUpWithModel } from './fixtures.js';

/**
 * Tool approval (issue 30 item 4) in Chromium: set the server's echo to Ask on its card, chat,
 * approve the paused call, see the result; a reload shows the decision and runs nothing again.
 */
const e2e = setUpE2e('tool-approval');

const serverList = (page: Page) => page.getByRole('region', { name: 'MCP servers' });
const card = (page: Page) => serverList(page).getByRole('article', { name: 'Everything' });
const replies = (page: Page) => page.getByRole('article', { name: 'Reply' });

describe('approving a tool call', () => {
  let page: Page;
  beforeAll(async () => {
    const user = await signUpWithModel(e2e, 'tool-approval');
    const api = apiAs(e2e.stack.apiUrl, user.idToken);
    const { body } = await api.post('/mcp-servers', {
      name: 'Everything',
      packageName: '@modelcontextprotocol/server-everything',
      idleTimeoutMinutes: 5,
    });
    expect((await api.post(`/mcp-servers/${body.id as string}/enable`)).status).toBe(200);
    page = await e2e.openPage({ persist: true });
    await loginAs(e2e, page, user.email);
    await page.getByRole('tab', { name: 'Servers' }).click();
    await card(page).getByText('Running').waitFor({ timeout: 90_000 });
  });

  it("sets the echo tool to Ask in the server's tool approvals", async () => {
    await card(page).getByRole('button', { name: 'Tool approvals for Everything' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tool approvals' });
    const echo = dialog.getByLabel('echo', { exact: true });
    await echo.waitFor({ timeout: 30_000 });
    await echo.selectOption('ask');
    await expectAccessible(page, 'the tool approvals dialog');
    await e2e.screenshot(page, '1-tool-approvals');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card(page).getByText('Tools run without asking; 1 tool set apart').waitFor();
  });

  it('pauses the reply at the call, and Allow once runs it', async () => {
    await card(page).getByRole('button', { name: 'Use in chat' }).click();
    await page.getByRole('button', { name: /Local model/ }).click();
    await page.getByRole('menuitemradio', { name: 'llama3.2:latest' }).click();
    await page.getByRole('tab', { name: 'Chats' }).click();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Please echo [[tool:echo {"message":"approved"}]]');
    await box.press('Enter');

    const approval = replies(page).last().getByRole('region', { name: 'Allow the tool echo?' });
    await approval.waitFor({ timeout: 30_000 });
    await approval.getByText('"message": "approved"').waitFor();
    await expectAccessible(page, 'a reply waiting for a tool approval');
    await e2e.screenshot(page, '2-approval');
    await approval.getByRole('button', { name: 'Allow once' }).click();

    const reply = replies(page).last();
    await reply.getByText('Tool echo said: Echo: approved').waitFor({ timeout: 30_000 });
    await reply.locator('details').filter({ hasText: 'echo' }).getByText('Success').waitFor();
    await reply.getByText('Allowed once').waitFor();
    await e2e.screenshot(page, '3-allowed');
  });

  it('shows the decision after a reload, with nothing left to click and the tool run once', async () => {
    await page.reload();
    const reply = replies(page).last();
    await reply.getByText('Tool echo said: Echo: approved').waitFor({ timeout: 30_000 });
    await reply.getByText('Allowed once').waitFor();
    expect(await reply.getByRole('button', { name: 'Allow once' }).count()).toBe(0);
    expect(await reply.locator('details').filter({ hasText: 'echo' }).count()).toBe(1);
  });
});
