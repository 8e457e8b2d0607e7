import { AUTOMATION_LIMITS } from '@agentforge/shared';
import { createPlanLookup } from '../adapters/dynamodb/plan-lookup.js';
import { createUsageRepository } from '../adapters/dynamodb/usage-repository.js';
import { createUserRepository } from '../adapters/dynamodb/user-repository.js';
import { createInProcessRunLauncher } from '../adapters/jobs/in-process-run-launcher.js';
import { createLambdaRunLauncher } from '../adapters/jobs/lambda-run-launcher.js';
import type { AutomationRunEvent } from '../domain/automations/run-event.js';
import { createRunExecutor, type RunAuditEntry } from '../domain/automations/run-executor.js';
import { createRunService, type RunService } from '../domain/automations/run-service.js';
import { recordFor } from '../http/audit.js';
import { automationToolSource } from './automation-tools.js';
import { automationRepository } from './automations.js';
import { conversationService } from './conversations.js';
import { modelResolver } from './models.js';
import { db, env, newId, required } from './root.js';
import { mailer } from './teams.js';

/** One invocation works this long before handing the run to a fresh one (Lambda stops at 15 minutes). */
const SLICE_MS = 10 * 60_000;

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

let launcher: ((event: AutomationRunEvent) => Promise<void>) | undefined;
function launch(event: AutomationRunEvent): Promise<void> {
  launcher ??=
    env.RUNTIME === 'local'
      ? createInProcessRunLauncher((next) => automationRuns().handle(next))
      : createLambdaRunLauncher({
          region: env.AWS_REGION,
          functionName: required('AUTOMATION_RUNNER_FUNCTION'),
        });
  return launcher(event);
}

let service: RunService | undefined;
/** Automation runs: 'Run now', approvals, and the runner itself (handlers/automations/runner.ts). */
export function automationRuns(): RunService {
  if (service) return service;
  const users = createUserRepository(db, env.tables.users);
  const plans = createPlanLookup(db, env.tables.billing);
  const executor = createRunExecutor({
    automations: automationRepository(),
    conversations: conversationService(),
    models: modelResolver(),
    tools: automationToolSource(),
    usage: createUsageRepository(db, env.tables.usage),
    mailer: mailer(),
    emailOf: async (userId) => (await users.get(userId))?.email,
    launch,
    audit,
    sliceMs: SLICE_MS,
    newId,
    now: Date.now,
  });
  service = createRunService({
    automations: automationRepository(),
    executor,
    limitsOf: async (ownerId) => AUTOMATION_LIMITS[(await plans.planOf(ownerId)).tier],
    launch,
    audit,
    newId,
    now: Date.now,
  });
  return service;
}
