import type { AutomationRunEvent } from '../../domain/automations/run-event.js';
import { logger } from '../../logger.js';

/**
 * PLACEHOLDER until branch `runner` lands (it replaces this file with the real runner): the module
 * the CDK's runner function, the Scheduler's targets and the webhook's invocations point at. It
 * runs nothing; it only notes the event.
 */
export async function handler(event: AutomationRunEvent): Promise<void> {
  logger.warn('automation runner not built yet', { automationId: event.automationId, source: event.source });
}
