import { createHmac } from 'node:crypto';
import { API_VERSION, newId, type State, type StripeObject } from './state.js';
import { createWebhookDelivery } from './webhook-delivery.js';

export type EventBus = ReturnType<typeof createEventBus>;

/**
 * Stripe's events: recorded in the state, posted to the one webhook URL the stack configures,
 * signed the way Stripe signs them (`Stripe-Signature: t=…,v1=HMAC-SHA256("t.payload")`), and
 * retried when not taken (webhook-delivery.ts).
 */
export function createEventBus(options: {
  state: State;
  now: () => number;
  save: () => void;
  log: (message: string) => void;
  webhookSecret: string;
  webhookUrl: string | undefined;
  retryDelaysMs: readonly number[] | undefined;
}) {
  let webhookUrl = options.webhookUrl;

  /** Signed at the wall clock's time, as Stripe's test clocks do: only the objects' times move. */
  function sign(payload: string): string {
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', options.webhookSecret).update(`${t}.${payload}`).digest('hex');
    return `t=${t},v1=${v1}`;
  }

  const delivery = createWebhookDelivery({
    url: () => webhookUrl,
    sign,
    save: options.save,
    log: options.log,
    retryDelaysMs: options.retryDelaysMs,
  });

  return {
    async emit(type: string, object: StripeObject): Promise<void> {
      const event: StripeObject = {
        id: newId('evt'),
        object: 'event',
        api_version: API_VERSION,
        created: options.now(),
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
      options.state.events[event.id] = event;
      options.save();
      await delivery.deliver(event);
    },
    resend: delivery.resend,
    setWebhookUrl(url: string | undefined): void {
      webhookUrl = url;
    },
    webhookUrl: () => webhookUrl,
    /** After a restart: the retries that were due go on. */
    resume: () => delivery.resume(Object.values(options.state.events)),
    stop: delivery.stop,
  };
}
