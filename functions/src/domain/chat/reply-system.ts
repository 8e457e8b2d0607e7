import type { MemoryFact } from '@agentforge/shared';
import { CHARS_PER_TOKEN } from '../limits/token-budget.js';
import { systemWithMemory } from '../memory/memory-prompt.js';

/**
 * How the model makes an artifact the chat renders (docs/decisions/chat.md, "Artifacts"). Paid on
 * every turn it is sent, so kept short (ARTIFACT_CONVENTION_TOKENS), and sent only where it matters
 * (artifactConventionApplies); first in the prompt, the same prefix on every such turn.
 */
export const ARTIFACT_CONVENTION = [
  "A complete HTML page, SVG, Mermaid diagram or React component (one default export, importing only 'react')",
  ' in one fenced block tagged html, svg, mermaid or jsx renders beside the chat. For one you may revise, tag it',
  ' ```html artifact id="short-id" title="Title" and send revisions whole with the same id.',
].join('');

/** The convention's cost by the meter's estimate (characters / 4). */
export const ARTIFACT_CONVENTION_TOKENS = Math.ceil(ARTIFACT_CONVENTION.length / CHARS_PER_TOKEN);

/** A fenced block in a language the chat renders as an artifact. */
const ARTIFACT_FENCE = /^\s*(```|~~~)\s*(html?|svg|mermaid|jsx|tsx)\b/im;

/** A request for something the chat renders: a page, an image, a diagram, a component. */
const ASKS_FOR_ARTIFACT =
  /\b(html|svg|mermaid|react|jsx|tsx|diagram|flow ?chart|chart|web ?page|web ?site|landing page|component|logo|icon|illustration|visuali[sz]e|visuali[sz]ation|prototype|mock-?up)s?\b/i;

/**
 * Whether a turn is told the convention: the branch it answers already holds an artifact the model
 * may revise, or the user's message (the trigger, else the branch's last) asks for one. Elsewhere
 * it would cost every turn of every chat for nothing (the Free plan's day is 100 tokens); a plain
 * fenced block the model writes unprompted still shows as a card.
 */
export function artifactConventionApplies(
  branch: readonly { role: string; content: string }[],
  trigger?: string,
): boolean {
  const asked = trigger ?? branch.findLast((message) => message.role === 'user')?.content ?? '';
  return ASKS_FOR_ARTIFACT.test(asked) || branch.some((message) => ARTIFACT_FENCE.test(message.content));
}

/** A chat reply's system prompt: the artifact convention where it applies, the conversation's prompt, memory. */
export function replySystemPrompt(
  conversationPrompt: string | undefined,
  facts: readonly MemoryFact[],
  withArtifacts: boolean,
): string | undefined {
  const own = systemWithMemory(conversationPrompt, facts);
  if (!withArtifacts) return own;
  return own ? `${ARTIFACT_CONVENTION}\n\n${own}` : ARTIFACT_CONVENTION;
}
