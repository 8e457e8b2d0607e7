/// <reference lib="dom" />
// The functions given to evaluate() run in the browser.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs } from '../support/api.js';
import { expectAccessible, loginAs, setUpE2e, signUpAs } from './fixtures.js';

/**
 * Automation runs (issue 32) in Chromium: Run now on the list, the run succeeding on the
 * automation's page and its conversation opened; a run paused at a tool that is neither approved
 * nor read-only, approved from the run's page, going on to succeed.
 */
const e2e = setUpE2e('automations');

const runs = (page: Page) => page.getByRole('region', { name: 'Runs' });

describe('automation runs', () => {
  let page: Page;
  let api: Api;
  let provider: string;
  let serverId: string;
  let email: string;

  async function create(name: string, goal: string): Promise<string> {
    const response = await api.post('/automations', {
      name,
      goal,
      mode: 'single_agent',
      serverIds: [serverId],
      provider,
      model: 'llama3.2:latest',
      trigger: { type: 'manual' },
      budget: { maxTokens: 20_000, maxToolCalls: 5, maxMinutes: 5 },
    });
    expect(response.status).toBe(201);
    return response.body.id as string;
  }

  beforeAll(async () => {
    const user = await signUpAs('automations');
    email = user.email;
    api = apiAs(e2e.stack.apiUrl, user.idToken);
    const key = await api.post('/api-keys', {
      provider: 'custom',
      baseUrl: e2e.models.baseUrls.custom,
      label: 'Local model',
    });
    provider = `custom:${key.body.id as string}`;
    const server = await api.post('/mcp-servers', {
      name: 'Everything',
      packageName: '@modelcontextprotocol/server-everything',
      idleTimeoutMinutes: 5,
    });
    serverId = server.body.id as string;
    page = await e2e.openPage({ persist: true });
    await loginAs(e2e, page, user.email);
  });

  it('runs an automation now from the list, shows the run succeed and opens its conversation', async () => {
    await create('Echo digest', 'Greet [[tool:echo {"message":"from the run"}]]');
    await page.goto(e2e.url('/automations'));
    await page.getByRole('button', { name: 'Run Echo digest now' }).click();
    await page.getByRole('link', { name: 'Echo digest' }).click();
    await runs(page).getByText('Succeeded').waitFor({ timeout: 120_000 });
    await expectAccessible(page, "an automation's runs");
    await e2e.screenshot(page, '1-run-succeeded');
    await runs(page)
      .getByRole('link', { name: /^Conversation/ })
      .click();
    await page.getByText('Tool echo said: Echo: from the run').waitFor({ timeout: 30_000 });
    await e2e.screenshot(page, '2-run-conversation');
  });

  it("pauses a run at a tool that is not approved, and Approve on the run's page lets it finish", async () => {
    const id = await create('Toggle logging', 'Toggle [[tool:toggle-simulated-logging {}]]');
    await page.goto(e2e.url(`/automations/${id}`));
    await page.getByRole('button', { name: 'Run now', exact: true }).click();
    const waiting = page.getByRole('region', { name: /waiting for approval$/ });
    await waiting.getByText('Waiting for your approval to call toggle-simulated-logging').waitFor({
      timeout: 120_000,
    });
    await expectAccessible(page, 'a run waiting for approval');
    await e2e.screenshot(page, '3-run-waiting');
    await waiting.getByRole('button', { name: 'Approve' }).click();
    await runs(page).getByText('Succeeded').waitFor({ timeout: 60_000 });
    expect(await waiting.count()).toBe(0);
    await e2e.screenshot(page, '4-run-approved');
  });

  it('shows the list and a run on a phone (390x844): from the sidebar, fitting the width, axe-clean', async () => {
    const phone = await e2e.openPage({ width: 390, height: 844 });
    await loginAs(e2e, phone, email);
    await phone.getByRole('button', { name: 'Open sidebar' }).click();
    await phone.getByRole('link', { name: 'Automations' }).click();
    await phone.waitForURL(e2e.url('/automations'));
    await phone.getByRole('link', { name: 'Echo digest' }).click();
    await runs(phone).getByText('Succeeded').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(phone, "an automation's runs on a phone");
  });
});
