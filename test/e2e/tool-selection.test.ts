/// <reference lib="dom" />
// The functions given to evaluate() run in the browser.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiAs } from '../support/api.js';
import { expectAccessible, loginAs, setUpE2e, signUpWithModel } from './fixtures.js';

/**
 * Tool selection (issue 30 item 5) in Chromium: server-everything's 13 tools past a budget of 3,
 * the model searches for echo and uses it; the reply says which tools it offered, by keyboard, on
 * a phone, axe-clean.
 */
vi.hoisted(() => {
  // Read by the functions' environment when the stack loads them.
  process.env.TOOL_SELECTION_MAX_TOOLS = '3';
});
const e2e = setUpE2e('tool-selection');

const serverList = (page: Page) => page.getByRole('region', { name: 'MCP servers' });
const card = (page: Page) => serverList(page).getByRole('article', { name: 'Everything' });
const replies = (page: Page) => page.getByRole('article', { name: 'Reply' });

/** What search_tools looks for and echo's input are JSON escapes: echo's words are not in the message. */
const SEARCH_THEN_ECHO =
  'Sum two numbers, then a tiny image. ' +
  '[[tool:search_tools {"qu\\u0065ry":"\\u0065\\u0063\\u0068\\u006f\\u0065\\u0073 \\u0062\\u0061\\u0063\\u006b"}]] ' +
  '[[found:{"m\\u0065ssag\\u0065":"found"}]]';

describe('tool selection', () => {
  let page: Page;
  beforeAll(async () => {
    const user = await signUpWithModel(e2e, 'tool-selection');
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

  it('uses a tool search_tools found, and says which tools the reply offered, by keyboard on a phone', async () => {
    await card(page).getByRole('button', { name: 'Use in chat' }).click();
    await page.getByRole('button', { name: /Local model/ }).click();
    await page.getByRole('menuitemradio', { name: 'llama3.2:latest' }).click();
    await page.getByRole('tab', { name: 'Chats' }).click();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill(SEARCH_THEN_ECHO);
    await box.press('Enter');

    const reply = replies(page).last();
    await reply.getByText('Tool echo said: Echo: found').waitFor({ timeout: 60_000 });
    const summary = reply.getByText('Tools offered: 3 of 13');
    await summary.waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await summary.focus();
    await page.keyboard.press('Enter');
    const list = reply.getByRole('list', { name: 'Tools offered' });
    await list.getByText('echo', { exact: true }).waitFor();
    await list.getByText('get-sum', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'a reply with the tools it offered, opened');
    await e2e.screenshot(page, '1-tools-offered');
  });
});
