import { createAgentPlanRepository } from '../adapters/dynamodb/agent-plan-repository.js';
import { createPlanService, type PlanService } from '../domain/agent/plan-service.js';
import { conversationService, messageRepository } from './conversations.js';
import { db, env } from './root.js';

/** The agent plans' table, for the plan routes and the agent's streams. */
export const agentPlanRepository = () => createAgentPlanRepository(db, env.tables.agentPlans);

let plans: PlanService | undefined;
/**
 * The plan routes' service: DynamoDB only. It has a module of its own so that the API's agent
 * function does not bundle the models' and MCP clients the agent's streams need.
 */
export function planService(): PlanService {
  plans ??= createPlanService({
    conversations: conversationService(),
    messages: messageRepository(),
    plans: agentPlanRepository(),
    now: Date.now,
  });
  return plans;
}
