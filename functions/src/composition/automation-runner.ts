import { createUsageRepository } from '../adapters/dynamodb/usage-repository.js';
import { createRunExecutor } from '../domain/automations/run-executor.js';
import type { RunService } from '../domain/automations/run-service.js';
import { createRuns, launchRun, runFinisher } from './automation-runs.js';
import { automationTools } from './automation-tools.js';
import { automationRepository } from './automations.js';
import { conversationService } from './conversations.js';
import { automationKnowledge } from './knowledge-access.js';
import { modelResolver } from './models.js';
import { db, env, newId } from './root.js';

/** One invocation works this long before handing the run to a fresh one (Lambda stops at 15 minutes). */
const SLICE_MS = 10 * 60_000;

let runner: RunService | undefined;
/** The runner function's service (handlers/automations/runner.ts): runs with the models and the MCP tools. */
export function automationRunner(): RunService {
  const finisher = runFinisher(conversationService());
  runner ??= createRuns(
    finisher,
    createRunExecutor({
      automations: automationRepository(),
      conversations: conversationService(),
      finisher,
      models: modelResolver(),
      tools: automationTools(),
      usage: createUsageRepository(db, env.tables.usage),
      knowledge: automationKnowledge,
      launch: launchRun,
      sliceMs: SLICE_MS,
      newId,
      now: Date.now,
    }),
  );
  return runner;
}
