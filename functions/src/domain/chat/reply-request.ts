/**
 * What a reply's model call is sent, apart from its tools: the system prompt with the caller's
 * memory, the branch's turns as the model sees them, and the request around them.
 */
import type { Caller } from '../caller.js';
import type { ConversationRecord } from '../conversations/conversation.js';
import type { MessageRecord } from '../conversations/message.js';
import { type ReplyMemory, replyMemory } from '../memory/memory.js';
import type { ModelMessage } from '../models/model-provider.js';
import { type AttachmentReader, userTurnContent } from './attachment-content.js';
import type { ChatServiceDeps } from './ports.js';
import { isInterrupted } from './reply-lease.js';
import { artifactConventionApplies, replySystemPrompt } from './reply-system.js';

/** A conversation's own model settings (output cap, temperature, system prompt). */
export type ConversationSettings = NonNullable<ConversationRecord['settings']>;

/** A reply's output cap when the conversation sets none. */
const DEFAULT_MAX_OUTPUT_TOKENS = 4096;

/**
 * The caller's memory for the reply (on, and allowed in a team's space: memory/memory.ts) and the
 * reply's system prompt (reply-system.ts: the artifact convention where the branch or the
 * trigger calls for it, the conversation's own, then the memory's facts); read alongside the
 * conversation.
 */
export function replyMemoryAndSystem(
  deps: ChatServiceDeps,
  caller: Caller,
  conversation: Promise<ConversationRecord>,
  branch: Promise<MessageRecord[]>,
  trigger?: string,
): { memory: Promise<ReplyMemory>; system: Promise<string | undefined> } {
  const teamSpace = conversation.then(
    (owned) => owned.teamId,
    () => undefined,
  );
  const memory = deps.memory
    ? replyMemory(deps.memory, caller.userId, teamSpace)
    : Promise.resolve({ on: false, facts: [] });
  const system = Promise.all([conversation, memory, branch]).then(([owned, { facts }, shown]) =>
    replySystemPrompt(owned.settings?.systemPrompt, facts, artifactConventionApplies(shown, trigger)),
  );
  memory.catch(() => undefined); // awaited (and reported) by the stream
  system.catch(() => undefined); // awaited (and reported) by the stream
  return { memory, system };
}

/** The request of a reply's first model call, as the tool loop sends it (without tools). */
export function replyRequest(
  model: string,
  settings: ConversationSettings,
  messages: ModelMessage[],
  system: string | undefined,
) {
  return {
    model,
    ...(system ? { system } : {}),
    messages,
    // The plan's maxTokensPerRequest, and the day's room, cap this further (limits/token-meter).
    maxOutputTokens: settings.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
    ...(settings.temperature === undefined ? {} : { temperature: settings.temperature }),
  };
}

/**
 * Earlier turns as the model sees them: errors and empty replies are left out; user turns with
 * attachments carry their files (see userTurnContent).
 */
export async function toModelMessages(
  history: MessageRecord[],
  attachments: AttachmentReader | undefined,
): Promise<ModelMessage[]> {
  const turns = history.filter(
    (message) => !message.isError && message.content.trim() !== '' && !isInterrupted(message, Date.now()),
  );
  const lastUser = turns.findLast((message) => message.role === 'user');
  return Promise.all(
    turns.map(async (message): Promise<ModelMessage> => {
      if (message.role === 'user' && message.attachments?.length && attachments) {
        return { role: 'user', content: await userTurnContent(attachments, message, message === lastUser) };
      }
      return { role: message.role, content: message.content };
    }),
  );
}
