import { AUTOMATION_MESSAGES, type AutomationBudget } from '@agentforge/shared';
import { isReadOnlyTool } from '../agent/plan-rules.js';
import { serverSlug } from '../chat/tool-sets.js';
import type { ModelToolDefinition } from '../models/model-provider.js';

/** The same tool with the same arguments this many times stops the run (a model in a loop). */
export const IDENTICAL_CALLS_BEFORE_STOP = 3;

/** What the guard keeps of a run between invocations (saved on the run record). */
export interface GuardState {
  usage: { inputTokens: number; outputTokens: number };
  toolCalls: number;
  /** Each call made so far as `tool arguments-json`, for the loop guard. */
  callKeys: string[];
}

/** Arguments as a stable string: keys sorted at every depth, so {a,b} and {b,a} are the same call. */
export function callKey(tool: string, input: unknown): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, v]) => [k, sorted(v)]),
      );
    }
    return value;
  };
  return `${tool} ${JSON.stringify(sorted(input ?? {}))}`;
}

const tokensOf = (state: GuardState) => state.usage.inputTokens + state.usage.outputTokens;

/**
 * The run's budget and loop guard (docs/decisions/agent.md, "Automations"): a stop reason from
 * AUTOMATION_MESSAGES once the run is over a ceiling, else undefined.
 */
export function budgetStop(
  budget: AutomationBudget,
  state: GuardState,
  startedAt: number,
  now: number,
): string | undefined {
  if (tokensOf(state) >= budget.maxTokens) return AUTOMATION_MESSAGES.stoppedTokens(budget.maxTokens);
  if (now - startedAt > budget.maxMinutes * 60_000) return AUTOMATION_MESSAGES.stoppedTime(budget.maxMinutes);
  return undefined;
}

/**
 * Before a tool call runs: a stop reason when it would pass the tool-call ceiling or repeat an
 * identical call IDENTICAL_CALLS_BEFORE_STOP times; else the call is counted and undefined.
 */
export function admitCall(
  budget: AutomationBudget,
  state: GuardState,
  tool: string,
  input: unknown,
): string | undefined {
  if (state.toolCalls >= budget.maxToolCalls)
    return AUTOMATION_MESSAGES.stoppedToolCalls(budget.maxToolCalls);
  const key = callKey(tool, input);
  const earlier = state.callKeys.filter((made) => made === key).length;
  if (earlier + 1 >= IDENTICAL_CALLS_BEFORE_STOP) return AUTOMATION_MESSAGES.stoppedLoop(tool);
  state.toolCalls += 1;
  state.callKeys.push(key);
  return undefined;
}

/**
 * Whether a call runs unattended: the owner approved the tool (as the form names it,
 * `<server-slug>__<tool>`, or as the model does), or the tool is read-only by its annotations.
 * Anything else pauses the run for the owner.
 */
export function runsUnattended(
  approvedTools: readonly string[],
  call: { name: string; serverName?: string | undefined; serverTool?: string | undefined },
  definition: ModelToolDefinition | undefined,
): boolean {
  if (approvedTools.includes(call.name)) return true;
  const own = call.serverTool ?? call.name;
  if (call.serverName && approvedTools.includes(`${serverSlug(call.serverName)}__${own}`)) return true;
  return definition !== undefined && isReadOnlyTool(definition);
}
