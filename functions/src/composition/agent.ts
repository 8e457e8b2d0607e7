import { createUsageRepository } from '../adapters/dynamodb/usage-repository.js';
import { type AgentRunner, createAgentRunner } from '../domain/agent/agent-runner.js';
import { agentPlanRepository } from './agent-plans.js';
import { conversationService, messageRepository } from './conversations.js';
import { chatKnowledge } from './knowledge-access.js';
import { mcpToolSource } from './mcp-tools.js';
import { modelResolver } from './models.js';
import { replyLeases } from './reply-leases.js';
import { db, env, newId } from './root.js';

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
    knowledge: chatKnowledge,
    leases: replyLeases(),
    newId,
    now: Date.now,
  });
  return runner;
}
