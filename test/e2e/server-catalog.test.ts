/// <reference lib="dom" />
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { expectAccessible, loginAs, setUpE2e, signUpWithModel } from './fixtures.js';

// The operator's catalog file: the local reference server behind a required secret (the default
// list's entries that need one are packages the local stack does not have installed).
const catalogFile = join(mkdtempSync(join(tmpdir(), 'catalog-e2e-')), 'catalog.json');
writeFileSync(
  catalogFile,
  JSON.stringify([
    {
      name: 'com.acme/everything-keyed',
      title: 'Acme Everything',
      description: 'The reference server behind an Acme API key.',
      packages: [
        {
          registryType: 'npm',
          identifier: '@modelcontextprotocol/server-everything',
          transport: { type: 'stdio' },
          environmentVariables: [
            { name: 'ACME_API_KEY', description: 'Your Acme key', isRequired: true, isSecret: true },
          ],
        },
      ],
    },
  ]),
);
// Each e2e file runs in its own process: this reaches only this file's stack.
process.env.MCP_CATALOG_FILE = catalogFile;

const e2e = setUpE2e('server-catalog');
const serverList = (page: Page) => page.getByRole('region', { name: 'MCP servers' });
const catalog = (page: Page) => page.getByRole('list', { name: 'Catalog' });

async function browse(width = 1280, height = 800) {
  const user = await signUpWithModel(e2e, 'catalog');
  const page = await e2e.openPage({ width, height });
  await loginAs(e2e, page, user.email);
  if (width < 640) await page.getByRole('button', { name: 'Open sidebar' }).click();
  await page.getByRole('tab', { name: 'Servers', exact: true }).click();
  await page.getByRole('tab', { name: 'Browse' }).click();
  await catalog(page).waitFor();
  return page;
}

describe('the MCP server catalog', () => {
  it('browses, searches, adds an entry needing a secret, and the chat uses its tools', async () => {
    const page = await browse();
    await catalog(page).getByRole('article', { name: 'Everything', exact: true }).waitFor();
    // A remote entry is added like a package (issue 30 item 1: remote servers).
    await catalog(page)
      .getByRole('article', { name: 'Notion' })
      .getByText('https://mcp.notion.com/mcp')
      .waitFor();
    await expectAccessible(page, 'the catalog');

    await page.getByRole('searchbox', { name: 'Search the catalog' }).fill('acme key');
    const entry = catalog(page).getByRole('article', { name: 'Acme Everything' });
    await entry.getByText('ACME_API_KEY (secret)').waitFor();
    await e2e.screenshot(page, '1-search');
    // By keyboard: Add, the form of exactly the required value, Enter.
    await entry.getByRole('button', { name: 'Add Acme Everything' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Acme Everything' });
    const key = dialog.getByLabel('ACME_API_KEY');
    await expectAccessible(page, 'the add form');
    if ((await key.getAttribute('type')) !== 'password')
      throw new Error('the secret is not a password field');
    await page.keyboard.type('acme-secret-e2e-1234');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    const card = serverList(page).getByRole('article', { name: 'Acme Everything' });
    await card.getByText('Defined').waitFor();
    await serverList(page).getByText('Added “Acme Everything”.', { exact: false }).waitFor();
    await e2e.screenshot(page, '2-added');

    await card.getByRole('switch', { name: 'Enable Acme Everything' }).click();
    await card.getByText('Running').waitFor({ timeout: 60_000 });
    await card.getByRole('button', { name: 'Use in chat' }).click();
    await card.getByText('In this chat').waitFor();

    await page.getByRole('button', { name: /Local model/ }).click();
    await page.getByRole('menuitemradio', { name: 'llama3.2:latest' }).click();
    await page.getByRole('tab', { name: 'Chats' }).click();
    await page.getByRole('textbox', { name: 'Message' }).fill('What is set? [[tool:get-env {}]]');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    const reply = page.getByRole('article', { name: 'Reply' }).last();
    const call = reply.locator('details').filter({ hasText: 'get-env' });
    await call.getByText('Success').waitFor({ timeout: 60_000 });
    await call.locator('summary').click();
    // The secret given in the form reached the server's environment.
    await call
      .getByText(/"?ACME_API_KEY"?\s*:\s*"?acme-secret-e2e-1234/)
      .first()
      .waitFor();
    await e2e.screenshot(page, '3-tool-call');
  }, 180_000);

  it('fits a phone screen', async () => {
    const page = await browse(390, 844);
    await catalog(page).getByRole('article', { name: 'Everything', exact: true }).waitFor();
    const box = await catalog(page).boundingBox();
    if (!box || box.x < 0 || box.x + box.width > 390)
      throw new Error(`the catalog overflows: ${JSON.stringify(box)}`);
    await expectAccessible(page, 'the catalog on a phone');
    await e2e.screenshot(page, '4-phone');
  });
});
