import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.js';
import { expectAccessible, loginAs, setUpE2e, signUpWithModel } from './fixtures.js';

const e2e = setUpE2e('multiserver');

// Several servers in one chat (issue 30 item 3): two servers that both offer `echo`, attached from
// the top bar's menu, and the model calls the echo of each in one reply.
describe('several MCP servers in one chat', () => {
  let page: Page;
  beforeAll(async () => {
    const user = await signUpWithModel(e2e, 'multiserver');
    const api = apiAs(e2e.stack.apiUrl, user.idToken);
    const headers = [{ key: 'X-API-Key', value: e2e.stack.remoteMcp.apiKey }];
    for (const [name, url] of [
      ['Docs Remote', e2e.stack.remoteMcp.keyedUrl],
      ['Legacy Remote', e2e.stack.remoteMcp.legacyUrl],
    ] as const) {
      expect((await api.post('/mcp-servers', { name, url, headers })).status).toBe(201);
    }
    page = await e2e.openPage({ persist: true });
    await loginAs(e2e, page, user.email);
    await page.getByRole('button', { name: 'Chat server: No Server Connected' }).waitFor();
  });

  it('attaches two servers from the menu, by keyboard, and the top bar says so; on a phone too', async () => {
    const trigger = page.getByRole('button', { name: /^Chat server:/ });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    const docs = menu.getByRole('menuitemcheckbox', { name: /Docs Remote/ });
    await docs.waitFor();
    await expect.poll(() => docs.textContent()).toContain('Remote');
    await docs.focus();
    await page.keyboard.press('Space');
    // The menu stays open for the next pick.
    const legacy = menu.getByRole('menuitemcheckbox', { name: /Legacy Remote/ });
    await legacy.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => legacy.getAttribute('aria-checked')).toBe('true');
    expect(await docs.getAttribute('aria-checked')).toBe('true');
    await expectAccessible(page, 'the chat server menu with two servers ticked');
    await e2e.screenshot(page, '1-two-servers-ticked');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Chat server: 2 servers (Docs Remote, Legacy Remote)' }).waitFor();

    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: /^Chat server: 2 servers/ }).click();
    const box = await page.getByRole('menu').boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
    await expectAccessible(page, 'the chat server menu on a phone');
    await e2e.screenshot(page, '2-menu-phone');
    await page.keyboard.press('Escape');
    if (desktop) await page.setViewportSize(desktop);
  });

  it("lets the model call each server's echo in one reply, each card naming its server", async () => {
    await page.getByRole('button', { name: /Local model/ }).click();
    await page.getByRole('menuitemradio', { name: 'llama3.2:latest' }).click();
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill(
      'Both [[tool:docs_remote__echo {"message":"from docs"}]] [[tool:legacy_remote__echo {"message":"from legacy"}]]',
    );
    await message.press('Enter');
    const reply = page.getByRole('article', { name: 'Reply' }).last();
    await reply.getByText('Tool legacy_remote__echo said: from legacy').waitFor({ timeout: 90_000 });
    const docsCall = reply.locator('details').filter({ hasText: 'docs_remote__echo' });
    const legacyCall = reply.locator('details').filter({ hasText: 'legacy_remote__echo' });
    await docsCall.getByText('Success').waitFor();
    await legacyCall.getByText('Success').waitFor();
    expect(await docsCall.locator('summary').textContent()).toContain('Docs Remote');
    expect(await legacyCall.locator('summary').textContent()).toContain('Legacy Remote');
    await expectAccessible(page, 'a reply with tool calls of two servers');
    await e2e.screenshot(page, '3-two-servers-tool-calls');
  });
});
