/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, fromAccountMenu, loginAs, setUpE2e, signUpAs } from './fixtures.js';

const e2e = setUpE2e('audit');

const records = (page: Page) => page.getByRole('table').getByRole('row');

describe('the activity log on the local stack', () => {
  it('shows a new API key in my activity log, filters it, and exports it as CSV', async () => {
    const { email } = await signUpAs('audit');
    const page = await e2e.openPage();
    await loginAs(e2e, page, email);

    // An API key, made in Settings.
    await fromAccountMenu(page, 'Settings');
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByLabel('Provider').selectOption('custom');
    await settings.getByLabel('Base URL').fill(e2e.models.baseUrls.custom);
    await settings.getByLabel('Label (optional)').fill('Audit key');
    await settings.getByRole('button', { name: 'Save key' }).click();
    await settings.getByRole('listitem').getByText('Audit key').waitFor();
    await settings.getByRole('button', { name: 'Close', exact: true }).click();
    await settings.waitFor({ state: 'detached' });

    // The activity log, from the sidebar: the key and the sign-ins, newest first.
    await fromAccountMenu(page, 'Activity log');
    await page.waitForURL(e2e.url('/audit'));
    await page.getByRole('heading', { name: 'Activity log' }).waitFor();
    await page.getByRole('cell', { name: 'API key created' }).waitFor();
    await expect.poll(() => page.getByRole('cell', { name: 'Signed in' }).count()).toBeGreaterThanOrEqual(2);
    await expect(page.title()).resolves.toMatch(/^Activity log/);
    await expectAccessible(page, 'the activity log');

    // Filtered to API keys created: the one row (and its header).
    await page.getByLabel('Action').selectOption({ label: 'API key created' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => records(page).count()).toBe(2);
    await expect(page.getByRole('cell', { name: 'Signed in' }).count()).resolves.toBe(0);
    const row = records(page).nth(1);
    // The target by its kind's name ('API key <id>'); the CSV keeps the raw 'api-key:<id>'.
    await expect(row.getByRole('cell').nth(2).textContent()).resolves.toMatch(/^API key \S+$/);
    await row.getByText('Success').waitFor();
    await row.getByText('You').waitFor();
    await expectAccessible(page, 'the filtered activity log');

    // Export CSV, by keyboard: the same filter, a file named for today.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).focus();
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^activity-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await file.path()) as string, 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe('time,actor,action,target,outcome,sourceIp,userAgent,details,id,seq,prevHash,hash');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',api_key.created,api-key:');
    expect(lines[1]).toContain('""label"":""Audit key""');
    // Chromium's own user agent, as the browser sent it.
    expect(lines[1]).toContain('HeadlessChrome');

    // Clearing the filters brings the sign-ins back.
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('cell', { name: 'Signed in' }).first().waitFor();
    // The whole chain checks out.
    await page.getByRole('button', { name: 'Verify integrity' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Intact' }).textContent())
      .toMatch(/^Intact: \d+ records checked, each unchanged and linked to the one before\.$/);
    await e2e.screenshot(page, 'activity-log');
    // Readable in the dark theme too (it follows the system setting).
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(true);
    await page.getByRole('button', { name: 'Apply filters' }).hover();
    await expectAccessible(page, 'the activity log in the dark theme');
    await e2e.screenshot(page, 'activity-log-dark');
  });
});
