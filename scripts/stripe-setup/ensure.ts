import Stripe from 'stripe';
import { CATALOG_METER, CATALOG_PRICES, CATALOG_PRODUCTS, type CatalogPrice } from './catalog.js';

/** One line of what the setup found or did, for the operator. */
export type SetupLine = string;

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;

async function ensureProducts(stripe: Stripe): Promise<SetupLine[]> {
  const lines: SetupLine[] = [];
  for (const product of CATALOG_PRODUCTS) {
    try {
      await stripe.products.retrieve(product.id);
      lines.push(`exists: product ${product.id}`);
    } catch (error) {
      if (!isMissing(error)) throw error;
      await stripe.products.create({ id: product.id, name: product.name });
      lines.push(`created: product ${product.id}`);
    }
  }
  return lines;
}

async function ensureMeter(stripe: Stripe): Promise<{ id: string; line: SetupLine }> {
  const { data } = await stripe.billing.meters.list({ status: 'active', limit: 100 });
  const found = data.find((meter) => meter.event_name === CATALOG_METER.eventName);
  if (found) return { id: found.id, line: `exists: meter ${CATALOG_METER.eventName} (${found.id})` };
  const meter = await stripe.billing.meters.create({
    display_name: CATALOG_METER.displayName,
    event_name: CATALOG_METER.eventName,
    default_aggregation: { formula: 'sum' },
    customer_mapping: { type: 'by_id', event_payload_key: CATALOG_METER.customerPayloadKey },
    value_settings: { event_payload_key: CATALOG_METER.valuePayloadKey },
  });
  return { id: meter.id, line: `created: meter ${CATALOG_METER.eventName} (${meter.id})` };
}

const sameAmount = (price: Stripe.Price, wanted: CatalogPrice) =>
  Number(String(price.unit_amount_decimal)) === Number(wanted.unitAmountDecimal) &&
  price.currency === 'usd' &&
  price.recurring?.usage_type === wanted.usageType;

async function ensurePrices(stripe: Stripe, meterId: string): Promise<SetupLine[]> {
  const { data } = await stripe.prices.list({
    lookup_keys: CATALOG_PRICES.map((price) => price.lookupKey),
    active: true,
    limit: 100,
  });
  const lines: SetupLine[] = [];
  for (const wanted of CATALOG_PRICES) {
    const existing = data.find((price) => price.lookup_key === wanted.lookupKey);
    if (existing) {
      lines.push(
        sameAmount(existing, wanted)
          ? `exists: price ${wanted.lookupKey} (${existing.id})`
          : `exists: price ${wanted.lookupKey} (${existing.id}), with another amount than the catalogue's ${wanted.unitAmountDecimal} cents ${wanted.usageType}: left as it is (archive it in Stripe and run again to replace it)`,
      );
      continue;
    }
    // An archived price may still hold the key: the new one takes it over.
    const price = await stripe.prices.create({
      product: wanted.product,
      currency: 'usd',
      nickname: wanted.nickname,
      lookup_key: wanted.lookupKey,
      transfer_lookup_key: true,
      unit_amount_decimal: Stripe.Decimal.from(wanted.unitAmountDecimal),
      recurring: {
        interval: 'month',
        usage_type: wanted.usageType,
        ...(wanted.usageType === 'metered' ? { meter: meterId } : {}),
      },
    });
    lines.push(`created: price ${wanted.lookupKey} (${price.id})`);
  }
  return lines;
}

/** The products, the token meter and the prices by lookup key: each created only when missing. */
export async function ensureStripeCatalog(stripe: Stripe): Promise<SetupLine[]> {
  const products = await ensureProducts(stripe);
  const meter = await ensureMeter(stripe);
  const prices = await ensurePrices(stripe, meter.id);
  return [...products, meter.line, ...prices];
}

export interface WebhookEndpointResult {
  id: string;
  line: SetupLine;
  /** The signing secret: Stripe shows it only when the endpoint is created. */
  secret?: string;
}

/** The webhook endpoint at `url` with at least `events` enabled (added to an existing one if missing). */
export async function ensureWebhookEndpoint(
  stripe: Stripe,
  url: string,
  events: readonly string[],
): Promise<WebhookEndpointResult> {
  const { data } = await stripe.webhookEndpoints.list({ limit: 100 });
  const found = data.find((endpoint) => endpoint.url === url);
  if (!found) {
    const created = await stripe.webhookEndpoints.create({
      url,
      enabled_events: [...events] as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
      description: 'AgentForge',
    });
    return {
      id: created.id,
      line: `created: webhook endpoint ${url} (${created.id})`,
      secret: created.secret,
    };
  }
  const enabled = new Set(found.enabled_events);
  const missing = enabled.has('*') ? [] : events.filter((event) => !enabled.has(event));
  if (missing.length === 0) return { id: found.id, line: `exists: webhook endpoint ${url} (${found.id})` };
  await stripe.webhookEndpoints.update(found.id, {
    enabled_events: [
      ...found.enabled_events,
      ...missing,
    ] as Stripe.WebhookEndpointUpdateParams.EnabledEvent[],
  });
  return {
    id: found.id,
    line: `updated: webhook endpoint ${url} (${found.id}): enabled ${missing.join(', ')}`,
  };
}
