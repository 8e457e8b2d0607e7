import { AGENT_MESSAGES, type ExecuteStepQuery, isPlanOpen } from '@agentforge/shared';
import { logger } from '../../logger.js';
import type { Caller } from '../caller.js';
import { replyErrorMessage } from '../chat/finish-reply.js';
import { isInterrupted } from '../chat/reply-lease.js';
import { type Emit, runReply } from '../chat/reply-run.js';
import { openServerTools } from '../chat/server-tools.js';
import type { ReplyOutcome } from '../chat/stop-watcher.js';
import type { ToolLoopState } from '../chat/tool-loop.js';
import { ValidationError } from '../errors.js';
import { type AgentContext, addUsage } from './agent-context.js';
import { agentKnowledge, withKnowledge } from './agent-knowledge.js';
import type { StartedStream } from './agent-runner.js';
import { callForcedTool } from './forced-tool-call.js';
import { replanFromProposal } from './plan-proposal.js';
import { type AgentPlanRecord, toAgentPlan } from './plan-record.js';
import { applyReplan } from './plan-replan.js';
import { claimStep, findStep, finishStep, interruptStep, STEP_STOPPED } from './plan-rules.js';
import { outputForPrompt, revisePlanTool } from './planner-prompts.js';
import { runStep } from './step-runner.js';

/** What a step's run leaves as its error on the plan (none when it completed or was interrupted). */
export function stepErrorOf(outcome: ReplyOutcome): string | undefined {
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

/** A confirmed step runs: the step stream (GET /agent/execute-stream), and a Generic Agent's re-plan. */
export function createStepStream({
  deps,
  store,
  mutate,
  planStepEvent,
  assistantReply,
  teamSpaceOf,
}: AgentContext) {
  const { messages, now } = deps;

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
        ...parentOfStepReply(before),
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
            const { set, unavailable } = await openServerTools(
              deps.tools,
              caller,
              claimed.serverIds ?? [claimed.serverId],
              {
                forgetMissing: false,
                onStatus: (status, server) =>
                  emit({ type: 'status', status, messageId: reply.messageId, ...(server ? { server } : {}) }),
              },
            );
            if (!set) throw new ValidationError(AGENT_MESSAGES.noServerConfigured);
            const knowledge = await agentKnowledge(deps, caller, claimed.conversationId);
            const tools = withKnowledge(set, knowledge) ?? set;
            const state = await runStep({
              plan: claimed,
              step,
              tools,
              ...(unavailable ? { preface: unavailable } : {}),
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
              onProgress: (progress) => {
                if (knowledge) progress.citations = knowledge.citations();
                onProgress(progress);
              },
            });
            if (knowledge) state.citations = knowledge.citations();
            return {
              state,
              usedServer: state.toolCalls.find((call) => call.serverId)?.serverId ?? claimed.serverId,
            };
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

/**
 * A step's reply follows the plan's newest message (its planning reply, or the last step's reply
 * before it), so it stays on the plan's branch even after an edit elsewhere made a newer message.
 * Plans made before they kept their reply's id leave it to the tree's rule (the message before).
 */
export function parentOfStepReply(plan: AgentPlanRecord): { parentId?: string } {
  if (!plan.messageId) return {};
  // Message ids are ULIDs: the greatest is the newest.
  const newest = plan.steps.reduce(
    (latest, step) => (step.messageId && step.messageId > latest ? step.messageId : latest),
    plan.messageId,
  );
  return { parentId: newest };
}
