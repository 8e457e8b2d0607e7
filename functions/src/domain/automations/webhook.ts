import { timingSafeEqual } from 'node:crypto';
import { AUTOMATION_MESSAGES, MAX_WEBHOOK_CALLS_PER_MINUTE } from '@agentforge/shared';
import { ConflictError, NotFoundError, RateLimitedError, ValidationError } from '../errors.js';
import type { StoredAutomation } from './automation.js';
import { hashWebhookSecret } from './automation-service.js';
import type { AutomationRunLauncher } from './run-launcher.js';

/** Finds an automation by its id alone (the webhook's URL names no owner), and counts its calls. */
export interface WebhookStore {
  /** The automation with a webhook trigger and this id, read consistently once found; none: undefined. */
  findWebhook(automationId: string): Promise<StoredAutomation | undefined>;
  /** Counts one call in the automation's current minute; false when the minute already had `limit`. */
  countCall(ownerId: string, automationId: string, now: number, limit: number): Promise<boolean>;
}

export interface WebhookDeps {
  store: WebhookStore;
  launcher: AutomationRunLauncher;
  now: () => number;
  /** A refused secret, logged without it (nor its hash). */
  onRejected: (automationId: string) => void;
}

/** Compared whether or not the automation exists, so a miss takes as long as a wrong secret. */
const NO_HASH = hashWebhookSecret('');

function sameHash(expectedHex: string, givenHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const given = Buffer.from(givenHex, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * POST /automation-hooks/{id}/{secret}: the SHA-256 of the secret in the URL compared in constant
 * time with the stored one (a wrong secret and an unknown id are the same 404), then the
 * automation's state (paused: 409), the per-minute count (429), and the runner is started with
 * the body as the run's untrusted input. The body's size was checked before anything read it.
 */
export function createWebhookService(deps: WebhookDeps) {
  return {
    async receive(automationId: string, secret: string, input: string): Promise<void> {
      const automation = await deps.store.findWebhook(automationId);
      const matches = sameHash(automation?.webhookSecretHash ?? NO_HASH, hashWebhookSecret(secret));
      if (!automation || !matches) {
        deps.onRejected(automationId);
        throw new NotFoundError(AUTOMATION_MESSAGES.notFound);
      }
      if (automation.trigger.type !== 'webhook') throw new ValidationError(AUTOMATION_MESSAGES.webhookOnly);
      if (!automation.enabled) throw new ConflictError(AUTOMATION_MESSAGES.paused);
      const counted = await deps.store.countCall(
        automation.userId,
        automationId,
        deps.now(),
        MAX_WEBHOOK_CALLS_PER_MINUTE,
      );
      if (!counted) throw new RateLimitedError(AUTOMATION_MESSAGES.webhookThrottled);
      await deps.launcher.launch({
        ownerId: automation.userId,
        automationId,
        source: 'webhook',
        ...(input ? { input } : {}),
      });
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
