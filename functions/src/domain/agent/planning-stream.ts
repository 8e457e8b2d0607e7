import {
  AGENT_MESSAGES,
  AGENT_MODE_LABELS,
  GOAL_TOO_LONG,
  MAX_GOAL_LENGTH,
  type PlanStreamQuery,
  splitServerIds,
} from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { type Emit, emptyReplyState, runReply } from '../chat/reply-run.js';
import { openServerTools } from '../chat/server-tools.js';
import { serverChanges } from '../conversations/conversation-service.js';
import type { MessageRepository } from '../conversations/message.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { type AgentContext, addUsage } from './agent-context.js';
import { agentKnowledge, withKnowledge } from './agent-knowledge.js';
import type { StartedStream } from './agent-runner.js';
import { callForcedTool } from './forced-tool-call.js';
import { stepsFromProposal } from './plan-proposal.js';
import { type AgentPlanRecord, toAgentPlan } from './plan-record.js';
import { planToolsOf } from './plan-rules.js';
import { createPlanTool, plannerSystemPrompt } from './planner-prompts.js';

/** The plan as the chat shows it in the history (the panel shows it live). */
export function planSummary(plan: AgentPlanRecord): string {
  const steps = plan.steps.map((step, index) => {
    const detail = step.tool ? ` (\`${step.tool}\`)` : step.role ? ` (${step.role})` : '';
    return `${index + 1}. ${step.description}${detail}`;
  });
  return `**Plan** · ${AGENT_MODE_LABELS[plan.mode]}\n\n${steps.join('\n')}`;
}

/** A goal becomes a plan: the planning stream (GET /agent/plan-stream). */
export function createPlanningStream({ deps, assistantReply }: AgentContext) {
  const { plans, messages, now } = deps;
  return {
    /**
     * Checks the conversation is the caller's and reads the goal (its message, saved first); `run` then streams the planning:
     * `planning`, the server started if needed, the forced `create_plan` call, the validated plan
     * saved and sent as a `plan` event, and its summary as the reply.
     */
    async startPlanning(caller: Caller, query: PlanStreamQuery): Promise<StartedStream> {
      const { conversationId, mode } = query;
      const serverIds = query.serverIds
        ? splitServerIds(query.serverIds)
        : query.serverId
          ? [query.serverId]
          : [];
      const [serverId] = serverIds;
      if (!serverId) throw new ValidationError(AGENT_MESSAGES.noServerConfigured);
      const owned = deps.conversations.owned(caller, conversationId);
      owned.catch(() => undefined); // awaited just below
      const resolved = deps.models.resolve(
        caller.userId,
        query.provider,
        query.model,
        owned.then(
          (conversation) => conversation.teamId,
          () => undefined,
        ),
      );
      resolved.catch(() => undefined); // awaited (and reported) by the stream
      await owned;
      const goal = await savedGoal(messages, conversationId, query.goalMessageId);
      // The reply answers the goal: its parent in the conversation's tree (docs/decisions/chat.md, "Branches").
      const reply = assistantReply(caller, conversationId, query, { parentId: query.goalMessageId });
      const persisted = messages.create(reply);
      persisted.catch(() => undefined); // awaited (and reported) by the stream

      const run = async (emit: Emit) => {
        let touched: Promise<void> = Promise.resolve();
        try {
          await runReply(deps, {
            caller,
            reply,
            persisted,
            emit,
            provider: query.provider,
            model: query.model,
            generate: async (signal, onProgress) => {
              emit({ type: 'status', status: 'planning', messageId: reply.messageId });
              touched = deps.conversations.touch(caller, conversationId, {
                lastProvider: query.provider,
                lastModel: query.model,
                ...serverChanges(serverIds),
              });
              touched.catch(() => undefined); // awaited when the stream ends
              // The planner sees every server's tools (namespaced when there are several: tool-sets.ts).
              const { set, unavailable } = await openServerTools(deps.tools, caller, serverIds, {
                forgetMissing: false,
                onStatus: (status, server) =>
                  emit({ type: 'status', status, messageId: reply.messageId, ...(server ? { server } : {}) }),
              });
              // The conversation's `search_knowledge` is a tool the steps may use too.
              const planned = withKnowledge(set, await agentKnowledge(deps, caller, conversationId));
              const tools = planned ? planToolsOf(planned) : [];
              const { provider, model } = await resolved;
              const state = emptyReplyState();
              const { input, usage } = await callForcedTool(provider, {
                model,
                system: plannerSystemPrompt(mode, tools),
                messages: [{ role: 'user', content: goal }],
                tool: createPlanTool(mode, tools),
                signal,
              });
              addUsage(state, usage);
              onProgress(state);
              const autoRunReadOnly = query.autoRunReadOnly === 'true';
              const steps = stepsFromProposal(mode, input, tools, {
                autoRunReadOnly,
                stepId: (index) => `s${index + 1}`,
              });
              const plan: AgentPlanRecord = {
                id: deps.newId(),
                conversationId,
                userId: caller.userId,
                version: 0,
                mode,
                serverId,
                ...(serverIds.length > 1 ? { serverIds } : {}),
                provider: query.provider,
                model: query.model,
                goal,
                steps,
                status: 'pending',
                autoRunReadOnly,
                // Only what the steps may call is kept: enough to check edited arguments.
                tools:
                  mode === 'mcp' ? tools.filter((tool) => steps.some((s) => s.tool === tool.name)) : tools,
                revisions: [],
                usage: state.usage,
                messageId: reply.messageId,
                createdAt: now(),
                updatedAt: now(),
              };
              await plans.create(plan);
              emit({ type: 'plan', plan: toAgentPlan(plan) });
              // A server that could not be used is named first, as in a chat reply: its tools were not planned with.
              state.content = unavailable ? `${unavailable}\n\n${planSummary(plan)}` : planSummary(plan);
              onProgress(state);
              return { state, usedServer: serverId };
            },
          });
        } finally {
          await touched;
        }
      };
      return { messageId: reply.messageId, run };
    },
  };
}

/** The goal: the user's message saved before the stream (its text never travels in a URL). */
export async function savedGoal(messages: MessageRepository, conversationId: string, messageId: string) {
  const message = await messages.get(conversationId, messageId);
  if (message?.role !== 'user') throw new NotFoundError('Message not found');
  const goal = message.content.trim();
  if (goal.length > MAX_GOAL_LENGTH) throw new ValidationError(GOAL_TOO_LONG);
  return goal;
}
