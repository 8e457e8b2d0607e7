/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  fromAccountMenu,
  loginAs,
  setUpE2e,
  signUpAs,
  signUpWithModel,
} from './fixtures.js';

const e2e = setUpE2e('chat');

const replies = (page: Page) => page.getByRole('article', { name: 'Reply' });

/** Records, in the page, the last reply's text after every change to the page (runs in the browser). */
function recordReplyTexts() {
  const texts: string[] = [];
  (window as unknown as { replyTexts: string[] }).replyTexts = texts;
  new MutationObserver(() => {
    const shown = [...document.querySelectorAll('article[aria-label="Reply"]')].at(-1)?.textContent;
    if (shown && shown !== texts.at(-1)) texts.push(shown);
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });
const input = (page: Page) => page.getByRole('textbox', { name: 'Message' });

async function send(page: Page, text: string) {
  await input(page).fill(text);
  await input(page).press('Enter');
}

const modelPicker = (page: Page) =>
  page.getByRole('button', { name: /Local model|llama3\.2:latest|qwen2\.5:7b/ });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A signed-in page with the local model chosen in the picker. */
async function chatWithModel(
  label: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<Page> {
  const { email } = await signUpWithModel(e2e, label);
  const page = await e2e.openPage(viewport);
  await loginAs(e2e, page, email);
  // On a phone the picker names the model only.
  const picker = modelPicker(page);
  await picker.click();
  await page.getByRole('menuitemradio', { name: 'llama3.2:latest' }).click();
  await expect.poll(() => picker.textContent()).toContain('llama3.2:latest');
  return page;
}

describe('chatting on the local stack with a custom endpoint', () => {
  it('logs in to an empty home and adds a custom OpenAI-compatible endpoint in Settings, validated', async () => {
    const { email } = await signUpAs('chat-settings');
    const page = await e2e.openPage();
    await loginAs(e2e, page, email);
    await sidebar(page).getByText('No conversations yet.').waitFor();
    await page.getByRole('button', { name: 'Add a model provider' }).waitFor();
    await expectAccessible(page, 'the empty home');
    await e2e.screenshot(page, '1-empty');

    await fromAccountMenu(page, 'Settings');
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByText('No keys stored yet.').waitFor();
    await expectAccessible(page, 'the Settings dialog');
    await settings.getByLabel('Provider').selectOption('custom');
    await settings.getByLabel('Base URL').fill(e2e.models.baseUrls.custom);
    await settings.getByLabel('Label (optional)').fill('Local model');
    await settings.getByRole('button', { name: 'Validate', exact: true }).click();
    await settings.getByText('✓ Valid').waitFor();
    await settings.getByRole('button', { name: 'Save key' }).click();
    await settings.getByRole('listitem').getByText('Local model').waitFor();
    await settings.getByText(e2e.models.baseUrls.custom).waitFor();
    await e2e.screenshot(page, '2-settings');
    await settings.getByRole('button', { name: 'Close', exact: true }).click();
    await settings.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /Local model/ }).waitFor();
  });

  it('streams a reply in as it is generated, stops a long one, and keeps both over a reload', async () => {
    const page = await chatWithModel('chat-stream');
    await page.evaluate(recordReplyTexts);
    await send(page, 'Hello there friend [[slow:150]]');
    await page
      .getByRole('article', { name: 'Your message' })
      .getByText('Hello there friend [[slow:150]]')
      .waitFor();
    await e2e.screenshot(page, '3-streaming');
    await replies(page).last().getByText('Echo: Hello there friend').waitFor();
    // Part of the reply showed before the rest had been generated (seen by the page itself, so a
    // slow test machine's polling cannot miss the moment).
    const shown = await page.evaluate(() => (window as unknown as { replyTexts: string[] }).replyTexts);
    expect(shown.some((text) => /Echo:(?! Hello there friend)/.test(text))).toBe(true);
    await sidebar(page)
      .getByRole('button', { name: 'Hello there friend', exact: true }) // the model's title (its first words)
      .waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Stop Generating' }).count()).toBe(0);
    await expectAccessible(page, 'home with a streamed reply');

    await send(page, 'Count for me [[long:300]] [[slow:40]]');
    await replies(page).last().getByText(/w3/).waitFor();
    await page.getByRole('button', { name: 'Stop Generating' }).click();
    await replies(page).last().getByText('[Streaming stopped]').waitFor();
    const words = ((await replies(page).last().textContent()) ?? '').match(/\bw\d+/g) ?? [];
    expect(words.length).toBeGreaterThan(2);
    expect(words.length).toBeLessThan(300);
    await e2e.screenshot(page, '4-stopped');

    // The server saves the stopped reply within a poll interval; reload until it has.
    const history = page.getByRole('region', { name: 'Messages' });
    await expect
      .poll(
        async () => {
          await page.reload();
          await replies(page).first().waitFor();
          return (await history.textContent()) ?? '';
        },
        { timeout: 15_000, interval: 500 },
      )
      .toContain('[Streaming stopped]');
    await history.getByText('Hello there friend [[slow:150]]').waitFor();
    await history.getByText('Echo: Hello there friend').waitFor();
    await history.getByText('Count for me [[long:300]] [[slow:40]]').waitFor();
    await e2e.screenshot(page, '5-history');
  });

  it('regenerates a reply with another model and edits a message, on a phone; kept over a reload', async () => {
    const page = await chatWithModel('chat-replay', PHONE);
    await send(page, 'Name a colour');
    await replies(page).last().getByText('Echo: Name a colour').waitFor();

    // Regenerate with the other model of the endpoint: the reply is replaced, not added.
    const picker = modelPicker(page);
    await picker.click();
    await page.getByRole('menuitemradio', { name: 'qwen2.5:7b' }).click();
    await expect.poll(() => picker.textContent()).toContain('qwen2.5:7b');
    await page.getByRole('button', { name: 'Regenerate reply' }).click();
    await replies(page).last().getByText('qwen2.5:7b', { exact: true }).waitFor();
    await replies(page).last().getByText('Echo: Name a colour').waitFor();
    expect(await replies(page).count()).toBe(1);
    await e2e.screenshot(page, '6-regenerated');

    // Edit the question: the old question and its reply give way to the new turn.
    await page.getByRole('button', { name: 'Edit message' }).click();
    const form = page.getByRole('form', { name: 'Edit message' });
    await expectAccessible(page, 'editing a message');
    await form.getByRole('textbox', { name: 'Your message' }).fill('Name a fruit');
    await form.getByRole('button', { name: 'Send' }).click();
    await replies(page).last().getByText('Echo: Name a fruit').waitFor();
    // Once the reply is over the messages are the server's, so the new one can be edited again.
    await page.getByRole('button', { name: 'Edit message' }).waitFor();
    await e2e.screenshot(page, '7-edited');

    await page.reload();
    const history = page.getByRole('region', { name: 'Messages' });
    await history.getByText('Echo: Name a fruit').waitFor();
    expect(await replies(page).count()).toBe(1);
    expect(await page.getByRole('article', { name: 'Your message' }).allTextContents()).toEqual([
      expect.stringContaining('Name a fruit'),
    ]);
    expect(await history.getByText('Name a colour').count()).toBe(0);
  });

  it('edits a message to 20,000 characters and resends it: saved in a body, streamed by ids (no text in the URL)', async () => {
    const page = await chatWithModel('chat-long-edit');
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await send(page, 'Short question');
    await replies(page).last().getByText('Echo: Short question').waitFor();

    const long = `Long ${'word '.repeat(3_998)}tail5`;
    expect(long).toHaveLength(20_000);
    await page.getByRole('button', { name: 'Edit message' }).click();
    const form = page.getByRole('form', { name: 'Edit message' });
    await form.getByRole('textbox', { name: 'Your message' }).fill(long);
    await form.getByRole('button', { name: 'Send' }).click();
    await replies(page)
      .last()
      .getByText(/^Echo: Long word word .* tail5$/)
      .waitFor({ timeout: 60_000 });
    expect(await replies(page).count()).toBe(1);
    // Every request stayed within what CloudFront (8,192-byte URLs) and the WAF (2,048-byte query strings) let through.
    for (const url of urls) expect(new URL(url).search.length, url.slice(0, 200)).toBeLessThanOrEqual(2_048);

    await page.reload();
    const history = page.getByRole('region', { name: 'Messages' });
    await history
      .getByText(/tail5$/)
      .first()
      .waitFor();
    expect(await history.getByText('Short question').count()).toBe(0);
  });

  it('gives each conversation its own URL: a reload, back and forward open it; an unknown one is not found', async () => {
    const page = await chatWithModel('chat-urls');
    await send(page, 'First topic');
    await replies(page).last().getByText('Echo: First topic').waitFor();
    await page.waitForURL(/\/home\/c\/[^/]+$/);
    const first = page.url();

    await page.getByRole('button', { name: 'New Chat' }).click();
    await page.waitForURL(e2e.url('/home'));
    await send(page, 'Second topic');
    await replies(page).last().getByText('Echo: Second topic').waitFor();
    await expect.poll(() => page.url()).not.toBe(first);
    const second = page.url();

    // A new chat's /home became its conversation's URL once it was created: back goes to the first.
    await page.goBack();
    await page.waitForURL(first);
    await replies(page).last().getByText('Echo: First topic').waitFor();
    await page.goForward();
    await page.waitForURL(second);
    await replies(page).last().getByText('Echo: Second topic').waitFor();

    await page.goto(first);
    await replies(page).last().getByText('Echo: First topic').waitFor();
    await page.goto(e2e.url('/home/c/01NOSUCHCONVERSATION'));
    await page.getByText('Sorry, page not found!').waitFor();
  });

  it('exports a conversation as Markdown and JSON, and imports the JSON back as a new one', async () => {
    const page = await chatWithModel('chat-export');
    await send(page, 'Export me');
    await replies(page).last().getByText('Echo: Export me').waitFor();
    const exportAs = async (item: string) => {
      await sidebar(page).getByRole('button', { name: 'Export me', exact: true }).hover();
      await sidebar(page).getByRole('button', { name: 'More actions for conversation Export me' }).click();
      await page.getByRole('menuitem', { name: item }).waitFor();
      await expectAccessible(page, 'the export menu');
      const download = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: item }).click();
      return download;
    };
    const markdown = await exportAs('Export as Markdown');
    expect(markdown.suggestedFilename()).toBe('export-me.md');
    expect(await readFile((await markdown.path()) as string, 'utf8')).toContain('### You\n\nExport me');
    const json = await exportAs('Export as JSON');
    expect(json.suggestedFilename()).toBe('export-me.json');
    const path = (await json.path()) as string;

    const first = page.url();
    await page.getByLabel('Import a conversation (JSON)').setInputFiles(path);
    await expect.poll(() => page.url()).not.toBe(first);
    await replies(page).last().getByText('Echo: Export me').waitFor();
    await sidebar(page).getByRole('button', { name: 'Export me (imported)', exact: true }).waitFor();
    expect(await sidebar(page).getByRole('button', { name: 'Export me', exact: true }).count()).toBe(1);
  });

  it('renames a conversation in place, kept over a reload, then deletes it after a confirmation', async () => {
    const page = await chatWithModel('chat-delete');
    await send(page, 'Short one');
    await replies(page).last().getByText('Echo: Short one').waitFor();
    await sidebar(page).getByRole('button', { name: 'Short one', exact: true }).hover();
    await sidebar(page).getByRole('button', { name: 'Rename conversation Short one' }).click();
    const field = sidebar(page).getByRole('textbox', { name: 'Conversation title' });
    await expectAccessible(page, 'a conversation being renamed');
    await field.fill('Renamed chat');
    await field.press('Enter');
    await sidebar(page).getByRole('button', { name: 'Renamed chat', exact: true }).waitFor();
    await page.reload();
    const title = 'Renamed chat';
    await sidebar(page).getByRole('button', { name: title, exact: true }).waitFor();
    await sidebar(page).getByRole('button', { name: title, exact: true }).hover();
    await sidebar(page)
      .getByRole('button', { name: `Delete conversation ${title}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete conversation' });
    await confirm.getByText(`Delete “${title}”?`, { exact: false }).waitFor();
    await expectAccessible(page, 'the delete-conversation confirmation');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await sidebar(page).getByText('No conversations yet.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
    await page.reload();
    await sidebar(page).getByText('No conversations yet.').waitFor();
  });
});
