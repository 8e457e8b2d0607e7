/**
 * The local Stripe's webhook delivery, retried as Stripe retries it: an event the endpoint did not
 * take (connection refused, a timeout, any answer but 2xx) is sent again with growing pauses until
 * it is taken or the schedule runs out (Stripe: up to three days in live mode; here minutes by
 * default, `retryDelaysMs` in tests). Pending retries are kept with the events (state.json) and
 * resumed when the service starts again. Each attempt is recorded on the event.
 */

/** The pauses before each retry, in ms: Stripe's growing backoff, shortened for one machine. */
const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000];
/** An endpoint that has not answered after this long has failed the attempt (Stripe waits ~10-20 s). */
const ATTEMPT_TIMEOUT_MS = 15_000;

/** A Stripe event as the service stores it (`type`, `data`, ...). */
type WebhookEvent = Record<string, unknown> & { id: string };

/** What is kept of an event's delivery (on the event, as `delivery`). */
interface DeliveryRecord {
  attempts: { at: number; status: number }[];
  /** When the next retry is due (ms since the epoch); absent once delivered or given up. */
  nextRetryAt?: number;
  delivered: boolean;
}

interface WebhookDeliveryOptions {
  /** Where to POST (undefined: nowhere, nothing recorded). */
  url: () => string | undefined;
  sign: (payload: string) => string;
  /** Persists the events' delivery records. */
  save: () => void;
  log: (message: string) => void;
  retryDelaysMs?: readonly number[] | undefined;
}

const deliveryOf = (event: WebhookEvent): DeliveryRecord => {
  event.delivery ??= { attempts: [], delivered: false } satisfies DeliveryRecord;
  return event.delivery as DeliveryRecord;
};

export function createWebhookDelivery(options: WebhookDeliveryOptions) {
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  /** One POST, freshly signed; the endpoint's answer (status 0: not reached). */
  async function post(url: string, event: WebhookEvent): Promise<{ status: number; body: string }> {
    const payload = JSON.stringify(event, (key, value) => (key === 'delivery' ? undefined : value), 2);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': options.sign(payload) },
        body: payload,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      options.log(`${String(event.type)} ${event.id} -> ${response.status}`);
      return { status: response.status, body: await response.text() };
    } catch (error) {
      options.log(`${String(event.type)} ${event.id} not delivered: ${(error as Error).message}`);
      return { status: 0, body: '' };
    }
  }

  function schedule(event: WebhookEvent, at: number): void {
    clearTimeout(timers.get(event.id));
    const timer = setTimeout(
      () => {
        timers.delete(event.id);
        void attempt(event);
      },
      Math.max(0, at - Date.now()),
    );
    timer.unref();
    timers.set(event.id, timer);
  }

  /** One attempt, recorded; a failed one schedules the next retry while the schedule lasts. */
  async function attempt(event: WebhookEvent): Promise<{ status: number; body: string }> {
    const url = options.url();
    if (!url) return { status: 0, body: '' };
    const answer = await post(url, event);
    const record = deliveryOf(event);
    const ok = answer.status >= 200 && answer.status < 300;
    record.attempts.push({ at: Date.now(), status: answer.status });
    if (ok) record.delivered = true;
    const failures = record.attempts.filter((done) => done.status < 200 || done.status >= 300).length;
    const delay = delays[failures - 1];
    if (ok || record.delivered || delay === undefined) {
      delete record.nextRetryAt;
      event.pending_webhooks = record.delivered ? 0 : 1;
    } else {
      record.nextRetryAt = Date.now() + delay;
      schedule(event, record.nextRetryAt);
    }
    options.save();
    return answer;
  }

  return {
    /** The first delivery of a new event: awaited, as Stripe's API call that caused it returns. */
    deliver: attempt,
    /** A manual resend (Stripe's dashboard "Resend"): one more attempt, outside the schedule. */
    resend: (event: WebhookEvent) => post(options.url() ?? '', event),
    /** After a restart: the retries that were due go on. */
    resume(events: Iterable<WebhookEvent>): void {
      for (const event of events) {
        const next = (event.delivery as DeliveryRecord | undefined)?.nextRetryAt;
        if (next !== undefined) schedule(event, next);
      }
    },
    stop(): void {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
