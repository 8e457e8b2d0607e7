import { AUTOMATION_LIMITS } from '@agentforge/shared';
import { createAutomationRepository } from '../adapters/dynamodb/automation-repository.js';
import { createPlanLookup } from '../adapters/dynamodb/plan-lookup.js';
import type { AutomationRepository } from '../domain/automations/automation.js';
import { type AutomationService, createAutomationService } from '../domain/automations/automation-service.js';
import { db, env, newId } from './root.js';

let repository: AutomationRepository | undefined;
export function automationRepository(): AutomationRepository {
  repository ??= createAutomationRepository(db, env.tables.automations);
  return repository;
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
    newId,
    now: Date.now,
  });
  return service;
}
