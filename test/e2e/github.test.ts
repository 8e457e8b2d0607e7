import { GITHUB_MESSAGES, GITHUB_TOKEN_ENV_VAR, GITHUB_TOKEN_REFERENCE } from '@agentforge/shared';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.js';
import { expectAccessible, fromAccountMenu, loginAs, setUpE2e, signUpAs } from './fixtures.js';

const e2e = setUpE2e('github');

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const settings = (page: Page) => page.getByRole('dialog', { name: 'Settings' });

/** A new user's Settings, then 'Connect GitHub' (by keyboard): the local GitHub's consent page. */
async function connectGithub(label: string) {
  const user = await signUpAs(label);
  const page = await e2e.openPage();
  await loginAs(e2e, page, user.email);
  await fromAccountMenu(page, 'Settings');
  await settings(page).getByText('Not connected').waitFor();
  await settings(page).getByRole('button', { name: 'Connect GitHub' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(`${e2e.stack.githubUrl}/login/oauth/authorize?**`);
  expect(await page.title()).toMatch(/^Local test GitHub/);
  return { page, idToken: user.idToken };
}

/** Starts a server whose GitHub token references the linked account; answers the login GitHub gives it. */
async function githubLoginOfAServer(idToken: string): Promise<string> {
  const api = apiAs(e2e.stack.apiUrl, idToken);
  const { body: server } = await api.post('/mcp-servers', {
    name: 'GitHub',
    packageName: '@modelcontextprotocol/server-everything',
    idleTimeoutMinutes: 5,
    environmentVariables: { [GITHUB_TOKEN_ENV_VAR]: GITHUB_TOKEN_REFERENCE },
  });
  const id = server.id as string;
  await api.post(`/mcp-servers/${id}/enable`);
  await expect
    .poll(async () => (await api.get(`/mcp-servers/${id}`)).body.status, { timeout: 30_000, interval: 250 })
    .toBe('enabled');
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${e2e.stack.apiUrl}/api/mcp-gateway/${id}`), {
      requestInit: { headers: { Authorization: `Bearer ${idToken}` } },
    }),
  );
  const result = await client.callTool({ name: 'get-env', arguments: {} });
  await client.close();
  await api.post(`/mcp-servers/${id}/disable`);
  const env = JSON.parse((result.content as { text: string }[])[0]?.text ?? '{}') as Record<string, string>;
  const user = await fetch(`${e2e.stack.githubUrl}/user`, {
    headers: { Authorization: `Bearer ${env[GITHUB_TOKEN_ENV_VAR]}` },
  });
  return ((await user.json()) as { login: string }).login;
}

describe('GitHub account link', () => {
  it('Connect GitHub in Settings -> Authorize on the local GitHub -> callback -> linked, shown in Settings', async () => {
    const { page, idToken } = await connectGithub('github-link');
    await expectAccessible(page, 'the local GitHub consent page');
    await page.getByLabel('Sign in as (any username)').fill('e2e-octocat');
    await page.getByRole('button', { name: 'Authorize' }).click();

    await page.waitForURL(e2e.url('/github/callback?**'));
    await toasts(page).getByText(GITHUB_MESSAGES.connectedTitle).waitFor();
    await expectAccessible(page, 'the GitHub callback');
    // The state served one callback: it is gone from session storage.
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.waitForURL(e2e.url('/home?feature=settings'));
    await settings(page).getByText('Connected as e2e-octocat').waitFor();
    await expectAccessible(page, 'Settings with a linked GitHub account');
    // A server configured with the account gets its token when it starts.
    expect(await githubLoginOfAServer(idToken)).toBe('e2e-octocat');

    // Disconnect: revoked and gone.
    await settings(page).getByRole('button', { name: 'Disconnect' }).click();
    await settings(page).getByRole('button', { name: 'Connect GitHub' }).waitFor();
  });

  it('Deny on the local GitHub -> the error toast -> back home after 4 s', async () => {
    const { page } = await connectGithub('github-deny');
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(e2e.url('/github/callback?**'));
    await toasts(page).getByText(GITHUB_MESSAGES.connectionFailedTitle).waitFor();
    await toasts(page)
      .getByText(
        GITHUB_MESSAGES.authorizationFailed('access_denied', 'The user has denied your application access.'),
      )
      .waitFor();
    await page.waitForURL(e2e.url('/home'), { timeout: 10_000 });
    await fromAccountMenu(page, 'Settings');
    await settings(page).getByText('Not connected').waitFor();
  });

  it("Connect GitHub on a server's page returns to it, with its settings open", async () => {
    const user = await signUpAs('github-server');
    const api = apiAs(e2e.stack.apiUrl, user.idToken);
    const { body: server } = await api.post('/mcp-servers', {
      name: 'Repo tools',
      packageName: '@modelcontextprotocol/server-everything',
      idleTimeoutMinutes: 5,
      environmentVariables: {},
    });
    const page = await e2e.openPage();
    await loginAs(e2e, page, user.email);
    await page.goto(e2e.url(`/servers/${server.id as string}?feature=settings`));
    const serverSettings = page.getByRole('region', { name: 'Server settings' });
    await serverSettings.getByText('Not connected').waitFor();
    await expectAccessible(page, "a server's page with its settings");
    await serverSettings.getByRole('button', { name: 'Connect GitHub' }).click();
    await page.waitForURL(`${e2e.stack.githubUrl}/login/oauth/authorize?**`);
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL(e2e.url(`/servers/${server.id as string}?feature=settings`));
    await serverSettings.getByText('Connected as octocat').waitFor();
  });
});
