import { expect } from 'vitest';
import type { Api } from './api.js';

/** Subscribes the user to Pro (3 servers at a time; Free: 1), paid on the local checkout page as the browser does. */
export async function subscribeToPro(api: Api, appOrigin: string): Promise<void> {
  const checkout = await api.post('/subscriptions/checkout', {
    tier: 'pro',
    successUrl: `${appOrigin}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${appOrigin}/subscription/cancel`,
  });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const url = checkout.body.url as string;
  await fetch(url);
  const paid = await fetch(`${url}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12 / 34', cvc: '123' }).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  await expect
    .poll(async () => ((await api.get('/subscriptions')).body.subscription as { tier: string }).tier, {
      timeout: 30_000,
    })
    .toBe('pro');
}
