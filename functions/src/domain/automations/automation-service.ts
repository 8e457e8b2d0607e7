import { createHash, randomBytes } from 'node:crypto';
import {
  AUTOMATION_MESSAGES,
  type AutomationLimits,
  type AutomationTrigger,
  type automationInputSchema,
} from '@agentforge/shared';
import type * as z from 'zod';
import { NotFoundError, PlanLimitError, ValidationError } from '../errors.js';
import { type AutomationRepository, automationKey, type StoredAutomation } from './automation.js';
import { isValidTimezone, nextRuns, parseSchedule, shortestIntervalMinutes } from './schedule.js';
import { type AutomationScheduler, syncSchedule } from './schedules.js';

export type AutomationFields = z.output<typeof automationInputSchema>;

/** Where a change lands: the owner's partition (a user, or `team#<teamId>`), made by a person. */
export interface AutomationActor {
  ownerId: string;
  userId: string;
}

export interface AutomationServiceDeps {
  automations: AutomationRepository;
  /** The owner's plan's automation limits (a team's are its own plan's). */
  limitsOf: (ownerId: string) => Promise<AutomationLimits & { planName: string }>;
  /** The automations' schedules: created, changed, paused and deleted with them. */
  scheduler: AutomationScheduler;
  newId: () => string;
  now: () => number;
}

/** A webhook secret: 32 random bytes, shown once; only its SHA-256 is stored. */
export function newWebhookSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashWebhookSecret(secret) };
}
export const hashWebhookSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

const PREVIEW_RUNS = 5;

export function createAutomationService(deps: AutomationServiceDeps) {
  async function checkTrigger(ownerId: string, trigger: AutomationTrigger): Promise<void> {
    if (trigger.type !== 'schedule') return;
    if (!isValidTimezone(trigger.timezone)) throw new ValidationError(AUTOMATION_MESSAGES.timezoneInvalid);
    const schedule = parseSchedule(trigger.expression);
    const { minScheduleMinutes } = await deps.limitsOf(ownerId);
    if (shortestIntervalMinutes(schedule, trigger.timezone, deps.now()) < minScheduleMinutes) {
      throw new PlanLimitError(AUTOMATION_MESSAGES.scheduleTooFrequent(minScheduleMinutes));
    }
  }

  async function find(ownerId: string, automationId: string): Promise<StoredAutomation> {
    const automation = await deps.automations.get(ownerId, automationId);
    if (!automation) throw new NotFoundError(AUTOMATION_MESSAGES.notFound);
    return automation;
  }

  /** A webhook trigger keeps its secret across edits; one that becomes a webhook gets a new one. */
  function webhookSecretFor(trigger: AutomationTrigger, existingHash: string | undefined) {
    if (trigger.type !== 'webhook') return { hash: undefined, secret: undefined };
    if (existingHash) return { hash: existingHash, secret: undefined };
    return newWebhookSecret();
  }

  const fieldsOf = ({ teamId: _teamId, ...fields }: AutomationFields) => fields;

  /**
   * Saves a replacement, then its schedule; a schedule that cannot be saved puts the automation
   * back as it was (and fails the request), so an automation never runs other than it reads.
   */
  async function replaceWithSchedule(existing: StoredAutomation, automation: StoredAutomation) {
    if (!(await deps.automations.replace(automation))) throw new NotFoundError(AUTOMATION_MESSAGES.notFound);
    try {
      await syncSchedule(deps.scheduler, existing, automation);
    } catch (error) {
      await deps.automations.replace(existing);
      throw error;
    }
  }

  return {
    /** The next runs of a schedule, as the form previews them. */
    preview(expression: string, timezone: string): number[] {
      if (!isValidTimezone(timezone)) throw new ValidationError(AUTOMATION_MESSAGES.timezoneInvalid);
      return nextRuns(parseSchedule(expression), timezone, deps.now(), PREVIEW_RUNS);
    },

    /** When the automation next runs on its schedule (enabled schedule triggers only). */
    nextRunAt(automation: StoredAutomation): number | undefined {
      const { trigger } = automation;
      if (trigger.type !== 'schedule' || !automation.enabled) return undefined;
      try {
        return nextRuns(parseSchedule(trigger.expression), trigger.timezone, deps.now(), 1)[0];
      } catch {
        return undefined;
      }
    },

    list: (ownerId: string) => deps.automations.list(ownerId),

    get: find,

    /** A new automation; answers it with its webhook secret (once) for a webhook trigger. */
    async create(actor: AutomationActor, fields: AutomationFields) {
      const { maxAutomations } = await deps.limitsOf(actor.ownerId);
      if ((await deps.automations.list(actor.ownerId)).length >= maxAutomations) {
        throw new PlanLimitError(AUTOMATION_MESSAGES.tooManyAutomations(maxAutomations));
      }
      await checkTrigger(actor.ownerId, fields.trigger);
      const id = deps.newId();
      const now = deps.now();
      const webhook = webhookSecretFor(fields.trigger, undefined);
      const automation: StoredAutomation = {
        ...fieldsOf(fields),
        userId: actor.ownerId,
        key: automationKey(id),
        automationId: id,
        enabled: true,
        consecutiveFailures: 0,
        ...(webhook.hash ? { webhookSecretHash: webhook.hash } : {}),
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      };
      await deps.automations.create(automation);
      try {
        await syncSchedule(deps.scheduler, undefined, automation);
      } catch (error) {
        // No half-made automation: without its schedule it is not kept.
        await deps.automations.delete(actor.ownerId, id);
        throw error;
      }
      return { automation, webhookSecret: webhook.secret };
    },

    /** Replaces its settings (PUT); its state, failures and conversation stay. */
    async update(actor: AutomationActor, automationId: string, fields: AutomationFields) {
      const existing = await find(actor.ownerId, automationId);
      await checkTrigger(actor.ownerId, fields.trigger);
      const webhook = webhookSecretFor(fields.trigger, existing.webhookSecretHash);
      const { webhookSecretHash: _old, steps: _steps, ...kept } = existing;
      const automation: StoredAutomation = {
        ...kept,
        ...fieldsOf(fields),
        ...(webhook.hash ? { webhookSecretHash: webhook.hash } : {}),
        updatedAt: deps.now(),
      };
      await replaceWithSchedule(existing, automation);
      return { automation, webhookSecret: webhook.secret };
    },

    /** Pauses or resumes; resuming clears the failures that paused it. */
    async setEnabled(actor: AutomationActor, automationId: string, enabled: boolean) {
      const existing = await find(actor.ownerId, automationId);
      const { pausedReason: _reason, ...rest } = existing;
      const automation: StoredAutomation = {
        ...(enabled ? rest : existing),
        enabled,
        ...(enabled ? { consecutiveFailures: 0 } : {}),
        updatedAt: deps.now(),
      };
      await replaceWithSchedule(existing, automation);
      return automation;
    },

    /** A new webhook secret (the old one stops working); answers it once. */
    async rotateWebhookSecret(actor: AutomationActor, automationId: string) {
      const existing = await find(actor.ownerId, automationId);
      if (existing.trigger.type !== 'webhook') throw new ValidationError(AUTOMATION_MESSAGES.webhookOnly);
      const webhook = newWebhookSecret();
      const automation = { ...existing, webhookSecretHash: webhook.hash, updatedAt: deps.now() };
      if (!(await deps.automations.replace(automation)))
        throw new NotFoundError(AUTOMATION_MESSAGES.notFound);
      return { automation, webhookSecret: webhook.secret };
    },

    async remove(actor: AutomationActor, automationId: string): Promise<StoredAutomation> {
      const existing = await find(actor.ownerId, automationId);
      // The schedule first: a leftover schedule would go on firing (and costing) for nothing.
      await syncSchedule(deps.scheduler, existing, undefined);
      if (!(await deps.automations.delete(actor.ownerId, automationId))) {
        throw new NotFoundError(AUTOMATION_MESSAGES.notFound);
      }
      return existing;
    },

    /** Before an account's or a team's partition is erased: every schedule of its automations. */
    async removeSchedulesOf(ownerId: string): Promise<void> {
      for (const automation of await deps.automations.list(ownerId)) {
        await syncSchedule(deps.scheduler, automation, undefined);
      }
    },
  };
}
export type AutomationService = ReturnType<typeof createAutomationService>;
