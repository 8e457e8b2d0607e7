import type { Conversation, Message, StreamStatus } from '@agentforge/shared';

/** The reply being streamed: its conversation and its current id (temporary, then the server's). */
export type ActiveStream = {
  conversationId: string;
  messageId: string;
  status: StreamStatus;
  /** With `connecting`: the servers being started on demand, by name. */
  startingServers?: string[];
};

/**
 * The chat's own state. The conversation list and each conversation's messages live in the query
 * cache (`conversationsQuery`, `messagesQuery`); the actions that change them are applied there
 * (`conversationsAfter`, `messagesAfter`).
 */
export type ChatState = {
  /** A conversation is being created. */
  creating: boolean;
  stream: ActiveStream | null;
};

export const initialChatState: ChatState = {
  creating: false,
  stream: null,
};

export type ChatAction =
  | { type: 'creating'; creating: boolean }
  /** `imported`: it came with messages, which load from the API when it is shown. */
  | { type: 'conversation_created'; conversation: Conversation; imported?: boolean }
  | { type: 'conversation_updated'; id: string; patch: Partial<Conversation> }
  | { type: 'conversation_removed'; id: string }
  | { type: 'message_added'; conversationId: string; message: Message }
  | {
      type: 'message_updated';
      conversationId: string;
      messageId: string;
      update: (message: Message) => Message;
    }
  /** Regenerate, or edit and resend: this message and every later one are being replaced. */
  | { type: 'messages_replaced_from'; conversationId: string; messageId: string }
  | { type: 'stream_changed'; stream: ActiveStream | null };

/** What a conversation action does to the cached conversation list (the reducer does the rest). */
export function conversationsAfter(conversations: Conversation[], action: ChatAction): Conversation[] | null {
  switch (action.type) {
    case 'conversation_created':
      return [action.conversation, ...conversations.filter((c) => c.id !== action.conversation.id)];
    case 'conversation_updated':
      return conversations.map((c) => (c.id === action.id ? { ...c, ...action.patch } : c));
    case 'conversation_removed':
      return conversations.filter((c) => c.id !== action.id);
    default:
      return null;
  }
}

/** What a message action does to a conversation's cached messages. */
export function messagesAfter(messages: Message[], action: ChatAction): Message[] | null {
  switch (action.type) {
    case 'message_added':
      return [...messages, action.message];
    case 'message_updated':
      return messages.map((m) => (m.id === action.messageId ? action.update(m) : m));
    case 'messages_replaced_from': {
      const at = messages.findIndex((m) => m.id === action.messageId);
      return at < 0 ? messages : messages.slice(0, at);
    }
    default:
      return null;
  }
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'creating':
      return { ...state, creating: action.creating };
    case 'conversation_created':
      return { ...state, creating: false };
    case 'stream_changed':
      return { ...state, stream: action.stream };
    default:
      return state;
  }
}

/**
 * The chat as the send path reads it: its own state, the conversation shown (null: a new chat,
 * created on the fly by its first message) and whether its messages are loading.
 */
export type ChatSnapshot = ChatState & { selectedId: string | null; loadingMessages: boolean };

/** Spec 5: busy while a conversation is created, messages load, or a reply is under way. */
export function isBusy(chat: ChatSnapshot): boolean {
  return chat.creating || chat.stream !== null || chat.loadingMessages;
}

let tempCounter = 0;

/** Whether the id is a temporary one (the server's id has not arrived yet). */
export const isTempMessageId = (id: string) => id.startsWith('temp-');

/** An id for a message not saved yet, replaced by the server's id later. */
export function tempMessageId(role: Message['role']): string {
  tempCounter += 1;
  return `temp-${role}-${Date.now()}-${tempCounter}`;
}

/** The assistant's reply as it starts: empty and loading, until its stream writes it. */
export function replyPlaceholder(
  reply: Pick<Message, 'id' | 'conversationId' | 'timestamp'> & Partial<Pick<Message, 'provider' | 'model'>>,
): Message {
  return { ...reply, role: 'assistant', content: '', isLoading: true };
}
