import {
  type ConversationSearchPage,
  type ConversationSearchQuery,
  type ConversationSearchResult,
  conversationOrder,
} from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { ValidationError } from '../errors.js';
import type { ConversationRepository } from './conversation.js';
import type { MessageRepository } from './message.js';
import { shownPath } from './message-tree.js';

/** Conversations whose messages one page reads: bounds a request's work whatever the history. */
export const SEARCH_CONVERSATIONS_PER_PAGE = 25;
const MATCHES_PER_CONVERSATION = 3;
const EXCERPT_RADIUS = 60;
/** Message lists read at once. */
const CONCURRENT_READS = 5;

/** The cursor is the position in the owner's list where the next page starts. */
const encodeCursor = (offset: number) => Buffer.from(JSON.stringify({ offset })).toString('base64url');
function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  try {
    const { offset } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { offset: unknown };
    if (typeof offset === 'number' && Number.isInteger(offset) && offset >= 0) return offset;
  } catch {
    // refused below
  }
  throw new ValidationError('Invalid search cursor');
}

/** `…text around the match…`, on one line. */
export function excerptAround(text: string, at: number, length: number): string {
  const start = Math.max(0, at - EXCERPT_RADIUS);
  const end = Math.min(text.length, at + length + EXCERPT_RADIUS);
  const body = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`;
}

/**
 * Case-insensitive search over the titles and message text of the caller's conversations, in list
 * order (pinned, then newest). DynamoDB has no text index, so a page reads the messages of at most
 * SEARCH_CONVERSATIONS_PER_PAGE conversations (one Query each, only the caller's: the owner's
 * partition lists them) and returns a cursor to continue. See docs/decisions/chat.md "Search".
 */
export async function searchConversations(
  deps: { conversations: ConversationRepository; messages: MessageRepository },
  caller: Caller,
  query: ConversationSearchQuery,
): Promise<ConversationSearchPage> {
  const needle = query.q.toLocaleLowerCase();
  const offset = decodeCursor(query.cursor);
  const owned = (await deps.conversations.listByUser(caller.userId)).sort(conversationOrder);
  const page = owned.slice(offset, offset + SEARCH_CONVERSATIONS_PER_PAGE);

  const results: (ConversationSearchResult | undefined)[] = new Array(page.length);
  for (let start = 0; start < page.length; start += CONCURRENT_READS) {
    await Promise.all(
      page.slice(start, start + CONCURRENT_READS).map(async (conversation, i) => {
        const messages = await deps.messages.listAll(conversation.conversationId);
        let shown: Set<string> | undefined;
        const matches = [];
        for (const message of messages) {
          const at = message.content.toLocaleLowerCase().indexOf(needle);
          if (at < 0) continue;
          shown ??= new Set(shownPath(messages, conversation.activeLeafId).map((onPath) => onPath.messageId));
          matches.push({
            messageId: message.messageId,
            role: message.role,
            excerpt: excerptAround(message.content, at, needle.length),
            ...(shown.has(message.messageId) ? {} : { otherBranch: true }),
          });
          if (matches.length === MATCHES_PER_CONVERSATION) break;
        }
        const titleMatch = conversation.title.toLocaleLowerCase().includes(needle);
        if (titleMatch || matches.length > 0) {
          results[start + i] = {
            conversationId: conversation.conversationId,
            title: conversation.title,
            updatedAt: conversation.updatedAt,
            titleMatch,
            matches,
          };
        }
      }),
    );
  }
  const next = offset + page.length;
  return {
    results: results.filter((result): result is ConversationSearchResult => result !== undefined),
    ...(next < owned.length ? { nextCursor: encodeCursor(next) } : {}),
  };
}
