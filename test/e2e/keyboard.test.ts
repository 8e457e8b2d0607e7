/// <reference lib="dom" />
// The functions given to evaluate() run in the browser.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, setUpE2e, signUpWithModel } from './fixtures.js';

const e2e = setUpE2e('keyboard');

const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has the focus (at most `limit` times); fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await focused(target)) return;
    await page.keyboard.press('Tab');
  }
  expect(await focused(target), `Tab never reached ${target}`).toBe(true);
}

describe('the app without a mouse', () => {
  it('signs in, sends a message, switches the sidebar tabs and opens and closes the server modal by keyboard', async () => {
    const { email } = await signUpWithModel(e2e, 'keyboard');
    const page = await e2e.openPage();
    await page.goto(e2e.url('/login'));

    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type('correct-horse-1');
    await page.keyboard.press('Enter');
    await page.waitForURL(e2e.url('/home'));

    // The model picker: Enter opens it, arrows move, Enter chooses.
    const picker = page.getByRole('button', { name: /Local model/ });
    await tabTo(page, picker);
    await page.keyboard.press('Enter');
    const model = page.getByRole('menuitemradio', { name: 'llama3.2:latest' });
    await model.waitFor();
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    for (let presses = 0; presses < 10 && !(await focused(model)); presses++) {
      await page.keyboard.press('ArrowDown');
    }
    expect(await focused(model)).toBe(true);
    await expectAccessible(page, 'the model picker');
    await page.keyboard.press('Enter');
    await expect.poll(() => picker.textContent()).toContain('llama3.2:latest');

    // The mode tabs: the available one takes the focus and is selected.
    const direct = page.getByRole('tab', { name: 'Direct Chat' });
    await tabTo(page, direct);
    expect(await direct.getAttribute('aria-selected')).toBe('true');

    const message = page.getByRole('textbox', { name: 'Message' });
    await tabTo(page, message);
    await page.keyboard.type('Typed without a mouse');
    await page.keyboard.press('Enter');
    await page.getByRole('article', { name: 'Reply' }).getByText('Echo: Typed without a mouse').waitFor();

    // The sidebar's Chats/Servers tabs: arrows switch between them.
    const chats = page.getByRole('tab', { name: 'Chats' });
    await tabTo(page, chats);
    await page.keyboard.press('ArrowRight');
    const servers = page.getByRole('tab', { name: 'Servers' });
    await expect.poll(() => servers.getAttribute('aria-selected')).toBe('true');
    await page.getByRole('region', { name: 'MCP servers' }).waitFor();

    // The server configuration modal keeps the focus inside and gives it back on Escape.
    const configure = page.getByRole('button', { name: 'Configure Server' });
    await tabTo(page, configure);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New Server Configuration' });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    for (let presses = 0; presses < 15; presses++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await expectAccessible(page, 'the new-server modal');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(configure)).toBe(true);
  });
});
