import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.js';
import { TEST_PASSWORD } from '../support/identity.js';
import { expectAccessible, fromAccountMenu, loginAs, setUpE2e, signUpAs } from './fixtures.js';
import { tabTo } from './keyboard-focus.js';

const e2e = setUpE2e('onboarding');
const SLOW = { timeout: 20_000 };

afterEach(() => {
  // The waitlist test switches the stack's access gate (read per request) and puts it back.
  process.env.ACCESS_MODE = 'open';
});

/** Logs in through the form and waits for where the gate sends the user. */
async function logIn(page: Page, email: string, landing: string) {
  await page.goto(e2e.url('/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(e2e.url(landing), SLOW);
}

const alert = (page: Page) => page.locator('form [role="alert"]');

/** Submits Welcome Aboard from the keyboard (Enter on 'Continue') and expects `message`. */
async function continueExpecting(page: Page, message: string) {
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expect.poll(() => alert(page).textContent()).toBe(message);
}

describe('onboarding', () => {
  it("sends a new user to Welcome Aboard, checks the rules in the spec's order, then lands on /home", async () => {
    const { email } = await signUpAs('onboard', { onboarded: false });
    const page = await e2e.openPage();
    await logIn(page, email, '/onboarding');
    await page.getByRole('heading', { name: 'Welcome Aboard' }).waitFor();
    await expectAccessible(page, 'Welcome Aboard');
    // /home sends them back while they have not onboarded.
    await page.goto(e2e.url('/home'));
    await page.waitForURL(e2e.url('/onboarding'));

    const role = page.getByLabel("What's your role?");
    await continueExpecting(page, 'Please select your role');
    await expectAccessible(page, 'Welcome Aboard with an error');
    await role.selectOption('Other');
    await continueExpecting(page, 'Please specify your role');
    await page.getByLabel('Your role', { exact: true }).fill('Researcher');
    await continueExpecting(page, 'Please select your team size');
    await page.getByLabel('Team size').selectOption('2-5 people');
    await page.getByLabel('Email').fill('not-an-email');
    await continueExpecting(page, 'Please enter a valid email address');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('What do you want to build?').fill('   too short   ');
    await continueExpecting(page, 'Please tell us what you want to build with AgentForge.');

    await page.getByLabel('What will you use it for? (optional)').selectOption('automate');
    await page.getByLabel('What do you want to build?').fill('An agent that files my invoices');
    await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(e2e.url('/home'), SLOW);
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    // Onboarded: the next sign-in goes straight home.
    const again = await e2e.openPage();
    await loginAs(e2e, again, email);
  });

  it('on a waitlist stage shows the waitlist status until the admin CLI admits the user, who gets an e-mail', async () => {
    process.env.ACCESS_MODE = 'waitlist';
    const user = await signUpAs('waitlist', { onboarded: false });
    const page = await e2e.openPage();
    await logIn(page, user.email, '/onboarding');
    await page.getByLabel("What's your role?").selectOption('Indie Hacker');
    await page.getByLabel('Team size').selectOption('Just me');
    await page.getByLabel('What do you want to build?').fill('A tool that books my meetings');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: "You're on the waitlist" }).waitFor(SLOW);
    await expectAccessible(page, 'the waitlist status');
    // The product refuses them server-side, whatever the browser does.
    const refused = await apiAs(e2e.stack.apiUrl, user.idToken).get('/conversations');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('You are on the waitlist');
    await page.goto(e2e.url('/home'));
    await page.waitForURL(e2e.url('/onboarding'));

    await page.getByLabel('How did you hear about us? (optional)').fill('A friend');
    await tabTo(page, page.getByRole('button', { name: 'Send' }));
    await page.keyboard.press('Enter');
    await page.getByText('Thanks, we have noted it.').waitFor();

    const { stdout } = await promisify(execFile)(
      join(process.cwd(), 'node_modules/.bin/tsx'),
      ['scripts/admin.ts', 'admit', user.email],
      {
        env: {
          ...process.env,
          DYNAMODB_PORT: new URL(e2e.stack.dynamodb.endpoint).port,
          LOCAL_DATA_DIR: e2e.stack.dataDir,
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        },
      },
    );
    expect(stdout).toContain(`Admitted ${user.email}`);
    const outbox = await page.context().newPage();
    await outbox.goto(e2e.stack.outboxUrl);
    await outbox.getByText("You're in: welcome to AgentForge").first().waitFor();
    await outbox.close();

    await page.getByRole('button', { name: 'Check again' }).click();
    await page.waitForURL(e2e.url('/home'), SLOW);
    await page.getByRole('heading', { name: 'Home' }).waitFor();
  });
});

describe('the profile', () => {
  it("saves the profile setup overlay ('Profile created successfully!') and edits it on /profile", async () => {
    const { email } = await signUpAs('profile');
    const page = await e2e.openPage();
    await loginAs(e2e, page, email);
    // A user without a profile meets the overlay over the dashboard (the target after setup).
    await page.goto(e2e.url('/dashboard'));
    const overlay = page.getByRole('dialog', { name: 'Setup profile to continue' });
    await overlay.waitFor(SLOW);
    await expectAccessible(page, 'the profile setup overlay');
    const save = overlay.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('First Name').fill('x');
    await page.getByLabel('First Name').fill('');
    await page.getByText('First Name is required').waitFor();
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Lovelace');
    await page.getByLabel('Company Name').fill('Analytical Engines');
    await page.getByLabel('Company Size').selectOption({ label: '10-100' });
    await page.getByLabel('Role').fill('CTO');
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    await page.getByText('Profile created successfully!').waitFor();
    await page.waitForURL(e2e.url('/dashboard'), SLOW);

    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(e2e.url('/profile'));
    await page.getByText('Ada Lovelace').waitFor();
    await page.getByText('Analytical Engines (10-100)').waitFor();
    await page.getByRole('button', { name: 'Connect GitHub' }).waitFor();
    expect(await page.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      '/home?feature=settings',
    );
    await expectAccessible(page, 'the profile page');

    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel('Role').fill('CEO');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('CEO', { exact: true }).waitFor();
    await page.reload();
    await page.getByText('CEO', { exact: true }).waitFor(SLOW);
  });

  it('deletes the account after the typed confirmation: signed out, and signing in fails afterwards', async () => {
    const user = await signUpAs('delete-me');
    const api = apiAs(e2e.stack.apiUrl, user.idToken);
    const at = Date.now();
    await api.post('/conversations', {
      title: 'Soon gone',
      name: 'Soon gone',
      messages: [],
      createdAt: at,
      updatedAt: at,
      metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
    });
    const page = await e2e.openPage();
    await loginAs(e2e, page, user.email);
    await page.goto(e2e.url('/profile'));

    const trigger = page.getByRole('button', { name: 'Delete my account' });
    await tabTo(page, trigger);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await expectAccessible(page, 'the account deletion dialog');
    const confirm = dialog.getByRole('button', { name: 'Delete account' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(`Type ${user.email} to confirm`).fill(user.email);
    await confirm.click();
    await page.waitForURL(e2e.url('/'), SLOW);

    await page.goto(e2e.url('/login'));
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.locator('form [role="alert"]').waitFor(SLOW);
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

describe('the dashboard', () => {
  it('shows the plan, servers with their status and recent conversations, each linked, from the sidebar', async () => {
    const user = await signUpAs('dashboard');
    const api = apiAs(e2e.stack.apiUrl, user.idToken);
    const profile = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Engines',
      companySize: 'small',
      role: 'CTO',
    };
    expect((await api.put('/users/profile', profile)).status).toBe(200);
    const at = Date.now();
    const conversation = await api.post('/conversations', {
      title: 'Quarterly invoices',
      name: 'Quarterly invoices',
      messages: [],
      createdAt: at,
      updatedAt: at,
      metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
    });
    const server = await api.post('/mcp-servers', {
      name: 'Everything',
      packageName: '@modelcontextprotocol/server-everything',
      idleTimeoutMinutes: 5,
      environmentVariables: [],
    });
    const page = await e2e.openPage();
    await loginAs(e2e, page, user.email);
    await fromAccountMenu(page, 'Dashboard');
    await page.waitForURL(e2e.url('/dashboard'));
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByText('Free (Active)').waitFor(SLOW);
    const serverLink = page.getByRole('link', { name: 'Everything' });
    await serverLink.waitFor();
    expect(await serverLink.getAttribute('href')).toBe(`/servers/${server.body.id as string}`);
    const conversationLink = page.getByRole('link', { name: 'Quarterly invoices' });
    expect(await conversationLink.getAttribute('href')).toBe(`/home/c/${conversation.body.id as string}`);
    await expectAccessible(page, 'the dashboard');
    await conversationLink.click();
    await page.waitForURL(e2e.url(`/home/c/${conversation.body.id as string}`));
  });
});
