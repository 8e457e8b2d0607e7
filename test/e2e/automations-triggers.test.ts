/// <reference lib="dom" />
// The functions given to evaluate() run in the browser.
import { AUTOMATION_MESSAGES } from '@agentforge/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs } from '../support/api.js';
import { subscribeToPro } from '../support/pro-plan.js';
import { expectAccessible, loginAs, setUpE2e, signUpAs } from './fixtures.js';

/**
 * Automations' triggers in Chromium (issue 32): a `rate(1 minute)` schedule made in the form that
 * the local Scheduler fires within the test, its run in the Runs list; a webhook made in the form,
 * called from the test with the secret the dialog shows as the bearer, its run's page showing the
 * body as its input; a run stopped by its token budget with the contract's reason, on its page and
 * in the list's last run. The schedule is made first and checked last: its minute passes meanwhile.
 */
const e2e = setUpE2e('automations-triggers');

const runs = (page: Page) => page.getByRole('region', { name: 'Runs' });

describe('automation triggers and budgets', () => {
  let page: Page;
  let api: Api;
  let provider: string;

  /** The form, filled for a Direct Chat goal on the local model, left open at the trigger. */
  async function fillForm(name: string, goal: string) {
    await page.goto(e2e.url('/automations'));
    await page.getByRole('button', { name: 'New automation' }).first().click();
    const form = page.getByRole('dialog', { name: 'New automation' });
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Goal').fill(goal);
    await form.getByLabel('Mode', { exact: true }).selectOption({ label: 'Direct Chat' });
    await form.getByLabel('Tokens', { exact: true }).fill('20000');
    return form;
  }

  beforeAll(async () => {
    const user = await signUpAs('automation-triggers');
    api = apiAs(e2e.stack.apiUrl, user.idToken);
    const key = await api.post('/api-keys', {
      provider: 'custom',
      baseUrl: e2e.models.baseUrls.custom,
      label: 'Local model',
    });
    provider = `custom:${key.body.id as string}`;
    page = await e2e.openPage({ persist: true });
    await loginAs(e2e, page, user.email);
  });

  it('makes a rate(1 minute) schedule in the form, with its next runs previewed', async () => {
    // A schedule every minute is a paid plan's (Free: hourly at most); expect.poll needs a test.
    await subscribeToPro(api, e2e.url(''));
    const form = await fillForm('Minutely ping', 'Say hello on time');
    await form.getByLabel('Schedule expression').fill('rate(1 minute)');
    await form.getByText('Next runs').waitFor();
    await expect.poll(() => form.getByRole('listitem').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('link', { name: 'Minutely ping' }).waitFor();
    expect(await page.getByText('Every minute', { exact: true }).count()).toBeGreaterThan(0);
  });

  it('starts a run on a webhook call with the secret as the bearer; the run’s page shows the body as its input', async () => {
    const form = await fillForm('On deploy', 'Summarise the deploy event');
    await form.getByLabel('Trigger', { exact: true }).selectOption({ label: 'Webhook' });
    await form.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Webhook' });
    const code = (label: string) =>
      dialog.getByText(label, { exact: true }).locator('xpath=following-sibling::div[1]//code');
    const url = (await code('Webhook URL').textContent()) ?? '';
    const secret = (await code('Secret').textContent()) ?? '';
    expect(url).toMatch(/\/api\/automation-hooks\/[\w-]+$/);
    expect(await code('Example').textContent()).toContain(`-H 'Authorization: Bearer ${secret}'`);
    await expectAccessible(page, "a webhook's URL and secret");
    await e2e.screenshot(page, '1-webhook-dialog');
    await dialog.getByRole('button', { name: 'Done' }).click();

    const body = JSON.stringify({ service: 'billing', version: '4.2.0', status: 'deployed' });
    const called = await fetch(`${e2e.stack.apiUrl}${new URL(url).pathname}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
      body,
    });
    expect(called.status).toBe(202);

    await page.getByRole('link', { name: 'On deploy' }).click();
    await runs(page).getByText('Webhook').waitFor({ timeout: 30_000 });
    await runs(page)
      .getByRole('link', { name: /the run's details$/ })
      .click();
    const input = page.getByRole('region', { name: 'Input' });
    await input.getByText(body).waitFor();
    await page.getByText('Succeeded').waitFor({ timeout: 30_000 });
    await expectAccessible(page, "a webhook run's page");
    await e2e.screenshot(page, '2-webhook-run-input');

    // The run's page on a phone: its input and facts fit the width.
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await input.getByText(body).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectAccessible(page, "a webhook run's page on a phone");
    } finally {
      if (desktop) await page.setViewportSize(desktop);
    }
  });

  it('stops a run at its token budget with the reason, on its page and in the list', async () => {
    const made = await api.post('/automations', {
      name: 'Chatty',
      goal: 'Talk [[long:400]]',
      mode: 'direct',
      serverIds: [],
      provider,
      model: 'llama3.2:latest',
      trigger: { type: 'manual' },
      budget: { maxTokens: 100, maxToolCalls: 0, maxMinutes: 5 },
    });
    expect(made.status).toBe(201);
    await page.goto(e2e.url(`/automations/${made.body.id as string}`));
    await page.getByRole('button', { name: 'Run now', exact: true }).click();
    const reason = AUTOMATION_MESSAGES.stoppedTokens(100);
    await runs(page).getByText(reason).waitFor({ timeout: 60_000 });
    await runs(page).getByText('Stopped (budget)').waitFor();
    await e2e.screenshot(page, '3-budget-stop');
    await page.getByRole('link', { name: 'All automations' }).click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Chatty' }) });
    await card.getByText(reason).waitFor();
    await card.getByText('Stopped (budget)').waitFor();
    await expectAccessible(page, 'the list with its last runs');
  });

  it('has fired the schedule within its minute: its run is in the Runs list', async () => {
    await page.goto(e2e.url('/automations'));
    await page.getByRole('link', { name: 'Minutely ping' }).click();
    // The first firing is a minute after the schedule was made; the local Scheduler looks every 5 s
    // and the page reads the runs every 15 s.
    await runs(page).getByText('Schedule', { exact: true }).waitFor({ timeout: 90_000 });
    await runs(page).getByText('Succeeded').first().waitFor({ timeout: 60_000 });
    await e2e.screenshot(page, '4-schedule-fired');
    // Its waits (up to 150 s on a loaded machine) are longer than the file's 60 s default.
  }, 180_000);
});
