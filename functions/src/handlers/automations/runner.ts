import { automationRunner } from '../../composition/automation-runner.js';
import type { AutomationRunEvent } from '../../domain/automations/run-event.js';

/**
 * The automation runner (domain/automations/run-event.ts): the Scheduler's target, invoked
 * asynchronously by 'Run now', the webhook and itself. Starts a run, or carries one on.
 */
export async function handler(event: AutomationRunEvent): Promise<void> {
  await automationRunner().handle(event);
}
