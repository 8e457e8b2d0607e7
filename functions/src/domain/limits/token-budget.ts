/**
 * The arithmetic of the token limits (issue 11): a model call reserves its maximum on the day's
 * counter before the model is called, and settles to what it used after. Pure functions; the
 * meter (token-meter.ts) runs them against the ledger.
 */
import { EXTRA_USAGE_PRICE_USD_PER_1000_TOKENS, LIMIT_MESSAGES } from '@agentforge/shared';
import { PlanLimitError } from '../errors.js';
import type { ModelRequest, ModelUsage } from '../models/model-provider.js';
import type { UserPlan } from './plan.js';

/** The estimate's rate: about 4 characters per token for English text and JSON. */
export const CHARS_PER_TOKEN = 4;
/** What each message costs beyond its text (role, separators), as providers count it. */
export const TOKENS_PER_MESSAGE = 4;
/** An attached image, at about a megapixel (Anthropic's 1,600 per 1.15 MP). */
export const IMAGE_TOKENS = 1_600;

/** Tokens one USD of overage buys: $0.01 per 1,000 tokens. */
export const TOKENS_PER_OVERAGE_USD = 1_000 / EXTRA_USAGE_PRICE_USD_PER_1000_TOKENS;

export const overageCapTokens = (capUsd: number) => Math.floor(capUsd * TOKENS_PER_OVERAGE_USD);

/**
 * A cheap estimate of a request's prompt, taken before the model is called: the characters of the
 * system prompt, the messages (as JSON: roles, tool calls and results included) and the tool
 * schemas, over CHARS_PER_TOKEN, plus TOKENS_PER_MESSAGE per message and IMAGE_TOKENS per image.
 * No tokenizer: each provider has its own, and the reservation only needs to be close (a call is
 * never counted above what it reserved, see countedTokens).
 */
export function estimatePromptTokens(request: Pick<ModelRequest, 'system' | 'messages' | 'tools'>): number {
  let chars = request.system?.length ?? 0;
  let tokens = 0;
  for (const message of request.messages) {
    tokens += TOKENS_PER_MESSAGE;
    if (message.role === 'user' && Array.isArray(message.content)) {
      for (const part of message.content) {
        if (part.type === 'text') chars += JSON.stringify(part.text).length;
        else tokens += IMAGE_TOKENS;
      }
    } else {
      chars += JSON.stringify(message).length;
    }
  }
  if (request.tools?.length) chars += JSON.stringify(request.tools).length;
  return tokens + Math.ceil(chars / CHARS_PER_TOKEN);
}

/** A day's counter: `committed` (settled usage plus open reservations) and `used` (settled usage). */
export interface DayCounter {
  committed: number;
  used: number;
}

/** What a call may reserve: its prompt, its output cap, and the condition of the conditional ADD. */
export interface Reservation {
  promptTokens: number;
  /** The max_tokens sent to the provider, so the provider enforces the limit mid-stream. */
  outputCap: number;
  /** promptTokens + outputCap: what the call adds to `committed`. */
  estimate: number;
  /** The reservation succeeds only while `committed` is at most this (the limit less the estimate). */
  maxCommittedBefore: number;
}

/** The refusal when the day (Free, past due) or the month's overage cap (paid) has no room left. */
export function noRoomLeft(plan: UserPlan): PlanLimitError {
  return new PlanLimitError(
    plan.overageAllowed
      ? (plan.team ? LIMIT_MESSAGES.teamOverageCap : LIMIT_MESSAGES.overageCap)(plan.overageCapUsd)
      : LIMIT_MESSAGES.dailyTokens(plan.limits.tokensPerDay, plan.name),
  );
}

/**
 * How far today's `committed` may go: the plan's daily allowance, and on a paid plan (not past
 * due) the overage the month's cap still leaves. The month's overage counter includes today's
 * settled overage, which `committed` already holds: only the earlier days' overage is taken off.
 */
export function dayCeiling(plan: UserPlan, day: DayCounter, monthOverage: number): number {
  const allowance = plan.limits.tokensPerDay;
  if (!plan.overageAllowed) return allowance;
  const todaysOverage = Math.max(0, day.used - allowance);
  const earlierOverage = Math.max(0, monthOverage - todaysOverage);
  return allowance + Math.max(0, overageCapTokens(plan.overageCapUsd) - earlierOverage);
}

/**
 * The reservation a call makes, or the refusal: a prompt above the plan's maxTokensPerRequest is
 * refused; the output is capped to maxTokensPerRequest and to the room left under the ceiling.
 */
export function planReservation(input: {
  plan: UserPlan;
  promptTokens: number;
  requestedOutput: number;
  day: DayCounter;
  monthOverage: number;
}): Reservation {
  const { plan, promptTokens, day } = input;
  const { maxTokensPerRequest } = plan.limits;
  if (promptTokens > maxTokensPerRequest) {
    throw new PlanLimitError(LIMIT_MESSAGES.promptTooLarge(maxTokensPerRequest, plan.name));
  }
  const ceiling = dayCeiling(plan, day, input.monthOverage);
  const room = ceiling - day.committed - promptTokens;
  if (room < 1) throw noRoomLeft(plan);
  const outputCap = Math.min(Math.max(1, input.requestedOutput), maxTokensPerRequest, room);
  const estimate = promptTokens + outputCap;
  return { promptTokens, outputCap, estimate, maxCommittedBefore: ceiling - estimate };
}

/**
 * What a settled call counts against the plan: the provider's usage, else (the stream broke off
 * before its usage arrived: a stop, a disconnect, an error) the prompt and the streamed output's
 * characters over CHARS_PER_TOKEN, nothing when no output came. Never more than the call
 * reserved: what the estimate missed is the platform's, so reservations alone bound the day.
 */
export function countedTokens(
  reservation: Pick<Reservation, 'promptTokens' | 'estimate'>,
  usage: ModelUsage | undefined,
  streamedChars: number,
): number {
  const actual = usage
    ? usage.inputTokens + usage.outputTokens
    : streamedChars > 0
      ? reservation.promptTokens + Math.ceil(streamedChars / CHARS_PER_TOKEN)
      : 0;
  return Math.min(actual, reservation.estimate);
}

/**
 * The overage of one settled call, from the day's `used` right after its ADD (UpdateItem's
 * UPDATED_NEW): its share of what lies past the allowance. Concurrent settlements each see their
 * own `used`, so their shares add up to exactly max(0, used - allowance).
 */
export function overageOf(usedAfter: number, counted: number, allowance: number): number {
  return Math.max(0, usedAfter - allowance) - Math.max(0, usedAfter - counted - allowance);
}
