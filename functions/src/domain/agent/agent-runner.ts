import type { KnowledgeSource, ModelResolver, ToolSource, UsageRecorder } from '../chat/ports.js';
import type { ReplyLeases } from '../chat/reply-lease.js';
import type { Emit } from '../chat/reply-run.js';
import type { ConversationService } from '../conversations/conversation-service.js';
import type { MessageRepository } from '../conversations/message.js';
import { createAgentContext } from './agent-context.js';
import type { AgentPlanRepository } from './plan-record.js';
import { createPlanningStream } from './planning-stream.js';
import { createStepStream } from './step-stream.js';

export interface AgentRunnerDeps {
  conversations: ConversationService;
  messages: MessageRepository;
  plans: AgentPlanRepository;
  models: ModelResolver;
  tools: ToolSource;
  usage: UsageRecorder;
  /** The conversation's knowledge collections (`search_knowledge` in the plan and its steps). */
  knowledge?: KnowledgeSource;
  /** Where the steps' model calls hold their reservations (reply-lease.ts). */
  leases?: ReplyLeases;
  newId: () => string;
  now: () => number;
}

/** What a started stream hands the handler: the message it writes, and the run that streams it. */
export interface StartedStream {
  messageId: string;
  run: (emit: Emit) => Promise<void>;
}

/**
 * The agent's streams (issue 10): a goal becomes a plan the model proposes through a forced
 * `create_plan` call, validated and saved (nothing runs until the user confirms), and a confirmed
 * step runs as its mode says. Every transition goes through the plan store's conditional writes,
 * so a step runs once however many requests race for it.
 */
export function createAgentRunner(deps: AgentRunnerDeps) {
  const context = createAgentContext(deps);
  return { ...createPlanningStream(context), ...createStepStream(context) };
}
export type AgentRunner = ReturnType<typeof createAgentRunner>;
