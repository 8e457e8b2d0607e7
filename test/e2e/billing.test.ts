/**
 * Billing in the browser (issue 11): a Free user reaches the daily token limit on the platform's
 * model, upgrades through the local Stripe checkout (a declined card first), chats again on Pro,
 * then cancels at period end and resumes, in 'Subscription & Usage'.
 */
import { LIMIT_MESSAGES, PLAN_LIMITS } from '@agentforge/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, fromAccountMenu, loginAs, setUpE2e, signUpAs } from './fixtures.js';

const e2e = setUpE2e('billing', { platformModels: true });

const replies = (page: Page) => page.getByRole('article', { name: 'Reply' });
const input = (page: Page) => page.getByRole('textbox', { name: 'Message' });

async function send(page: Page, text: string) {
  await input(page).fill(text);
  await input(page).press('Enter');
}

async function pay(page: Page, card: string) {
  await page.getByRole('heading', { name: 'Local test checkout' }).waitFor();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
}

async function openSubscription(page: Page) {
  await fromAccountMenu(page, 'Subscription');
  const dialog = page.getByRole('dialog', { name: 'Subscription & Usage' });
  await dialog.waitFor();
  return dialog;
}

describe('plans and checkout on the local stack', () => {
  it('stops a Free user at the daily limit, upgrades through checkout to Pro, chats again, cancels and resumes', async () => {
    const { email } = await signUpAs('billing');
    const page = await e2e.openPage({ width: 1366, height: 860 });
    await loginAs(e2e, page, email);

    // The platform's model answers a Free user until the day's tokens are spent.
    await page.getByRole('button', { name: /Claude 3 Haiku/ }).waitFor();
    await send(page, 'Tell me a lot [[long:500]]');
    await replies(page).last().getByText(/w\d+/).first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Stop Generating' }).count()).toBe(0);
    // Its own URL: the day's tokens spent, the model writes it no title ('New Conversation' stays).
    await page.waitForURL(/\/home\/c\//);
    const firstChat = page.url();
    // That history alone is now more than a Free request may carry: a new chat meets the day's limit.
    await page.getByRole('button', { name: 'New Chat' }).click();
    await send(page, 'One more?');
    const refusal = replies(page).last();
    await refusal.getByText(LIMIT_MESSAGES.dailyTokens(PLAN_LIMITS.free.tokensPerDay, 'Free')).waitFor();
    await expectAccessible(page, 'a reply refused by the plan limit');
    await e2e.screenshot(page, '1-limit');

    await refusal.getByRole('link', { name: 'Upgrade Plan' }).click();
    await page.waitForURL(e2e.url('/pricing'));
    await page.getByRole('button', { name: 'Current Plan' }).waitFor();
    await expectAccessible(page, 'the pricing page');
    await e2e.screenshot(page, '2-pricing');
    await page.getByRole('button', { name: 'Choose Pro' }).click();

    // A declined card keeps the user on the checkout page with Stripe's message.
    await pay(page, '4000 0000 0000 0002');
    await page.getByRole('alert').getByText('Your card was declined.').waitFor();
    await pay(page, '4242 4242 4242 4242');
    await page.waitForURL((url) => url.pathname === '/subscription/success');
    await page.getByRole('heading', { name: 'You are on the Pro plan' }).waitFor();
    await expectAccessible(page, 'the checkout success page');
    await e2e.screenshot(page, '3-success');

    // On Pro the same conversation goes on.
    await page.goto(firstChat);
    await page
      .getByRole('article', { name: 'Your message' })
      .getByText('Tell me a lot [[long:500]]')
      .waitFor();
    await send(page, 'And now? [[long:20]]');
    await replies(page).last().getByText(/w19/).waitFor();

    const dialog = await openSubscription(page);
    await dialog.getByText('Pro plan').waitFor();
    await dialog.getByText('Next billing date:').waitFor();
    await expectAccessible(page, "the 'Subscription & Usage' dialog");
    await e2e.screenshot(page, '4-subscription');

    await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel subscription?' });
    await confirm.getByRole('button', { name: 'Confirm cancellation' }).click();
    const pending = dialog.getByRole('button', { name: 'Cancellation Pending' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    await dialog.getByText('You keep your plan until then.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Resume subscription' }).click();
    await dialog.getByRole('button', { name: 'Cancel Subscription' }).waitFor();
    await dialog.getByText('Pro plan').waitFor();
  });

  it('returns from a cancelled checkout to the cancel page, still on Free', async () => {
    const { email } = await signUpAs('billing-cancel');
    const page = await e2e.openPage();
    await loginAs(e2e, page, email);
    await page.goto(e2e.url('/pricing'));
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await page.getByRole('heading', { name: 'Local test checkout' }).waitFor();
    await page.getByRole('link', { name: 'Cancel and go back' }).click();
    await page.waitForURL((url) => url.pathname === '/subscription/cancel');
    await page.getByRole('heading', { name: 'Checkout cancelled' }).waitFor();
    await expectAccessible(page, 'the checkout cancel page');

    await page.goto(e2e.url('/home'));
    const dialog = await openSubscription(page);
    await dialog.getByText('Free plan').waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
  });
});
