/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { expectAccessible, fromAccountMenu, loginAs, setUpE2e, signUpWithModel } from './fixtures.js';

const e2e = setUpE2e('theme');

describe('dark mode', () => {
  it('follows a dark system setting, stays readable (axe), and a choice in Settings holds over a reload', async () => {
    const { email } = await signUpWithModel(e2e, 'theme');
    const page = await e2e.openPage({ colorScheme: 'dark' });
    const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));

    await page.goto(e2e.url('/'));
    expect(await dark()).toBe(true);
    // The landing page keeps its own light design.
    await expectAccessible(page, 'the landing page in dark mode');

    await loginAs(e2e, page, email);
    expect(await dark()).toBe(true);
    // Until the model list has loaded there is no model to send to (the input waits, Enter does nothing).
    await page.getByRole('button', { name: /Local model/ }).waitFor();
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello in the dark');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await page.getByRole('article', { name: 'Reply' }).getByText('Echo: Hello in the dark').waitFor();
    const background = await page.evaluate(
      () => getComputedStyle(document.querySelector('main') as Element).backgroundColor,
    );
    expect(background).not.toBe('rgb(255, 255, 255)');
    await e2e.screenshot(page, 'home-dark');
    await expectAccessible(page, 'the chat in dark mode');

    await fromAccountMenu(page, 'Settings');
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('radio', { name: 'Dark' }).waitFor();
    await e2e.screenshot(page, 'settings-dark');
    await expectAccessible(page, 'Settings in dark mode');
    await settings.getByRole('radio', { name: 'Light' }).click();
    expect(await dark()).toBe(false);
    await page.reload();
    // Settings stay open over a reload (the URL says so): the choice shows there, still Light.
    await settings.getByRole('radio', { name: 'Light', checked: true }).waitFor();
    expect(await dark()).toBe(false);
  });
});
