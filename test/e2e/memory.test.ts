import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MEMORY_PROMPT_HEADING } from '../../functions/src/domain/memory/memory-prompt.js';
import { expectAccessible, fromAccountMenu, loginAs, setUpE2e, signUpWithModel } from './fixtures.js';

const e2e = setUpE2e('memory');

const PHONE = { width: 390, height: 844 };
const FACT = 'I prefer TypeScript.';

/** Settings from the account menu, in the sidebar's drawer on a phone. */
async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Open sidebar' }).click();
  await fromAccountMenu(page, 'Settings');
  return page.getByRole('dialog', { name: 'Settings' });
}

async function closeSettings(page: Page) {
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('button', { name: 'Close', exact: true }).click();
  await settings.waitFor({ state: 'detached' });
}

/** The model requests (the custom endpoint's) whose JSON holds `text`. */
const requestsWith = (text: string) =>
  e2e.models.requests.filter((r) => r.dialect === 'custom' && JSON.stringify(r.body ?? null).includes(text));

describe('memory', () => {
  it('is turned on, remembers an approved fact, puts it in a new chat and forgets it on delete (a phone, by keyboard)', async () => {
    const { email } = await signUpWithModel(e2e, 'memory');
    const page = await e2e.openPage(PHONE);
    await loginAs(e2e, page, email);

    // Settings -> Memory: off by default; turned on by keyboard.
    let settings = await openSettings(page);
    const toggle = settings.getByRole('switch', { name: 'Use memory in chats' });
    await settings.getByText('Nothing remembered yet.').waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await expectAccessible(page, 'Settings with memory on, on a phone');
    await e2e.screenshot(page, '1-settings-on');
    await closeSettings(page);

    // Asking to remember: the model proposes the fact, shown for approval; Save stores it.
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill(`Please remember that I prefer TypeScript [[tool:remember {"fact":"${FACT}"}]]`);
    await input.press('Enter');
    const card = page.getByRole('group', { name: 'Remember this?' });
    await card.getByText(FACT).waitFor();
    await expectAccessible(page, 'a memory proposal in the chat');
    await e2e.screenshot(page, '2-proposal');
    await card.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await card.getByText('Saved to memory.').waitFor();

    // It is listed in Settings.
    settings = await openSettings(page);
    await settings.getByRole('list', { name: 'Remembered facts' }).getByText(FACT).waitFor();
    await closeSettings(page);

    // A new chat's model request carries it in the system prompt.
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await page.getByRole('button', { name: 'New Chat' }).click();
    await page.getByRole('button', { name: 'Close sidebar' }).waitFor({ state: 'detached' });
    await input.fill('What language do I like?');
    await input.press('Enter');
    await expect.poll(() => requestsWith('What language do I like?').length).toBeGreaterThan(0);
    const [request] = requestsWith('What language do I like?');
    const system = JSON.stringify(request?.body);
    expect(system).toContain(MEMORY_PROMPT_HEADING);
    expect(system).toContain(`- ${FACT}`);

    // Deleted in Settings: gone from the list and from the next request.
    settings = await openSettings(page);
    await settings.getByRole('button', { name: `Delete fact: ${FACT}` }).click();
    await settings.getByText('Nothing remembered yet.').waitFor();
    await expectAccessible(page, 'Settings with the fact deleted');
    await closeSettings(page);
    await input.fill('And now?');
    await input.press('Enter');
    await expect.poll(() => requestsWith('And now?').length).toBeGreaterThan(0);
    expect(JSON.stringify(requestsWith('And now?')[0]?.body)).not.toContain(FACT);
  });

  it('keeps a dismissed proposal dismissed after a reload, and a saved one saved', async () => {
    const { email } = await signUpWithModel(e2e, 'memory-decisions');
    const page = await e2e.openPage(PHONE);
    await loginAs(e2e, page, email);
    const settings = await openSettings(page);
    const toggle = settings.getByRole('switch', { name: 'Use memory in chats' });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await closeSettings(page);

    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('Remember that I drink tea [[tool:remember {"fact":"I drink tea."}]]');
    await input.press('Enter');
    const tea = page.getByRole('group', { name: 'Remember this?' }).filter({ hasText: 'I drink tea.' });
    await tea.getByRole('button', { name: 'Dismiss' }).click();
    await tea.getByText('Dismissed: not saved.').waitFor();
    await page.getByRole('button', { name: 'Stop Generating' }).waitFor({ state: 'detached' });
    await input.fill('Also remember I live in Oslo [[tool:remember {"fact":"I live in Oslo."}]]');
    await input.press('Enter');
    const oslo = page.getByRole('group', { name: 'Remember this?' }).filter({ hasText: 'I live in Oslo.' });
    await oslo.getByRole('button', { name: 'Save' }).click();
    await oslo.getByText('Saved to memory.').waitFor();

    // After a reload (and so on any device) each card shows what was chosen; no Save is offered again.
    await page.reload();
    await tea.getByText('Dismissed: not saved.').waitFor();
    expect(await tea.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await oslo.getByText('Saved to memory.').waitFor();
    await expectAccessible(page, 'decided memory proposals after a reload');
  });
});
