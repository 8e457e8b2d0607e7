import { AUTOMATION_LIMITS } from '@agentforge/shared';
import { createPlanLookup } from '../adapters/dynamodb/plan-lookup.js';
import { createUserRepository } from '../adapters/dynamodb/user-repository.js';
import type { AutomationRunEvent } from '../domain/automations/run-event.js';
import type { RunExecutor } from '../domain/automations/run-executor.js';
import {
  createRunFinisher,
  type RunAuditEntry,
  type RunFinisher,
  type RunFinisherDeps,
} from '../domain/automations/run-finisher.js';
import { createRunService, type RunService } from '../domain/automations/run-service.js';
import { recordFor } from '../http/audit.js';
import { automationRepository, automationRunLauncher, automationScheduler } from './automations.js';
import { db, env, newId } from './root.js';
import { mailer } from './teams.js';

const audit = (entry: RunAuditEntry) =>
  recordFor(
    { userId: entry.actorId, email: '' },
    {
      action: entry.action,
      target: entry.target,
      outcome: entry.outcome,
      details: entry.details,
      teamId: entry.teamId,
    },
  );

/** Starts or carries on a run asynchronously: the runner function on AWS, in-process locally. */
export const launchRun = (event: AutomationRunEvent): Promise<void> => automationRunLauncher().launch(event);

/** A run's end; `conversations` (the runner's) writes its answer there too. */
export function runFinisher(conversations?: RunFinisherDeps['conversations']): RunFinisher {
  const users = createUserRepository(db, env.tables.users);
  return createRunFinisher({
    automations: automationRepository(),
    ...(conversations ? { conversations } : {}),
    mailer: mailer(),
    emailOf: async (userId) => (await users.get(userId))?.email,
    audit,
    scheduler: automationScheduler(),
    now: Date.now,
  });
}

/** Automation runs: 'Run now' and approvals (the API); with `executor`, the runner itself. */
export function createRuns(finisher: RunFinisher, executor?: RunExecutor): RunService {
  const plans = createPlanLookup(db, env.tables.billing);
  return createRunService({
    automations: automationRepository(),
    finisher,
    ...(executor ? { executor } : {}),
    limitsOf: async (ownerId) => AUTOMATION_LIMITS[(await plans.planOf(ownerId)).tier],
    launch: launchRun,
    audit,
    newId,
    now: Date.now,
  });
}

let service: RunService | undefined;
/** What the API's routes use: queue a run, decide on a paused one. */
export function automationRuns(): RunService {
  service ??= createRuns(runFinisher());
  return service;
}
