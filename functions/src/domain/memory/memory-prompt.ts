import type { MemoryFact } from '@agentforge/shared';
import { CHARS_PER_TOKEN } from '../limits/token-budget.js';
import { newestFirst } from './memory.js';

/** The most of a reply's prompt memory may take (docs/decisions/chat.md, "Memory"). */
export const MEMORY_TOKEN_BUDGET = 1_000;

export const MEMORY_PROMPT_HEADING =
  'The user asked you to remember these facts about them. Use them when they are relevant; do not repeat them back unasked:';

const estimateTokens = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);

/**
 * The facts that fit the budget, newest first; the older ones past it are left out (a fact that
 * does not fit is skipped and a shorter older one may still go in).
 */
export function factsWithinBudget(facts: readonly MemoryFact[], budget = MEMORY_TOKEN_BUDGET): MemoryFact[] {
  let left = budget - estimateTokens(MEMORY_PROMPT_HEADING);
  const chosen: MemoryFact[] = [];
  for (const fact of newestFirst(facts)) {
    const cost = estimateTokens(`- ${fact.text}\n`);
    if (cost > left) continue;
    chosen.push(fact);
    left -= cost;
  }
  return chosen;
}

/** The reply's system prompt: the conversation's own, then the memory block (none without facts). */
export function systemWithMemory(systemPrompt: string | undefined, facts: readonly MemoryFact[]) {
  const chosen = factsWithinBudget(facts);
  if (chosen.length === 0) return systemPrompt || undefined;
  const block = [MEMORY_PROMPT_HEADING, ...chosen.map((fact) => `- ${fact.text}`)].join('\n');
  return systemPrompt ? `${systemPrompt}\n\n${block}` : block;
}
