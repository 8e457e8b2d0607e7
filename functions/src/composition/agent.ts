import { createAgentPlanRepository } from '../adapters/dynamodb/agent-plan-repository.js';
import { createUsageRepository } from '../adapters/dynamodb/usage-repository.js';
import { type AgentRunner, createAgentRunner } from '../domain/agent/agent-runner.js';
import { createPlanService, type PlanService } from '../domain/agent/plan-service.js';
import { conversationService, messageRepository } from './conversations.js';
import { mcpToolSource } from './mcp-tools.js';
import { modelResolver } from './models.js';
import { replyLeases } from './reply-leases.js';
import { db, env, newId } from './root.js';

const agentPlanRepository = () => createAgentPlanRepository(db, env.tables.agentPlans);

let plans: PlanService | undefined;
/** The plan routes' service: DynamoDB only (no model or MCP client in the API's agent function). */
export function planService(): PlanService {
  plans ??= createPlanService({
    conversations: conversationService(),
    messages: messageRepository(),
    plans: agentPlanRepository(),
    now: Date.now,
  });
  return plans;
}

let runner: AgentRunner | undefined;
/** The agent's streams: planning and step execution, with the models and the MCP tools. */
export function agentRunner(): AgentRunner {
  runner ??= createAgentRunner({
    conversations: conversationService(),
    messages: messageRepository(),
    plans: agentPlanRepository(),
    models: modelResolver(),
    tools: mcpToolSource(),
    usage: createUsageRepository(db, env.tables.usage),
    leases: replyLeases(),
    newId,
    now: Date.now,
  });
  return runner;
}
