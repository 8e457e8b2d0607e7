import { APP, asAdmin, everyone, get, ownerOnly, post, put, type Rows, t } from '../fixture.js';
import { checkout, sessionOf, teamCheckout } from '../resources.js';

/** Billing: the caller's own subscription. */
export const BILLING_ROWS: Rows = {
  // --- Billing: the caller's own subscription (a team's is under /teams). ---
  'GET /subscriptions': [{ on: 'own', request: () => get('/subscriptions'), expect: everyone(200) }],
  'GET /subscriptions/plans': [
    { on: 'own', request: () => get('/subscriptions/plans'), expect: everyone(200) },
  ],
  'POST /subscriptions/checkout': [
    {
      on: 'own',
      request: () => post('/subscriptions/checkout', checkout),
      expect: everyone(200),
    },
  ],
  'POST /subscriptions/cancel': [
    { on: 'own', request: () => post('/subscriptions/cancel'), expect: everyone(404) },
  ],
  'POST /subscriptions/resume': [
    { on: 'own', request: () => post('/subscriptions/resume'), expect: everyone(404) },
  ],
  'POST /subscriptions/portal': [
    { on: 'own', request: () => post('/subscriptions/portal', { returnUrl: APP }), expect: everyone(200) },
  ],
  'POST /subscriptions/sync': [
    { on: 'own', request: () => post('/subscriptions/sync', {}), expect: everyone(200) },
    {
      on: "the Admin's checkout session",
      setup: async () => ({
        sessionId: sessionOf(await asAdmin(post('/subscriptions/checkout', checkout), 200)),
      }),
      request: (_, made) => post('/subscriptions/sync', made),
      expect: ownerOnly(200),
    },
    {
      // Not the Admin's own either: a team's subscription is synced into the team's record only.
      on: "the team's checkout session",
      setup: async () => ({
        sessionId: sessionOf(await asAdmin(post(`${t()}/subscription/checkout`, teamCheckout()), 200)),
      }),
      request: (_, made) => post('/subscriptions/sync', made),
      expect: everyone(404),
    },
  ],
  'PUT /subscriptions/overage-cap': [
    { on: 'own', request: () => put('/subscriptions/overage-cap', { capUsd: 20 }), expect: everyone(200) },
  ],
  'GET /subscriptions/usage': [
    { on: 'own', request: () => get('/subscriptions/usage'), expect: everyone(200) },
  ],
  'POST /stripe/webhook': [
    // Public: without Stripe's signature nobody gets anywhere.
    {
      on: 'nothing',
      request: () => post('/stripe/webhook', { type: 'customer.subscription.deleted' }),
      expect: everyone(400),
    },
  ],
};
