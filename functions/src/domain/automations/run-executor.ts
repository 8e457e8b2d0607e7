import {
  AUTOMATION_MESSAGES,
  type AutomationStep,
  errorMessage,
  type KnowledgeSearchResult,
} from '@agentforge/shared';
import type { Caller } from '../caller.js';
import type { ModelResolver, ToolSet, ToolSource, UsageRecorder } from '../chat/ports.js';
import { openServerTools } from '../chat/server-tools.js';
import { withBuiltInTools } from '../chat/web-search.js';
import type { ConversationService } from '../conversations/conversation-service.js';
import { createKnowledgeTools } from '../knowledge/knowledge-tools.js';
import type { AutomationRepository, StoredAutomation, StoredRun } from './automation.js';
import { recordLastRun } from './last-run.js';
import type { AutomationRunEvent } from './run-event.js';
import { actorOf, type RunFinisher, teamOf } from './run-finisher.js';
import type { GuardState } from './run-guard.js';
import { budgetStop } from './run-guard.js';
import { RunStoppedError, runAutomationStep } from './run-step.js';

export interface RunExecutorDeps {
  automations: AutomationRepository;
  conversations: ConversationService;
  finisher: RunFinisher;
  models: ModelResolver;
  tools: ToolSource;
  usage: UsageRecorder;
  /**
   * The automation's collections the person it acts for may still read (a team's automation: the
   * team's only), as a search; undefined when none is (composition/knowledge-access.ts).
   */
  knowledge?: (
    caller: Caller,
    collectionIds: readonly string[],
    teamId: string | undefined,
  ) => Promise<((query: string, limit: number) => Promise<KnowledgeSearchResult>) | undefined>;
  launch: (event: AutomationRunEvent) => Promise<void>;
  /** How long one invocation works before it hands the run to a fresh one (Lambda's 15 minutes). */
  sliceMs: number;
  newId: () => string;
  now: () => number;
}

/**
 * Carries a run on from where its record says (docs/decisions/agent.md, "Automations"): step by
 * step within the budget, pausing for approvals, handing over to a fresh invocation before the
 * Lambda's time is up, and at the end writing the result to the run's conversation.
 */
export function createRunExecutor(deps: RunExecutorDeps) {
  const save = (run: StoredRun) => deps.automations.putRun(run);
  const { finish, notify } = deps.finisher;

  async function conversationFor(
    automation: StoredAutomation,
    run: StoredRun,
    caller: Caller,
  ): Promise<string> {
    if (run.conversationId) return run.conversationId;
    const teamId = teamOf(automation.userId);
    const reuse = automation.output === 'append' ? automation.conversationId : undefined;
    const existing =
      reuse &&
      (await deps.conversations.owned(caller, reuse).then(
        () => reuse,
        () => undefined,
      ));
    let conversationId = existing;
    if (!conversationId) {
      const now = deps.now();
      const created = await deps.conversations.create(caller, {
        title: automation.name,
        name: automation.name,
        messages: [],
        createdAt: now,
        updatedAt: now,
        metadata: { defaultProvider: automation.provider, defaultModel: automation.model },
        ...(teamId ? { teamId } : {}),
      });
      conversationId = created.id;
      if (automation.output === 'append') {
        await deps.automations.replace({ ...automation, conversationId });
      }
    }
    const content = run.input
      ? `${automation.goal}\n\n(Webhook input attached to this run.)`
      : automation.goal;
    await deps.conversations.addMessage(caller, {
      conversationId,
      content,
      role: 'user',
      provider: automation.provider,
      model: automation.model,
    });
    return conversationId;
  }

  /** Books the tokens a stretch of the run used on the actor's day, as a chat reply does. */
  async function book(caller: Caller, before: GuardState['usage'], after: GuardState['usage']) {
    const usage = {
      inputTokens: after.inputTokens - before.inputTokens,
      outputTokens: after.outputTokens - before.outputTokens,
    };
    if (usage.inputTokens || usage.outputTokens)
      await deps.usage.recordTokens(caller.userId, deps.now(), usage);
  }

  /** Runs (or goes on with) a queued run; a run already ended or waiting is left as it is. */
  async function execute(automation: StoredAutomation, queued: StoredRun): Promise<StoredRun> {
    const invoked = deps.now();
    const teamId = teamOf(automation.userId);
    // The run's MCP tools are reached with a credential naming the run and the team (automation-tools.ts).
    const caller: Caller = {
      ...actorOf(automation),
      automationRun: { runId: queued.runId, ...(teamId ? { teamId } : {}) },
    };
    const teamSpace = Promise.resolve(teamId);
    let run: StoredRun = { ...queued, status: 'running' };
    // Taken once: a second invocation with the same event (Lambda's retry) finds it taken and leaves it.
    if (queued.status === 'queued' && !(await deps.automations.claimRun(run, 'queued'))) return queued;
    const guard: GuardState = {
      usage: { ...run.usage },
      toolCalls: run.toolCalls,
      callKeys: [...(run.callKeys ?? [])],
    };
    try {
      run.conversationId = await conversationFor(automation, run, caller);
      await save(run);
      const servers =
        automation.mode === 'direct' || automation.serverIds.length === 0
          ? undefined
          : (
              await openServerTools(deps.tools, caller, automation.serverIds, {
                forgetMissing: false,
                onStatus: () => undefined,
              })
            ).set;
      // Checked again at each invocation: a collection the person can no longer read is left out.
      const search =
        deps.knowledge && automation.collectionIds?.length
          ? await deps.knowledge(caller, automation.collectionIds, teamOf(automation.userId))
          : undefined;
      const knowledge = search ? createKnowledgeTools(search, run.citations) : undefined;
      const tools: ToolSet | undefined = knowledge ? withBuiltInTools(servers, knowledge.set) : servers;
      const steps: AutomationStep[] = automation.steps?.length
        ? automation.steps
        : [{ description: automation.goal }];
      const model = async () => {
        const resolved = await deps.models.resolve(
          caller.userId,
          automation.provider,
          automation.model,
          teamSpace,
        );
        return { provider: resolved.provider, model: resolved.model, label: automation.provider };
      };
      for (let index = run.step ?? 0; index < steps.length; index++) {
        const over = budgetStop(automation.budget, guard, run.startedAt, deps.now());
        if (over) throw new RunStoppedError(over);
        const resume = run.paused ? { paused: run.paused, approved: run.approved === true } : undefined;
        const before = { ...guard.usage };
        let outcome: Awaited<ReturnType<typeof runAutomationStep>>;
        try {
          outcome = await runAutomationStep({
            mode: automation.mode,
            goal: automation.goal,
            steps,
            index,
            outputs: run.outputs ?? [],
            input: run.input,
            tools,
            approvedTools: automation.approvedTools,
            budget: automation.budget,
            guard,
            startedAt: run.startedAt,
            resume,
            model,
            newId: deps.newId,
            now: deps.now,
          });
        } finally {
          await book(caller, before, guard.usage);
          run = {
            ...run,
            usage: { ...guard.usage },
            toolCalls: guard.toolCalls,
            callKeys: [...guard.callKeys],
            ...(knowledge?.citations().length ? { citations: knowledge.citations() } : {}),
          };
        }
        const { paused: _p, approved: _a, ...rest } = run;
        if (outcome.kind === 'paused') {
          const { approval } = outcome.paused;
          run = {
            ...rest,
            step: index,
            status: 'waiting_approval',
            paused: outcome.paused,
            reason: AUTOMATION_MESSAGES.waitingApproval(approval.name),
            pendingApproval: { tool: approval.name, arguments: argumentsOf(approval.input) },
          };
          await save(run);
          await recordLastRun(deps.automations, run);
          await notify(automation, run, `${automation.name}: waiting for your approval`).catch(
            () => undefined,
          );
          return run;
        }
        run = { ...rest, step: index + 1, outputs: [...(run.outputs ?? []), outcome.output] };
        await save(run);
        if (index + 1 < steps.length && deps.now() - invoked > deps.sliceMs) {
          await deps.launch({
            ownerId: run.userId,
            automationId: run.automationId,
            source: run.source,
            runId: run.runId,
          });
          return run;
        }
      }
      return await finish(automation, run, 'succeeded');
    } catch (error) {
      if (error instanceof RunStoppedError) return finish(automation, run, 'stopped', error.reason);
      return finish(automation, run, 'failed', `Failed: ${errorMessage(error)}`);
    }
  }

  return { execute };
}
export type RunExecutor = ReturnType<typeof createRunExecutor>;

const argumentsOf = (input: unknown): Record<string, unknown> =>
  input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
