/// <reference lib="dom" />
// The functions given to evaluate() and addInitScript() run in the browser.
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../support/identity.js';
import { expectAccessible, setUpE2e, signUpAs } from './fixtures.js';
import { tabTo } from './keyboard-focus.js';

// The production build, as CloudFront serves it: /login is the prerendered login.html.
const e2e = setUpE2e('login-page', { builtWeb: true });

/** Records what #root shows after each change to it: its heading, and whether the picture is there. */
function recordRootChanges() {
  const seen: { heading: string; picture: boolean }[] = [];
  (window as unknown as { rootChanges: typeof seen }).rootChanges = seen;
  document.addEventListener('DOMContentLoaded', () => {
    const root = document.getElementById('root');
    if (!root) return;
    const note = () =>
      seen.push({
        heading: root.querySelector('h1')?.textContent ?? '',
        picture: root.querySelector('[data-prerendered]') !== null,
      });
    note();
    new MutationObserver(note).observe(root, { childList: true });
  });
}

describe('the prerendered sign-in page', () => {
  it('paints the form before any script runs', async () => {
    const page = await e2e.openPage({ width: 390, height: 844 });
    await page.context().route('**/*.js', (route) => route.abort());
    await page.goto(e2e.url('/login'));
    expect(await page.getByRole('heading', { name: 'Welcome Back' }).isVisible()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Email' }).isVisible()).toBe(true);
    // A picture until the app makes it live: inert, so nothing typed or clicked in it is lost or sent.
    expect(await page.locator('[data-prerendered]').getAttribute('inert')).toBe('');
  });

  it('becomes the live form in one step, with no empty or loading frame between, and signs in by keyboard', async () => {
    const { email } = await signUpAs('prerendered-login');
    const page = await e2e.openPage({ width: 390, height: 844 });
    await page.addInitScript(recordRootChanges);
    await page.goto(e2e.url('/login'));
    // The app renders as a transition: the picture stays until the one commit that replaces it.
    await page.locator('[data-prerendered]').waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    const changes = await page.evaluate(
      () => (window as unknown as { rootChanges: { heading: string; picture: boolean }[] }).rootChanges,
    );
    expect(changes.every((change) => change.heading === 'Welcome Back')).toBe(true);
    expect(changes.at(-1)).toEqual({ heading: 'Welcome Back', picture: false });
    await expectAccessible(page, 'the live sign-in form');

    // By keyboard, on a phone's viewport: the live form takes what is typed and Enter signs in.
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(TEST_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(e2e.url('/home'));
    // Signed in, /login shows nothing (the session gate hid the picture) and sends the visitor on.
    await page.goto(e2e.url('/login'));
    expect(await page.evaluate(() => document.documentElement.dataset.session)).toBe('maybe');
    await page.waitForURL(e2e.url('/home'));
  });
});
