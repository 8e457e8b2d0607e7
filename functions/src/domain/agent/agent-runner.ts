import {
  AGENT_MESSAGES,
  AGENT_MODE_LABELS,
  type ExecuteStepQuery,
  GOAL_TOO_LONG,
  isPlanOpen,
  MAX_GOAL_LENGTH,
  type PlanStreamQuery,
} from '@agentforge/shared';
import { logger } from '../../logger.js';
import type { Caller } from '../caller.js';
import { replyErrorMessage } from '../chat/finish-reply.js';
import type { ModelResolver, ToolSource, UsageRecorder } from '../chat/ports.js';
import { isInterrupted, newReplyLease, type ReplyLeases } from '../chat/reply-lease.js';
import { type Emit, emptyReplyState, runReply } from '../chat/reply-run.js';
import type { ReplyOutcome } from '../chat/stop-watcher.js';
import type { ToolLoopState } from '../chat/tool-loop.js';
import type { ConversationService } from '../conversations/conversation-service.js';
import type { MessageRecord, MessageRepository } from '../conversations/message.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { callForcedTool } from './forced-tool-call.js';
import { replanFromProposal, stepsFromProposal } from './plan-proposal.js';
import { type AgentPlanRecord, type AgentPlanRepository, toAgentPlan } from './plan-record.js';
import {
  applyReplan,
  claimStep,
  findStep,
  finishStep,
  interruptStep,
  STEP_STOPPED,
  toPlanTool,
} from './plan-rules.js';
import { createPlanStore } from './plan-store.js';
import { createPlanTool, outputForPrompt, plannerSystemPrompt, revisePlanTool } from './planner-prompts.js';
import { runStep } from './step-runner.js';

export interface AgentRunnerDeps {
  conversations: ConversationService;
  messages: MessageRepository;
  plans: AgentPlanRepository;
  models: ModelResolver;
  tools: ToolSource;
  usage: UsageRecorder;
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

const addUsage = (state: ToolLoopState, usage: { inputTokens: number; outputTokens: number }) => {
  state.usage = {
    inputTokens: state.usage.inputTokens + usage.inputTokens,
    outputTokens: state.usage.outputTokens + usage.outputTokens,
  };
};

function stepErrorOf(outcome: ReplyOutcome): string | undefined {
  switch (outcome.kind) {
    case 'complete':
      return undefined;
    case 'stopped':
      return STEP_STOPPED;
    case 'too-long':
      return 'The step’s output was longer than a message can hold.';
    case 'gone':
      return 'This conversation was deleted.';
    case 'interrupted':
      return undefined; // not an error: the step is interrupted (interruptStep), to be retried
    default:
      return replyErrorMessage(outcome.error);
  }
}

/** The plan as the chat shows it in the history (the panel shows it live). */
function planSummary(plan: AgentPlanRecord): string {
  const steps = plan.steps.map((step, index) => {
    const detail = step.tool ? ` (\`${step.tool}\`)` : step.role ? ` (${step.role})` : '';
    return `${index + 1}. ${step.description}${detail}`;
  });
  return `**Plan** · ${AGENT_MODE_LABELS[plan.mode]}\n\n${steps.join('\n')}`;
}

/**
 * The agent's streams (issue 10): a goal becomes a plan the model proposes through a forced
 * `create_plan` call, validated and saved (nothing runs until the user confirms), and a confirmed
 * step runs as its mode says. Every transition goes through the plan store's conditional writes,
 * so a step runs once however many requests race for it.
 */
export function createAgentRunner(deps: AgentRunnerDeps) {
  const { plans, messages, now } = deps;

  const store = createPlanStore(plans);
  const mutate = store.mutate;

  const planStepEvent = (plan: AgentPlanRecord, stepId: string) => ({
    type: 'plan_step' as const,
    stepId,
    status: findStep(plan, stepId).status,
    plan: toAgentPlan(plan),
  });

  function assistantReply(
    caller: Caller,
    conversationId: string,
    model: { provider: string; model: string },
    extra: Partial<MessageRecord> = {},
  ): MessageRecord {
    const messageId = deps.newId();
    return {
      conversationId,
      messageId,
      userId: caller.userId,
      role: 'assistant',
      content: '',
      status: 'streaming',
      ...newReplyLease(messageId, now()),
      provider: model.provider,
      model: model.model,
      timestamp: now(),
      ...extra,
    };
  }

  /** The team whose space the plan's conversation is in: its model calls are on the team's plan. */
  const teamSpaceOf = (caller: Caller, conversationId: string) =>
    deps.conversations.owned(caller, conversationId).then((conversation) => conversation.teamId);

  /** Generic Agent: after a completed step, the model keeps, revises or drops the steps left. */
  async function replanAfter(
    caller: Caller,
    plan: AgentPlanRecord,
    stepId: string,
    state: ToolLoopState,
    signal: AbortSignal,
  ): Promise<AgentPlanRecord> {
    const { provider, model } = await deps.models.resolve(
      caller.userId,
      plan.provider,
      plan.model,
      teamSpaceOf(caller, plan.conversationId),
    );
    const done = plan.steps.filter((step) => step.status === 'completed');
    const left = plan.steps.filter((step) => step.status === 'pending');
    const { input, usage } = await callForcedTool(provider, {
      model,
      system:
        'You are the planner of an AI agent, between two steps. Decide whether the goal is met (done) or what ' +
        `the remaining steps should be, in order; call ${revisePlanTool.name}. Leave remaining out to keep them.`,
      messages: [
        {
          role: 'user',
          content: [
            `Goal: ${plan.goal}`,
            `Completed steps:\n${done.map((step, i) => `${i + 1}. ${step.description}\n${outputForPrompt(step)}`).join('\n\n')}`,
            `Remaining steps:\n${left.map((step, i) => `${i + 1}. ${step.description}`).join('\n')}`,
          ].join('\n\n'),
        },
      ],
      tool: revisePlanTool,
      signal,
    });
    addUsage(state, usage);
    const replan = replanFromProposal(input);
    return mutate(caller, { conversationId: plan.conversationId, planId: plan.id }, (current) =>
      applyReplan(current, stepId, replan, {
        newStepId: deps.newId,
        autoRunReadOnly: current.autoRunReadOnly,
        now: now(),
      }),
    );
  }

  return {
    /**
     * Checks the conversation is the caller's and reads the goal (its message, saved first); `run` then streams the planning:
     * `planning`, the server started if needed, the forced `create_plan` call, the validated plan
     * saved and sent as a `plan` event, and its summary as the reply.
     */
    async startPlanning(caller: Caller, query: PlanStreamQuery): Promise<StartedStream> {
      const { conversationId, serverId, mode } = query;
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
      const reply = assistantReply(caller, conversationId, query);
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
                mcpServerId: serverId,
              });
              touched.catch(() => undefined); // awaited when the stream ends
              const toolSet = await deps.tools.forServer(caller, serverId, (status) =>
                emit({ type: 'status', status, messageId: reply.messageId }),
              );
              const tools = toolSet.definitions.map(toPlanTool);
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
                createdAt: now(),
                updatedAt: now(),
              };
              await plans.create(plan);
              emit({ type: 'plan', plan: toAgentPlan(plan) });
              state.content = planSummary(plan);
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

    /**
     * Claims the step (409 before anything streams when it is running, done, not its turn or not
     * confirmed), then `run` streams it: `plan_step` in_progress, the step's tool calls and text,
     * its result recorded on the plan (`plan_step` completed or error), a Generic Agent's re-plan
     * (`plan`), and the chat's last event.
     */
    async startStep(caller: Caller, query: ExecuteStepQuery): Promise<StartedStream> {
      const { conversationId, planId, stepId } = query;
      const before = await store.owned(caller, { conversationId, planId });
      const pending = findStep(before, stepId);
      const stepModel = {
        provider: pending.provider ?? before.provider,
        model: pending.model ?? before.model,
      };
      const reply = assistantReply(caller, conversationId, stepModel, {
        agentStep: {
          planId,
          stepId,
          index: before.steps.indexOf(pending) + 1,
          description: pending.description,
          ...(pending.role ? { role: pending.role } : {}),
        },
      });
      // Retry of a step whose writer died before the sweep marked it: its reply's lease ran out.
      const lastRun =
        pending.status === 'in_progress' && pending.messageId
          ? await messages.get(conversationId, pending.messageId)
          : undefined;
      const deadRun = lastRun && isInterrupted(lastRun, now()) ? lastRun.messageId : undefined;
      const claimed = await mutate(caller, { conversationId, planId }, (current) =>
        claimStep(current, stepId, reply.messageId, now(), deadRun),
      );
      const step = findStep(claimed, stepId);
      const persisted = messages.create(reply);
      persisted.catch(() => undefined); // awaited (and reported) by the stream

      const run = async (emit: Emit) => {
        await runReply(deps, {
          caller,
          reply,
          persisted,
          emit,
          ...stepModel,
          generate: async (signal, onProgress) => {
            emit(planStepEvent(claimed, stepId));
            const tools = await deps.tools.forServer(caller, claimed.serverId, (status) =>
              emit({ type: 'status', status, messageId: reply.messageId }),
            );
            const state = await runStep({
              plan: claimed,
              step,
              tools,
              model: async () => {
                const resolved = await deps.models.resolve(
                  caller.userId,
                  stepModel.provider,
                  stepModel.model,
                  teamSpaceOf(caller, claimed.conversationId),
                );
                return { ...resolved, label: stepModel.provider };
              },
              newId: deps.newId,
              emit,
              signal,
              onProgress,
            });
            return { state, usedServer: claimed.serverId };
          },
          settle: async (outcome, state) => {
            try {
              const error = stepErrorOf(outcome);
              // A stopped step keeps what the user saw, as its message does.
              const output =
                outcome.kind === 'stopped' && outcome.stopAt !== undefined
                  ? state.content.slice(0, outcome.stopAt)
                  : state.content;
              // A run that lost its lease leaves the step interrupted (the plan open, to retry it).
              let plan = await mutate(caller, query, (current) =>
                outcome.kind === 'interrupted'
                  ? interruptStep(current, stepId, reply.messageId, now())
                  : finishStep(
                      current,
                      stepId,
                      reply.messageId,
                      { output, error, usage: state.usage },
                      now(),
                    ),
              );
              emit(planStepEvent(plan, stepId));
              if (
                plan.mode === 'generic_agent' &&
                isPlanOpen(plan) &&
                findStep(plan, stepId).status === 'completed'
              ) {
                plan = await replanAfter(caller, plan, stepId, state, new AbortController().signal);
                emit({ type: 'plan', plan: toAgentPlan(plan) });
              }
            } catch (error) {
              logger.error('A plan step result could not be recorded', { planId, stepId, error });
            }
          },
        });
      };
      return { messageId: reply.messageId, run };
    },
  };
}
export type AgentRunner = ReturnType<typeof createAgentRunner>;

/** The goal: the user's message saved before the stream (its text never travels in a URL). */
async function savedGoal(messages: MessageRepository, conversationId: string, messageId: string) {
  const message = await messages.get(conversationId, messageId);
  if (message?.role !== 'user') throw new NotFoundError('Message not found');
  const goal = message.content.trim();
  if (goal.length > MAX_GOAL_LENGTH) throw new ValidationError(GOAL_TOO_LONG);
  return goal;
}
