import {
  AUTOMATION_LIMITS,
  type Automation,
  type AutomationBudget,
  fallbackModel,
  MAX_RUN_MINUTES,
  MAX_RUN_TOKENS,
  MAX_RUN_TOOL_CALLS,
  PLAN_LIMITS,
  type Provider,
  type SubscriptionTier,
} from '@agentforge/shared';
import type * as z from 'zod';

/**
 * A new automation's budget: a run may spend a day of the plan's tokens (within the schema's
 * bounds), 20 tool calls and 10 minutes.
 */
export function defaultBudget(tier: SubscriptionTier): AutomationBudget {
  return {
    maxTokens: Math.min(Math.max(PLAN_LIMITS[tier].tokensPerDay, 100), MAX_RUN_TOKENS, 20_000),
    maxToolCalls: Math.min(20, MAX_RUN_TOOL_CALLS),
    maxMinutes: Math.min(10, MAX_RUN_MINUTES),
  };
}

/** A new schedule: hourly, which every plan allows (AUTOMATION_LIMITS' minScheduleMinutes). */
export const defaultExpression = (tier: SubscriptionTier) =>
  AUTOMATION_LIMITS[tier].minScheduleMinutes > 60 ? 'rate(1 day)' : 'rate(1 hour)';

/** The schema's messages by field (`name`, `trigger.expression`, `budget.maxTokens`…), the first of each. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** What PUT sends back of an automation it does not show in the form (the approved plan). */
export const keptOnEdit = (automation: Automation | undefined) =>
  automation?.steps ? { steps: automation.steps } : {};

/** A provider and model as one select's value (a provider id has no newline). */
export const modelValue = ({ provider, model }: { provider: string; model: string }) =>
  `${provider}\n${model}`;

export function fromModelValue(value: string): { provider: string; model: string } | null {
  const at = value.indexOf('\n');
  return at < 0 ? null : { provider: value.slice(0, at), model: value.slice(at + 1) };
}

/** A new automation's model: the spec's default where offered, else the first (spec 4's fallback). */
export function defaultModelValue(providers: readonly Provider[]): string {
  const choice = fallbackModel(providers);
  return choice ? modelValue({ provider: choice.provider, model: choice.model }) : '';
}
