import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.js';
import { expectAccessible, loginAs, setUpE2e, signUpAs, signUpWithModel } from './fixtures.js';
import { focused } from './keyboard-focus.js';

const e2e = setUpE2e('attachments');

/** A real 1x1 PNG, so the thumbnail actually decodes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const documents = new URL('../fixtures/documents/', import.meta.url);
const PDF = readFileSync(new URL('notes.pdf', documents));
const DOCX = readFileSync(new URL('notes.docx', documents));

const input = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const chips = (page: Page) => page.getByRole('list', { name: 'Attached files' });

/** Every CSP violation Chromium reports on the page. */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

describe('attachments in the browser', () => {
  it('attaches a code file in a new chat (uploaded on send), and holds back an image a custom model cannot read', async () => {
    const { email } = await signUpWithModel(e2e, 'files-custom');
    const page = await e2e.openPage();
    const violations = cspViolations(page);
    await loginAs(e2e, page, email);
    const picker = page.getByRole('button', { name: /Local model/ });
    await picker.click();
    await page.getByRole('menuitemradio', { name: 'llama3.2:latest' }).click();

    await page.getByTestId('attachment-input').setInputFiles({
      name: 'answer.ts',
      mimeType: 'video/mp2t',
      buffer: Buffer.from('export const answer = 42;\n'),
    });
    await chips(page).getByText('answer.ts').waitFor();
    await expectAccessible(page, 'the input with an attached file');
    await input(page).fill('Explain this file');
    await input(page).press('Enter');

    const mine = page.getByRole('article', { name: 'Your message' });
    await mine.getByRole('button', { name: 'Download answer.ts' }).waitFor();
    await page
      .getByRole('article', { name: 'Reply' })
      .getByText(/Attached file answer\.ts/)
      .waitFor();
    await expect.poll(() => chips(page).count()).toBe(0);

    // An image the model cannot read: said when attached; the text file goes without it.
    await page.getByTestId('attachment-input').setInputFiles([
      { name: 'cat.png', mimeType: 'image/png', buffer: PNG },
      { name: 'more.md', mimeType: 'text/markdown', buffer: Buffer.from('# More\n') },
    ]);
    const heldBack = page.getByRole('status').filter({ hasText: 'This model does not accept images' });
    await heldBack.waitFor();
    await expectAccessible(page, 'the input holding back an image');
    await input(page).fill('And this?');
    await input(page).press('Enter');
    await page
      .getByRole('article', { name: 'Reply' })
      .last()
      .getByText(/Attached file more\.md/)
      .waitFor();
    expect(await page.getByRole('article', { name: 'Your message' }).last().getByRole('img').count()).toBe(0);
    // 'Switch model' opens the model picker; 'Send without it' drops the image.
    await heldBack.getByRole('button', { name: 'Switch model' }).click();
    const option = page.getByRole('menuitemradio', { name: 'llama3.2:latest' });
    await option.waitFor();
    await page.keyboard.press('Escape');
    // The closing menu hands the focus back to its trigger: only after that is the button focused.
    await option.waitFor({ state: 'detached' });
    const sendWithout = heldBack.getByRole('button', { name: 'Send without it' });
    await expect
      .poll(async () => {
        await sendWithout.focus();
        return focused(sendWithout);
      })
      .toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => chips(page).count()).toBe(0);
    expect(violations).toEqual([]);
    // Two sends and their replies, as the workspace's journey.
  }, 120_000);

  it('reads a PDF and a Word document in the browser: their text reaches the model (phone, dark; chat settings and code in the bubble)', async () => {
    const { email } = await signUpWithModel(e2e, 'files-documents');
    const page = await e2e.openPage({ width: 390, height: 844, colorScheme: 'dark' });
    const violations = cspViolations(page);
    await loginAs(e2e, page, email);
    await page.getByRole('button', { name: 'Attach files' }).waitFor();
    // The new chat's settings, by keyboard, before its first message.
    await page.getByRole('button', { name: 'Chat settings' }).focus();
    await page.keyboard.press('Enter');
    const settings = page.getByRole('dialog', { name: 'Model settings' });
    await settings.getByLabel('System prompt').waitFor();
    await expectAccessible(page, "a new chat's settings");
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });

    await page.getByTestId('attachment-input').setInputFiles([
      { name: 'notes.pdf', mimeType: 'application/pdf', buffer: PDF },
      {
        name: 'notes.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: DOCX,
      },
    ]);
    await chips(page).getByText('notes.pdf.txt').waitFor();
    await chips(page).getByText('notes.docx.txt').waitFor();
    await expectAccessible(page, 'the input with two documents read as text');
    await input(page).fill('Summarize both\n\n```ts notes.ts\nconst answer = 42;\n```');
    await input(page).press('Enter');
    const reply = page.getByRole('article', { name: 'Reply' });
    await reply.getByText(/The PDF says: ultramarine pelican/).waitFor();
    await reply.getByText(/The DOCX says: vermilion otter/).waitFor();
    const mine = page.getByRole('article', { name: 'Your message' });
    await mine.getByRole('button', { name: 'Download notes.pdf.txt' }).waitFor();
    // The user's fenced code as a captioned block, the rest as text.
    await mine.getByRole('region', { name: 'notes.ts code' }).waitFor();
    expect(await mine.textContent()).not.toContain('```');
    await expectAccessible(page, 'a message with documents and code');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(violations).toEqual([]);
    // A dialog, two documents read, a send and two accessibility scans.
  }, 120_000);

  it('sends an image to Anthropic and shows its thumbnail, fetched from storage', async () => {
    const user = await signUpAs('files-image');
    const key = await apiAs(e2e.stack.apiUrl, user.idToken).post('/api-keys', {
      provider: 'anthropic',
      apiKey: 'sk-ant-e2e',
      baseUrl: e2e.models.baseUrls.anthropic,
    });
    expect(key.status).toBe(201);
    const page = await e2e.openPage();
    const violations = cspViolations(page);
    await loginAs(e2e, page, user.email);
    await page.getByRole('button', { name: /Anthropic · Claude 3 Haiku/ }).waitFor();

    await page.getByRole('button', { name: 'Attach files' }).waitFor();
    await page
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: PNG });
    await input(page).fill('What is this?');
    await input(page).press('Enter');
    await page.getByRole('article', { name: 'Reply' }).getByText('Echo: What is this?').waitFor();

    const thumbnail = page
      .getByRole('article', { name: 'Your message' })
      .getByRole('img', { name: 'cat.png' });
    await thumbnail.waitFor();
    await expect.poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await expectAccessible(page, 'a message with an image');
    const sent = e2e.models.requests.filter((r) => r.dialect === 'anthropic' && r.method === 'POST').at(-1);
    expect(JSON.stringify(sent?.body)).toContain(PNG.toString('base64'));

    // Over a reload the thumbnail comes back from the stored message.
    await page.reload();
    await thumbnail.waitFor();
    expect(violations).toEqual([]);
  });
});
