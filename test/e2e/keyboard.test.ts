/// <reference lib="dom" />
// The functions given to evaluate() run in the browser.
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.js';
import { expectAccessible, loginAs, setUpE2e, signUpWithModel } from './fixtures.js';
import { focused, tabTo } from './keyboard-focus.js';

const e2e = setUpE2e('keyboard');

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
    // The focus starts in the form's first field, not on Close.
    await expect.poll(() => focused(dialog.getByLabel('Name', { exact: true }))).toBe(true);
    for (let presses = 0; presses < 15; presses++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await expectAccessible(page, 'the new-server modal');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(configure)).toBe(true);
  });

  it('reaches the message box past 13 chats in a few Tabs, moves in the list by arrows and has shortcuts', async () => {
    const { email, idToken } = await signUpWithModel(e2e, 'keyboard-list');
    const api = apiAs(e2e.stack.apiUrl, idToken);
    const at = Date.now();
    for (let n = 1; n <= 13; n++) {
      const title = `Chat ${String(n).padStart(2, '0')}`;
      const created = await api.post('/conversations', {
        title,
        name: title,
        messages: [],
        createdAt: at + n,
        updatedAt: at + n,
        metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
      });
      expect(created.status).toBe(201);
    }
    const page = await e2e.openPage({ width: 1366, height: 860 });
    await loginAs(e2e, page, email);
    const row = (n: string) => page.getByRole('button', { name: `Chat ${n}`, exact: true });
    await row('13').waitFor();
    const message = page.getByRole('textbox', { name: 'Message' });

    // The skip link is the page's first stop and goes to the message box.
    await page.keyboard.press('Tab');
    await expect
      .poll(() => focused(page.getByRole('button', { name: 'Skip to the message box' })))
      .toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(message)).toBe(true);

    // From 'New Chat' to the message box: the list of 13 is one stop (it took 85 Tabs).
    const newChat = page.getByRole('button', { name: 'New Chat' });
    await newChat.focus();
    const stops: string[] = [];
    while (!(await focused(message)) && stops.length < 100) {
      await page.keyboard.press('Tab');
      stops.push(
        await page.evaluate(() => {
          const element = document.activeElement;
          return `${element?.tagName.toLowerCase()} ${element?.getAttribute('aria-label') ?? element?.textContent?.trim().slice(0, 30)}`;
        }),
      );
    }
    console.log(`New Chat to the message box: ${stops.length} Tabs: ${stops.join(' | ')}`);
    // The 13 chats are one stop; the rest are the sidebar's and the top bar's own controls (the
    // spec's Configure Server, Upgrade Plan, Logout, the model and server pickers, import, search,
    // the Automations and Knowledge links).
    expect(stops.filter((stop) => /^button Chat \d+$/.test(stop))).toEqual(['button Chat 13']);
    expect(stops.length).toBeLessThanOrEqual(18);
    // 'New Chat' itself puts the focus there.
    await newChat.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(message)).toBe(true);

    // The list: arrows between rows and into a row's actions; a delete gives the focus to the next row.
    await tabTo(page, row('13'));
    await page.keyboard.press('ArrowDown');
    expect(await focused(row('12'))).toBe(true);
    const remove = page.getByRole('button', { name: 'Delete conversation Chat 12' });
    for (let presses = 0; presses < 5 && !(await focused(remove)); presses++) {
      await page.keyboard.press('ArrowRight');
    }
    expect(await focused(remove)).toBe(true);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Delete conversation' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await row('12').waitFor({ state: 'detached' });
    await expect.poll(() => focused(row('11'))).toBe(true);

    // The shortcuts: search, the message box, new chat, the sidebar, and '?' for their list.
    await page.keyboard.press('Control+K');
    await expect
      .poll(() => focused(page.getByRole('searchbox', { name: 'Search conversations' })))
      .toBe(true);
    await page.keyboard.press('Shift+Escape');
    await expect.poll(() => focused(message)).toBe(true);
    await page.keyboard.type('?');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await row('11').click();
    await page.waitForURL(/\/home\/c\//);
    await page.keyboard.press('Control+Shift+O');
    await page.waitForURL(e2e.url('/home'));
    await expect.poll(() => focused(message)).toBe(true);
    await page.keyboard.press('Control+Shift+S');
    await expect.poll(() => row('11').isVisible()).toBe(false);
    await page.keyboard.press('Control+Shift+S');
    await row('11').waitFor();
    const direct = page.getByRole('tab', { name: 'Direct Chat' });
    await direct.focus();
    await page.keyboard.press('?');
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await shortcuts.getByText('Show or hide the sidebar').waitFor();
    await expectAccessible(page, 'the keyboard shortcuts');
    await page.keyboard.press('Escape');
    await shortcuts.waitFor({ state: 'detached' });
    await expect.poll(() => focused(direct)).toBe(true);
  });

  it('on a phone in dark mode: the account menu in the drawer, and a dialog from it closes the drawer', async () => {
    const { email } = await signUpWithModel(e2e, 'keyboard-phone');
    const page = await e2e.openPage({ width: 390, height: 844, colorScheme: 'dark' });
    await loginAs(e2e, page, email);
    const open = page.getByRole('button', { name: 'Open sidebar' });
    await open.click();
    const account = page.getByRole('button', { name: /^Account/ });
    await account.click();
    await page.getByRole('menuitem', { name: 'Activity log' }).waitFor();
    await expectAccessible(page, 'the account menu in the drawer, dark');
    await page.getByRole('menuitem', { name: /Keyboard shortcuts/ }).click();
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await page.getByRole('button', { name: 'Close sidebar' }).waitFor({ state: 'detached' });
    await expect.poll(() => account.isVisible()).toBe(false);
    await expectAccessible(page, 'a dialog opened from the drawer, dark');
    await page.keyboard.press('Escape');
    // Its opener is in the closed drawer: the focus goes to the button that opens it again.
    await expect.poll(() => focused(open)).toBe(true);
  });
});
