import {
  AUTOMATION_FAILURES_BEFORE_PAUSE,
  AUTOMATION_MESSAGES,
  type AutomationRunStatus,
} from '@agentforge/shared';
import type { Caller } from '../caller.js';
import type { ConversationService } from '../conversations/conversation-service.js';
import type { Mailer } from '../mail.js';
import type { AutomationRepository, StoredAutomation, StoredRun } from './automation.js';
import { isLatestRun, lastRunOf } from './last-run.js';
import { type AutomationScheduler, scheduleSpecOf } from './schedules.js';

export interface RunAuditEntry {
  /** The person the run acts for (the owner, or a team automation's creator). */
  actorId: string;
  action: 'automation.run_started' | 'automation.run_ended';
  target: string;
  outcome: 'success' | 'failure';
  details: Record<string, string | number | boolean>;
  teamId?: string | undefined;
}

export interface RunFinisherDeps {
  automations: AutomationRepository;
  /** Where the answer goes (the runner's); without it (the API's cancel) the run's record tells alone. */
  conversations?: Pick<ConversationService, 'addMessage'>;
  mailer: Mailer;
  emailOf: (userId: string) => Promise<string | undefined>;
  audit: (entry: RunAuditEntry) => Promise<void>;
  /** Disables a paused automation's schedule, so EventBridge stops firing it. */
  scheduler: Pick<AutomationScheduler, 'update'>;
  now: () => number;
}

const TEAM_PREFIX = 'team#';
export const teamOf = (ownerId: string) =>
  ownerId.startsWith(TEAM_PREFIX) ? ownerId.slice(TEAM_PREFIX.length) : undefined;
/** Who a run acts as: the owner, or for a team's automation the Admin who made it (its models, its tools). */
export const actorOf = (automation: StoredAutomation): Caller => ({
  userId: teamOf(automation.userId) ? automation.createdBy : automation.userId,
  email: '',
});
const isFailure = (status: AutomationRunStatus) => status === 'failed' || status === 'stopped';

/**
 * A run's end and its mail (docs/decisions/agent.md, "Automations"): the run's record, the answer
 * in its conversation, the automation's `lastRun` and failure count (paused after AUTOMATION_FAILURES_BEFORE_PAUSE
 * in a row), the audit record, and the owner's e-mail as `notify` says.
 */
export function createRunFinisher(deps: RunFinisherDeps) {
  const save = (run: StoredRun) => deps.automations.putRun(run);

  async function notify(automation: StoredAutomation, run: StoredRun, subject: string): Promise<void> {
    const to = await deps.emailOf(actorOf(automation).userId);
    if (!to) return;
    const text = [
      `${subject}.`,
      run.reason ?? '',
      `Tokens: ${run.usage.inputTokens + run.usage.outputTokens}; tool calls: ${run.toolCalls}.`,
      'Open Automations in the app to see the run and its conversation.',
    ]
      .filter(Boolean)
      .join('\n\n');
    await deps.mailer.send({ to, subject, text, kind: 'automation-run' });
  }

  /** Ends a run: its record, the conversation's answer, the failure count (and pause), the e-mail. */
  async function finish(
    automation: StoredAutomation,
    run: StoredRun,
    status: AutomationRunStatus,
    reason?: string,
  ): Promise<StoredRun> {
    const { step: _s, callKeys: _c, paused: _p, approved: _a, pendingApproval: _w, citations, ...kept } = run;
    const ended: StoredRun = { ...kept, status, ...(reason ? { reason } : {}), endedAt: deps.now() };
    await save(ended);
    const caller = actorOf(automation);
    const answer = [...(run.outputs ?? []), reason ?? ''].filter(Boolean).join('\n\n');
    if (run.conversationId && answer && deps.conversations) {
      await deps.conversations
        .addMessage(caller, {
          conversationId: run.conversationId,
          content: answer,
          role: 'assistant',
          provider: automation.provider,
          model: automation.model,
          citations,
        })
        .catch(() => undefined); // the conversation may be gone: the run's record still tells
    }
    const current = (await deps.automations.get(automation.userId, automation.automationId)) ?? automation;
    const failures = isFailure(status)
      ? current.consecutiveFailures + 1
      : status === 'succeeded'
        ? 0
        : current.consecutiveFailures;
    const pause = failures >= AUTOMATION_FAILURES_BEFORE_PAUSE && current.enabled;
    const next: StoredAutomation = {
      ...current,
      consecutiveFailures: failures,
      ...(isLatestRun(current, ended) ? { lastRun: lastRunOf(ended) } : {}),
      ...(pause ? { enabled: false, pausedReason: AUTOMATION_MESSAGES.pausedAfterFailures } : {}),
    };
    await deps.automations.replace(next);
    const schedule = pause ? scheduleSpecOf(next) : undefined;
    if (schedule) await deps.scheduler.update(schedule);
    await deps.audit({
      actorId: caller.userId,
      action: 'automation.run_ended',
      target: `automation:${automation.automationId}`,
      outcome: status === 'succeeded' ? 'success' : 'failure',
      details: { runId: run.runId, status },
      teamId: teamOf(automation.userId),
    });
    const wanted = automation.notify === 'always' || (automation.notify === 'failure' && isFailure(status));
    if (wanted) await notify(automation, ended, `${automation.name}: run ${status}`).catch(() => undefined);
    return ended;
  }

  return { finish, notify };
}
export type RunFinisher = ReturnType<typeof createRunFinisher>;
