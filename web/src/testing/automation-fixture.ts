import type { Automation, AutomationRun } from '@agentforge/shared';

/** An automation as GET /automations answers it (the caller's own, enabled, run by hand). */
export const automationOf = (id: string, extra: Partial<Automation> = {}): Automation => ({
  id,
  name: `Automation ${id}`,
  goal: 'Summarise the new issues',
  mode: 'single_agent',
  serverIds: [],
  provider: 'anthropic',
  model: 'claude-haiku',
  approvedTools: [],
  trigger: { type: 'manual' },
  budget: { maxTokens: 10_000, maxToolCalls: 20, maxMinutes: 10 },
  notify: 'failure',
  output: 'new',
  enabled: true,
  consecutiveFailures: 0,
  editable: true,
  createdAt: 1,
  updatedAt: 1,
  ...extra,
});

/** A run of `automationId`, succeeded unless told otherwise. */
export const runOf = (
  automationId: string,
  id: string,
  extra: Partial<AutomationRun> = {},
): AutomationRun => ({
  id,
  automationId,
  source: 'manual',
  status: 'succeeded',
  usage: { inputTokens: 1_200, outputTokens: 300 },
  toolCalls: 2,
  startedAt: Date.UTC(2026, 10, 26, 9, 0),
  endedAt: Date.UTC(2026, 10, 26, 9, 1, 5),
  durationMs: 65_000,
  ...extra,
});
