import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, uniqueEmail } from '../support/identity.js';
import { completeOnboardingInBrowser, expectAccessible, setUpE2e, signUpAs } from './fixtures.js';

type OutboxKind = 'sign-up-code' | 'resend-code' | 'password-reset-code';
type OutboxLine = { to: string; kind: OutboxKind; code: string };

const e2e = setUpE2e('auth');
let page: Page;

beforeEach(async () => {
  page = await e2e.openPage();
});

const url = (path: string) => e2e.url(path);
const pathname = () => new URL(page.url()).pathname;

async function outbox(): Promise<OutboxLine[]> {
  const text = await readFile(e2e.stack.outboxFile, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as OutboxLine);
}

/** The newest code of `kind` e-mailed to `email`, once it has arrived. */
async function codeFor(email: string, kind: OutboxKind, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const sent = (await outbox()).filter((entry) => entry.to === email && entry.kind === kind);
      code = sent.length > after ? sent.at(-1)?.code : undefined;
      return code;
    })
    .toBeDefined();
  return code as string;
}

async function confirmedUser(label: string): Promise<string> {
  return (await signUpAs(label)).email;
}

const banner = () => page.locator('form [role="alert"]');
const toasts = () => page.getByRole('region', { name: 'Notifications' });

async function fillLogin(email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

async function logIn(email: string, password: string) {
  await fillLogin(email, password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function signUpInBrowser(email: string, password = TEST_PASSWORD, checkAccessible = false) {
  await page.goto(url('/signup'));
  if (checkAccessible) await expectAccessible(page, 'sign-up step 1');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('heading', { name: 'Almost Done...' }).waitFor();
  if (checkAccessible) await expectAccessible(page, "sign-up step 2, 'Almost Done...'");
}

async function confirmWith(code: string) {
  await page.getByLabel('Confirmation Code').fill(code);
  await page.getByRole('button', { name: 'Confirm Account' }).click();
}

describe('sign-up and sign-in in the browser on the local stack', () => {
  it('signs up, confirms with the e-mailed code, is logged in automatically, and signs out to the root', async () => {
    const email = uniqueEmail('signup');
    await signUpInBrowser(email, TEST_PASSWORD, true);
    await page.getByText(email).waitFor();
    await confirmWith(await codeFor(email, 'sign-up-code'));

    // A new user meets Welcome Aboard first, then lands on /home.
    await page.waitForURL(url('/onboarding'));
    await completeOnboardingInBrowser(page);
    await page.waitForURL(url('/home'));
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    await page.getByText(email).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(url('/'));
    await page.getByRole('link', { name: 'Get Started' }).first().waitFor();
    expect(pathname()).toBe('/');
    // Signed out for real: the guard sends the visitor to /login.
    await page.goto(url('/home'));
    await page.waitForURL(url('/login'));
  });

  it('shows a wrong password in the banner, which typing clears', async () => {
    const email = await confirmedUser('wrong-password');
    await page.goto(url('/login'));
    await logIn(email, 'not-the-password');
    await expect.poll(() => banner().textContent()).toBe('Incorrect username or password. Please try again.');
    await expectAccessible(page, 'the login page with an error');
    await page.getByLabel('Password', { exact: true }).press('x');
    await banner().waitFor({ state: 'detached' });
  });

  it('resends the code to an unconfirmed account from the login banner and logs in after confirming', async () => {
    const email = uniqueEmail('unconfirmed');
    await signUpInBrowser(email);
    // Leave without confirming (a reload forgets everything kept in memory), then log in.
    await page.goto(url('/login'));
    await logIn(email, TEST_PASSWORD);
    await expect
      .poll(() => banner().textContent())
      .toContain('Your account has not been confirmed yet. Please check your email for a confirmation code.');

    await page.getByRole('button', { name: 'Resend Confirmation Code' }).click();
    await page.getByRole('heading', { name: 'Almost Done...' }).waitFor();
    expect(pathname()).toBe('/signup');
    await toasts().getByText('Please check your email for the confirmation code.').waitFor();

    await confirmWith(await codeFor(email, 'resend-code'));
    await page.waitForURL(url('/onboarding'));
    await completeOnboardingInBrowser(page);
    await page.waitForURL(url('/home'));
    await page.getByText(email).waitFor();
  });

  it('resets the password with the e-mailed code, then logs in with the new one', async () => {
    const email = await confirmedUser('reset');
    const newPassword = 'brand-new-password-2';
    await page.goto(url('/reset'));
    await page.getByRole('heading', { name: 'Password Reset' }).waitFor();
    await expectAccessible(page, 'the reset page');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    await toasts().getByText('Code Sent').waitFor();
    await toasts().getByText('Please check your email for the reset code.').waitFor();

    await page.getByLabel('Reset Code').fill(await codeFor(email, 'password-reset-code'));
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL(url('/login'));
    await toasts().getByText('Success!').waitFor();
    await toasts().getByText('Password Updated.').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);

    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(url('/home'));
    await toasts().getByText('Welcome back!').waitFor();
  });

  it('sends a guest on a signed-in page to /login and back after logging in; a signed-in visitor skips /login', async () => {
    const email = await confirmedUser('guard');
    await page.goto(url('/home'));
    await page.waitForURL(url('/login'));
    await page.goto(url('/pricing?plan=pro'));
    await page.waitForURL(url('/login'));
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await logIn(email, TEST_PASSWORD);
    await page.waitForURL(url('/pricing?plan=pro'));

    await page.goto(url('/login'));
    await page.waitForURL(url('/home'));
    await page.goto(url('/signup'));
    await page.waitForURL(url('/home'));
  });

  it("shows the spec's messages for bad input and a wrong code", async () => {
    await page.goto(url('/login'));
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByText('Invalid email address').waitFor();
    expect(await page.getByRole('button', { name: 'Login' }).isDisabled()).toBe(true);

    await page.goto(url('/signup'));
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByText('Password must be at least 8 characters long').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
    await page.getByLabel('Confirm Password').fill('long-enough-2');
    await page.getByText("Passwords don't match").waitFor();
    expect(await page.getByRole('button', { name: 'Create Account' }).isDisabled()).toBe(true);

    const email = uniqueEmail('wrong-code');
    await signUpInBrowser(email);
    await confirmWith('000000');
    await toasts().getByText('Verification Failed').waitFor();
    await toasts().getByText('Invalid verification code provided, please try again.').waitFor();
    expect(pathname()).toBe('/signup');
  });

  it("answers repeated failures with 'Too many attempts. Please try again later.'", async () => {
    const email = await confirmedUser('limit');
    await page.goto(url('/login'));
    await page.getByLabel('Email').fill(email);
    // The local identity service allows 5 failures per user within 15 minutes.
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel('Password', { exact: true }).fill(`wrong-password-${attempt}`);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect
        .poll(() => banner().textContent())
        .toBe('Incorrect username or password. Please try again.');
    }
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => banner().textContent()).toBe('Too many attempts. Please try again later.');
    expect(pathname()).toBe('/login');
  });
});
