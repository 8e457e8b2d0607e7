import { WEB_SEARCH_MESSAGES } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.js';
import { NATIVE_SEARCH_HOST } from '../support/model-server/native-search.js';
import { expectAccessible, loginAs, setUpE2e, signUpAs, signUpWithModel } from './fixtures.js';

const e2e = setUpE2e('web-search');

const PHONE = { width: 390, height: 844 };

describe('web search', () => {
  // A sign-up, a reply and a reload on the dev server: slower than one step under load.
  it("turned on in a new chat's settings, a reply lists its cited sources, and a reload keeps them", {
    timeout: 150_000,
  }, async () => {
    const { email } = await signUpWithModel(e2e, 'web-search');
    const page = await e2e.openPage(PHONE);
    await loginAs(e2e, page, email);

    // The toggle, by keyboard, in the new chat's settings.
    await page.getByRole('button', { name: 'Chat settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Model settings' });
    const toggle = dialog.getByRole('checkbox', { name: 'Web search' });
    await toggle.focus();
    await page.keyboard.press('Space');
    expect(await toggle.isChecked()).toBe(true);
    await expectAccessible(page, "the chat's settings with web search");
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('When is high tide? [[tool:web_search {"query":"tides"}]]');
    await input.press('Enter');
    const sources = page.getByRole('region', { name: 'Sources' });
    await sources.waitFor();
    const links = sources.getByRole('link');
    expect(await links.count()).toBe(3);
    const first = links.first();
    expect(await first.textContent()).toBe('tides: local result 1 · 127.0.0.1 (opens in a new tab)');
    expect(await first.getAttribute('href')).toBe(`${e2e.stack.webSearchUrl}/pages/1?q=tides`);
    expect(await first.getAttribute('target')).toBe('_blank');
    expect(await first.getAttribute('rel')).toBe('noopener noreferrer');
    await expectAccessible(page, 'a reply with its sources, on a phone');
    await e2e.screenshot(page, '1-sources');

    // Saved with the reply: a reload shows them again.
    await page.reload();
    await page.getByRole('region', { name: 'Sources' }).waitFor();
    expect(await page.getByRole('region', { name: 'Sources' }).getByRole('link').count()).toBe(3);
  });

  it("with an Anthropic key, the model searches with Anthropic's own tool: the cited pages are the sources, and a reload keeps them", {
    timeout: 150_000,
  }, async () => {
    const user = await signUpAs('native-search');
    const key = await apiAs(e2e.stack.apiUrl, user.idToken).post('/api-keys', {
      provider: 'anthropic',
      apiKey: 'sk-ant-e2e',
      baseUrl: e2e.models.baseUrls.anthropic,
    });
    expect(key.status).toBe(201);
    const page = await e2e.openPage(PHONE);
    await loginAs(e2e, page, user.email);
    // The chat's model is Anthropic's (the only key): the settings say its own search is used.
    await page.getByRole('button', { name: 'Chat settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Model settings' });
    const toggle = dialog.getByRole('checkbox', { name: 'Web search' });
    await dialog.getByText(WEB_SEARCH_MESSAGES.native).waitFor();
    await toggle.focus();
    await page.keyboard.press('Space');
    expect(await toggle.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('When is high tide? [[search:tides]]');
    await input.press('Enter');
    const reply = page.getByRole('article', { name: 'Reply' });
    await reply.getByText('Result 2 on tides says so. [2]', { exact: false }).waitFor();
    const sent = e2e.models.requests.filter((r) => r.dialect === 'anthropic' && r.method === 'POST').at(0);
    expect((sent?.body as { tools?: unknown[] } | undefined)?.tools).toEqual([
      { type: 'web_search_20250305', name: 'web_search', max_uses: 5 },
    ]);
    const sources = page.getByRole('region', { name: 'Sources' });
    await sources.waitFor();
    const links = sources.getByRole('link');
    expect(await links.allTextContents()).toEqual([
      'tides: web result 1 · search-results.example.com (opens in a new tab)',
      'tides: web result 2 · search-results.example.com (opens in a new tab)',
    ]);
    expect(await links.first().getAttribute('href')).toBe(`${NATIVE_SEARCH_HOST}/tides/1`);
    await sources.getByText('Result 1 on tides says so.', { exact: true }).waitFor();
    await expectAccessible(page, "a reply with Anthropic's cited sources, on a phone");
    await e2e.screenshot(page, '2-native-sources');

    await page.reload();
    await page.getByRole('region', { name: 'Sources' }).waitFor();
    expect(await page.getByRole('region', { name: 'Sources' }).getByRole('link').count()).toBe(2);
  });

  it("with an OpenAI key, the model searches with OpenAI's own tool (the Responses API): its cited pages are the sources, with the passages", {
    timeout: 150_000,
  }, async () => {
    const user = await signUpAs('openai-search');
    const key = await apiAs(e2e.stack.apiUrl, user.idToken).post('/api-keys', {
      provider: 'openai',
      apiKey: 'sk-e2e-openai',
      baseUrl: e2e.models.baseUrls.openai,
    });
    expect(key.status).toBe(201);
    const page = await e2e.openPage();
    await loginAs(e2e, page, user.email);
    await page.getByRole('button', { name: 'Chat settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Model settings' });
    const toggle = dialog.getByRole('checkbox', { name: 'Web search' });
    // OpenAI's search is its own now: the settings say so, whatever the operator configured.
    await dialog.getByText(WEB_SEARCH_MESSAGES.native).waitFor();
    await toggle.focus();
    await page.keyboard.press('Space');
    expect(await toggle.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    const sent = e2e.models.requests.length;
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('When is high tide? [[search:tides]]');
    await input.press('Enter');
    const reply = page.getByRole('article', { name: 'Reply' });
    // The message's citations come at its end: their numbers follow the text.
    await reply.getByText('[1][2]', { exact: false }).waitFor();
    const search = e2e.models.requests
      .slice(sent)
      .find((r) => r.dialect === 'openai' && r.method === 'POST' && r.path === '/v1/responses');
    expect((search?.body as { tools?: unknown[] } | undefined)?.tools).toEqual([{ type: 'web_search' }]);
    const sources = page.getByRole('region', { name: 'Sources' });
    await sources.waitFor();
    expect(await sources.getByRole('link').allTextContents()).toEqual([
      'tides: web result 1 · search-results.example.com (opens in a new tab)',
      'tides: web result 2 · search-results.example.com (opens in a new tab)',
    ]);
    await sources.getByText('Result 1 on tides says so.', { exact: true }).waitFor();
    await sources.getByText('And Result 2 on tides says so.', { exact: true }).waitFor();
    await expectAccessible(page, "a reply with OpenAI's cited sources");
    await e2e.screenshot(page, '3-openai-sources');

    await page.reload();
    await page.getByRole('region', { name: 'Sources' }).waitFor();
    expect(await page.getByRole('region', { name: 'Sources' }).getByRole('link').count()).toBe(2);
  });
});
