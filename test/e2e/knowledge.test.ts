import { describe, expect, it } from 'vitest';
import { expectAccessible, loginAs, setUpE2e, signUpWithModel } from './fixtures.js';

const e2e = setUpE2e('knowledge');

const MARKDOWN = `# Leave policy

Every employee gets twenty-five days of paid leave a year.

## Carry-over

Up to five unused days carry over to the next year.
`;

describe('knowledge collections on the local stack', () => {
  // A sign-up, an upload indexed by the local pipeline and a chat: slower than one step under load.
  it('creates a collection, uploads a Markdown file that becomes Ready, finds it by search, and attaches it to a chat', {
    timeout: 180_000,
  }, async () => {
    const { email } = await signUpWithModel(e2e, 'knowledge');
    const page = await e2e.openPage();
    await loginAs(e2e, page, email);

    await page.getByRole('link', { name: 'Knowledge' }).click();
    await page.waitForURL(e2e.url('/knowledge'));
    await page.getByRole('heading', { name: 'No collections yet' }).waitFor();
    await page.getByRole('button', { name: 'New collection' }).click();
    const form = page.getByRole('dialog', { name: 'New collection' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Handbook');
    await form.getByRole('textbox', { name: 'Description (optional)' }).fill('Company policies');
    await expectAccessible(page, 'the new collection form');
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('link', { name: 'Handbook' }).click();
    await page.getByRole('heading', { name: 'Handbook', level: 1 }).waitFor();

    await page.getByTestId('knowledge-file-input').setInputFiles({
      name: 'leave.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(MARKDOWN),
    });
    const files = page.getByRole('list', { name: 'Files' });
    await files.getByText('Ready').waitFor({ timeout: 60_000 });
    expect(await files.getByText('leave.md').count()).toBe(1);
    await expectAccessible(page, "a collection's page with a ready file");

    await page.getByRole('searchbox', { name: 'Search this collection' }).fill('unused days carry over');
    await page.getByRole('searchbox', { name: 'Search this collection' }).press('Enter');
    const found = page.getByRole('list', { name: 'Passages found' });
    await found.getByText('Up to five unused days carry over', { exact: false }).first().waitFor();
    expect(await found.getByText('leave.md').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'the passages a search found');

    // Attached in a new chat's settings, kept by the conversation its first message creates.
    await page.getByRole('link', { name: 'Back to chat' }).click();
    await page.waitForURL(e2e.url('/home'));
    await page.getByRole('button', { name: 'Chat settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Model settings' });
    const knowledge = settings.getByRole('group', { name: 'Knowledge' });
    await knowledge.getByRole('checkbox', { name: 'Handbook' }).check();
    await expectAccessible(page, "the chat's settings with a collection");
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.waitFor({ state: 'detached' });
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('How many days of leave do I get?');
    await input.press('Enter');
    await page.getByRole('article', { name: 'Reply' }).last().waitFor();
    await page.waitForURL(/\/home\/c\//);
    await page.reload();
    await page.getByRole('button', { name: 'Chat settings' }).click();
    const reopened = page.getByRole('dialog', { name: 'Model settings' });
    const box = reopened
      .getByRole('group', { name: 'Knowledge' })
      .getByRole('checkbox', { name: 'Handbook' });
    await expect.poll(() => box.isChecked()).toBe(true);

    // On a phone: the sidebar's Knowledge link, the collection's page fits 390 px, axe-clean.
    const phone = await e2e.openPage({ width: 390, height: 844 });
    await loginAs(e2e, phone, email);
    await phone.getByRole('button', { name: 'Open sidebar' }).click();
    await phone.getByRole('link', { name: 'Knowledge' }).click();
    await phone.waitForURL(e2e.url('/knowledge'));
    await phone.getByRole('link', { name: 'Handbook' }).click();
    await phone.getByRole('list', { name: 'Files' }).getByText('Ready').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(phone, "a collection's page on a phone");
  });
});
