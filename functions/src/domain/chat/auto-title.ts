import { NEW_CONVERSATION_TITLE, titleFromMessage } from '@agentforge/shared';
import { logger } from '../../logger.js';
import type { Caller } from '../caller.js';
import type { ConversationService } from '../conversations/conversation-service.js';
import type { ModelProvider } from '../models/model-provider.js';
import type { Emit } from './reply-run.js';

/** What the title request asks for (the local model server answers it: test/support/model-server). */
export const TITLE_REQUEST =
  'Write a title of at most six words for the conversation below. Answer with the title only.';
/** A title is a few words: this caps what the call may cost (and reserve on the plan). */
export const TITLE_MAX_OUTPUT_TOKENS = 24;
/** The title is a nicety: a slow provider is not waited on for long. */
const TITLE_TIMEOUT_MS = 10_000;
/** A sidebar's line: a longer answer is cut at a word. */
const LONGEST_TITLE = 60;
/** How much of each turn the title request quotes. */
const QUOTED_CHARS = 1_000;

/** The first turns of a conversation still titled 'New Conversation', as the title request quotes them. */
export interface FirstExchange {
  conversationTitle: string;
  userText: string;
  replyText: string;
}

/** True when the reply just finished is the first of a conversation that has no title of its own. */
export const wantsTitle = (exchange: FirstExchange, earlierReplies: number): boolean =>
  exchange.conversationTitle === NEW_CONVERSATION_TITLE &&
  earlierReplies === 0 &&
  exchange.userText.trim() !== '' &&
  exchange.replyText.trim() !== '';

/** The model's answer as a title: its first line, without quotes or a trailing full stop, capped. */
export function cleanTitle(answer: string): string {
  const line = answer.trim().split('\n')[0] ?? '';
  const bare = line
    .replace(/^(title\s*:\s*)/i, '')
    .replace(/^["'“”‘’*#\s]+|["'“”‘’*\s]+$/g, '')
    .replace(/\.$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return bare ? titleFromMessage(bare, LONGEST_TITLE) : '';
}

/**
 * Names a new conversation after its first reply (issue 29): one small call of the conversation's
 * model, on the same provider and key as the reply (metered like it: docs/decisions/chat.md, "From
 * Enter to the first word"), saved only while the title is still the default, then sent as a
 * `conversation_title` event. Without the model's title (it failed, was refused, or said nothing)
 * the first message names the conversation, as before titles were written. Runs after the reply's
 * `end`; never fails the stream.
 */
export async function writeTitle(
  deps: { conversations: Pick<ConversationService, 'autoTitle'> },
  caller: Caller,
  target: { conversationId: string; provider: ModelProvider; model: string },
  exchange: FirstExchange,
  emit: Emit,
): Promise<void> {
  let title = '';
  try {
    const quoted = `User: ${exchange.userText.slice(0, QUOTED_CHARS)}\n\nAssistant: ${exchange.replyText.slice(0, QUOTED_CHARS)}`;
    let answer = '';
    for await (const event of target.provider.stream({
      model: target.model,
      messages: [{ role: 'user', content: `${TITLE_REQUEST}\n\n${quoted}` }],
      maxOutputTokens: TITLE_MAX_OUTPUT_TOKENS,
      signal: AbortSignal.timeout(TITLE_TIMEOUT_MS),
    })) {
      if (event.type === 'text-delta') answer += event.text;
    }
    title = cleanTitle(answer);
  } catch (error) {
    logger.warn("The model's title could not be had: the first message names the conversation", {
      conversationId: target.conversationId,
      error,
    });
  }
  title ||= titleFromMessage(exchange.userText);
  try {
    if (await deps.conversations.autoTitle(caller, target.conversationId, title)) {
      emit({ type: 'conversation_title', conversationId: target.conversationId, title });
    }
  } catch (error) {
    // The conversation keeps 'New Conversation' (the user can rename it); the reply is unaffected.
    logger.warn('A conversation title could not be written', {
      conversationId: target.conversationId,
      error,
    });
  }
}
