import { GetParameterCommand, ParameterNotFound, PutParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import type Stripe from 'stripe';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { OVERAGE_METER_EVENT, PRICE_LOOKUP_KEYS } from '../../functions/src/adapters/stripe/catalog.js';
import { createStripeBilling } from '../../functions/src/adapters/stripe/stripe-billing.js';
import { HANDLED_EVENTS } from '../../functions/src/domain/billing/webhook.js';
import { startTestStripe } from '../../scripts/local/stripe/testing.js';
import { ssmKeyStore } from '../../scripts/stripe-setup/key-store.js';
import { setUpStripe } from '../../scripts/stripe-setup/setup.js';

const APP = 'https://app.example';
const WEBHOOK_URL = `${APP}/api/stripe/webhook`;
const PARAMETER = '/agentforge/prod/stripe';

// The stage's Stripe parameter, absent after a deploy until the setup writes it, kept by an SSM mock.
const ssm = mockClient(SSMClient);
let stored: string | undefined;
beforeEach(() => {
  stored = undefined;
  ssm.reset();
  ssm.on(GetParameterCommand, { Name: PARAMETER, WithDecryption: true }).callsFake(() => {
    if (stored === undefined) throw new ParameterNotFound({ message: 'not found', $metadata: {} });
    return { Parameter: { Value: stored } };
  });
  ssm
    .on(PutParameterCommand, { Name: PARAMETER, Type: 'SecureString' })
    .callsFake((input: { Value: string }) => {
      stored = input.Value;
      return {};
    });
});

const setUp = (local: { stripe: Stripe }, secretKey: string) =>
  setUpStripe({
    stripe: local.stripe,
    secretKey,
    appOrigin: APP,
    store: ssmKeyStore(new SSMClient({ region: 'us-east-1' }), 'prod'),
  });

async function everything(stripe: Stripe) {
  return {
    products: (await stripe.products.list()).data,
    prices: (await stripe.prices.list()).data,
    meters: (await stripe.billing.meters.list()).data,
    endpoints: (await stripe.webhookEndpoints.list()).data,
  };
}

describe('npm run stripe:setup against the local Stripe', () => {
  const locals: { stop(): Promise<void> }[] = [];
  afterAll(() => Promise.all(locals.map((local) => local.stop())));
  const fresh = async () => {
    const local = await startTestStripe();
    locals.push(local);
    return local;
  };

  it('creates the catalogue, the meter and the webhook endpoint, stores the keys, and creates nothing the second time', async () => {
    const local = await fresh();
    const secretKey = 'sk_test_local_unit';
    const first = await setUp(local, secretKey);
    expect(first).toEqual([
      'created: product agentforge_pro',
      'created: product agentforge_teams',
      'created: product agentforge_extra_tokens',
      expect.stringMatching(new RegExp(`^created: meter ${OVERAGE_METER_EVENT} \\(mtr_`)),
      expect.stringMatching(/^created: price agentforge_pro_monthly \(price_/),
      expect.stringMatching(/^created: price agentforge_teams_seat_monthly \(price_/),
      expect.stringMatching(/^created: price agentforge_overage_tokens \(price_/),
      expect.stringMatching(new RegExp(`^created: webhook endpoint ${WEBHOOK_URL} \\(we_`)),
      'stored: the secret key and webhook signing secret',
    ]);
    expect(first.join('\n')).not.toContain(secretKey);

    const made = await everything(local.stripe);
    const meter = made.meters[0];
    expect(made.meters).toHaveLength(1);
    expect(meter).toMatchObject({
      event_name: OVERAGE_METER_EVENT,
      default_aggregation: { formula: 'sum' },
      customer_mapping: { event_payload_key: 'stripe_customer_id' },
      value_settings: { event_payload_key: 'value' },
    });
    const byKey = Object.fromEntries(made.prices.map((price) => [price.lookup_key, price]));
    expect(byKey[PRICE_LOOKUP_KEYS.pro]).toMatchObject({ unit_amount: 2500, product: 'agentforge_pro' });
    expect(byKey[PRICE_LOOKUP_KEYS.teams]).toMatchObject({ unit_amount: 4000, product: 'agentforge_teams' });
    expect(byKey[PRICE_LOOKUP_KEYS.overage]).toMatchObject({
      unit_amount: null,
      recurring: { usage_type: 'metered', meter: meter?.id },
    });
    expect(String(byKey[PRICE_LOOKUP_KEYS.overage]?.unit_amount_decimal)).toBe('0.001');
    expect(made.endpoints).toEqual([
      expect.objectContaining({ url: WEBHOOK_URL, enabled_events: [...HANDLED_EVENTS] }),
    ]);
    const keys = JSON.parse(stored ?? '') as { secretKey: string; webhookSecret: string };
    expect(keys.secretKey).toBe(secretKey);
    expect(keys.webhookSecret).toMatch(/^whsec_/);

    // The product's own checkout finds its prices by the lookup keys the setup gave them.
    const billing = createStripeBilling({
      secretKey,
      webhookSecret: keys.webhookSecret,
      endpoint: { host: 'localhost', port: local.server.port, protocol: 'http' },
    });
    const customerId = await billing.createCustomer({ userId: 'u-setup', email: 'setup@example.com' });
    const url = await billing.createCheckoutSession({
      customerId,
      userId: 'u-setup',
      tier: 'teams',
      seats: 2,
      successUrl: `${APP}/billing?ok`,
      cancelUrl: `${APP}/billing`,
    });
    expect(url).toMatch(new RegExp(`^${local.server.url}/checkout/`));

    const puts = ssm.commandCalls(PutParameterCommand).length;
    const second = await setUp(local, secretKey);
    expect(second.every((line) => line.startsWith('exists: '))).toBe(true);
    expect(second).toHaveLength(first.length);
    expect(second.at(-1)).toBe('exists: the stored secret key and webhook signing secret');
    const after = await everything(local.stripe);
    expect(after.products).toHaveLength(3);
    expect(after.prices.map((price) => price.id).sort()).toEqual(made.prices.map((price) => price.id).sort());
    expect(after.meters).toHaveLength(1);
    expect(after.endpoints).toHaveLength(1);
    expect(ssm.commandCalls(PutParameterCommand)).toHaveLength(puts);
    expect(JSON.parse(stored ?? '')).toEqual(keys);
  });

  it('replaces an archived price (the key moves to the new one) and stores a new secret key', async () => {
    const local = await fresh();
    await setUp(local, 'sk_test_local_unit');
    const [pro] = (await local.stripe.prices.list({ lookup_keys: [PRICE_LOOKUP_KEYS.pro] })).data;
    await local.stripe.prices.update(String(pro?.id), { active: false });
    const webhookSecret = (JSON.parse(stored ?? '') as { webhookSecret: string }).webhookSecret;

    const lines = await setUp(local, 'sk_test_local_rolled');
    expect(lines.filter((line) => !line.startsWith('exists: '))).toEqual([
      expect.stringMatching(/^created: price agentforge_pro_monthly \(price_/),
      'stored: the secret key and webhook signing secret',
    ]);
    const { data } = await local.stripe.prices.list({ lookup_keys: [PRICE_LOOKUP_KEYS.pro] });
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ active: true, unit_amount: 2500 });
    expect((await local.stripe.prices.retrieve(String(pro?.id))).lookup_key).toBeNull();
    expect(JSON.parse(stored ?? '')).toEqual({ secretKey: 'sk_test_local_rolled', webhookSecret });
  });

  it('enables the events an existing endpoint lacks, and stops when its signing secret is not stored', async () => {
    const local = await fresh();
    const endpoint = await local.stripe.webhookEndpoints.create({
      url: WEBHOOK_URL,
      enabled_events: ['invoice.paid'],
    });
    await expect(setUp(local, 'sk_test_local_unit')).rejects.toThrow(
      new RegExp(
        `updated: webhook endpoint .*enabled checkout.session.completed[\\s\\S]*${endpoint.id} exists but its signing secret is not stored.*delete the endpoint`,
      ),
    );
    expect((await local.stripe.webhookEndpoints.retrieve(endpoint.id)).enabled_events.sort()).toEqual(
      [...HANDLED_EVENTS].sort(),
    );
    expect(ssm.commandCalls(PutParameterCommand)).toHaveLength(0);

    // The operator deletes it in the dashboard and runs again: a new endpoint, its secret stored.
    await local.stripe.webhookEndpoints.del(endpoint.id);
    const lines = await setUp(local, 'sk_test_local_unit');
    expect(lines).toContainEqual(expect.stringMatching(/^created: webhook endpoint/));
    expect(JSON.parse(stored ?? '')).toMatchObject({ webhookSecret: expect.stringMatching(/^whsec_/) });
  });
});
