import { readFileSync } from 'node:fs';
import { AUTOMATION_LIMITS } from '@agentforge/shared';
import { createAutomationRepository } from '../adapters/dynamodb/automation-repository.js';
import { createPlanLookup } from '../adapters/dynamodb/plan-lookup.js';
import { createWebhookStore } from '../adapters/dynamodb/webhook-store.js';
import { createLambdaRunLauncher } from '../adapters/lambda/lambda-run-launcher.js';
import { createLocalRunLauncher } from '../adapters/lambda/local-functions.js';
import { createEventBridgeScheduler } from '../adapters/scheduler/eventbridge-scheduler.js';
import type { AutomationRepository } from '../domain/automations/automation.js';
import { type AutomationService, createAutomationService } from '../domain/automations/automation-service.js';
import { AUTOMATION_RUNNER_MODULE } from '../domain/automations/run-event.js';
import type { AutomationRunLauncher } from '../domain/automations/run-launcher.js';
import type { AutomationScheduler } from '../domain/automations/schedules.js';
import { createWebhookService, type WebhookService } from '../domain/automations/webhook.js';
import { logger } from '../logger.js';
import { db, env, newId, required } from './root.js';

let repository: AutomationRepository | undefined;
export function automationRepository(): AutomationRepository {
  repository ??= createAutomationRepository(db, env.tables.automations);
  return repository;
}

let scheduler: AutomationScheduler | undefined;
/** EventBridge Scheduler in the stage's group (the local Scheduler locally, same API). */
export function automationScheduler(): AutomationScheduler {
  scheduler ??= createEventBridgeScheduler({
    region: env.AWS_REGION,
    groupName: required('AUTOMATION_SCHEDULE_GROUP'),
    runnerArn: required('AUTOMATION_RUNNER_ARN'),
    roleArn: required('AUTOMATION_SCHEDULER_ROLE_ARN'),
    deadLetterQueueArn: required('AUTOMATION_DLQ_ARN'),
    ...(env.RUNTIME === 'local'
      ? {
          endpoint: required('SCHEDULER_ENDPOINT'),
          credentials: JSON.parse(readFileSync(required('LOCAL_SCHEDULER_CREDENTIALS_FILE'), 'utf8')) as {
            accessKeyId: string;
            secretAccessKey: string;
          },
        }
      : {}),
  });
  return scheduler;
}

let service: AutomationService | undefined;
export function automationService(): AutomationService {
  // The owner's own plan: a person's, or a team's (its billing record is `team#<teamId>`).
  const plans = createPlanLookup(db, env.tables.billing);
  service ??= createAutomationService({
    automations: automationRepository(),
    limitsOf: async (ownerId) => {
      const plan = await plans.planOf(ownerId);
      return { ...AUTOMATION_LIMITS[plan.tier], planName: plan.name };
    },
    scheduler: automationScheduler(),
    newId,
    now: Date.now,
  });
  return service;
}

let launcher: AutomationRunLauncher | undefined;
/** The runner started asynchronously: Lambda's Event invocation, or in this process locally. */
export function automationRunLauncher(): AutomationRunLauncher {
  launcher ??=
    env.RUNTIME === 'local'
      ? createLocalRunLauncher(AUTOMATION_RUNNER_MODULE)
      : createLambdaRunLauncher({ region: env.AWS_REGION, functionName: required('AUTOMATION_RUNNER_ARN') });
  return launcher;
}

let webhooks: WebhookService | undefined;
/** POST /automation-hooks/{id}/{secret}. */
export function webhookService(): WebhookService {
  webhooks ??= createWebhookService({
    store: createWebhookStore(db, env.tables.automations),
    launcher: automationRunLauncher(),
    now: Date.now,
    onRejected: (automationId) =>
      logger.warn('automation webhook refused: unknown id or wrong secret', { automationId }),
  });
  return webhooks;
}
