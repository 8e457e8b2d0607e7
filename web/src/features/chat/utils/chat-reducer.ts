import type { Conversation, Message, StreamStatus } from '@agentforge/shared';

/** The messages of one conversation, as far as they are loaded. */
export type Thread = { status: 'loading' | 'ready' | 'error'; messages: Message[] };

/** The reply being streamed: its conversation and its current id (temporary, then the server's). */
export type ActiveStream = { conversationId: string; messageId: string; status: StreamStatus };

/** The chat's own state; the conversation list itself lives in the query cache (`conversationsQuery`). */
export type ChatState = {
  /** null: a new chat, created on the fly by its first message. */
  selectedId: string | null;
  threads: Record<string, Thread>;
  /** A conversation is being created. */
  creating: boolean;
  stream: ActiveStream | null;
};

export const initialChatState: ChatState = {
  selectedId: null,
  threads: {},
  creating: false,
  stream: null,
};

export type ChatAction =
  | { type: 'selected'; id: string | null }
  | { type: 'creating'; creating: boolean }
  | { type: 'conversation_created'; conversation: Conversation }
  | { type: 'conversation_updated'; id: string; patch: Partial<Conversation> }
  | { type: 'conversation_removed'; id: string }
  | { type: 'thread_loading'; id: string }
  | { type: 'thread_loaded'; id: string; messages: Message[] }
  | { type: 'thread_failed'; id: string; message: Message }
  | { type: 'message_added'; conversationId: string; message: Message }
  | {
      type: 'message_updated';
      conversationId: string;
      messageId: string;
      update: (message: Message) => Message;
    }
  | { type: 'stream_changed'; stream: ActiveStream | null };

function withThread(state: ChatState, id: string, update: (thread: Thread) => Thread): ChatState {
  const thread = state.threads[id] ?? { status: 'ready', messages: [] };
  return { ...state, threads: { ...state.threads, [id]: update(thread) } };
}

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

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'selected':
      return { ...state, selectedId: action.id };
    case 'creating':
      return { ...state, creating: action.creating };
    case 'conversation_created':
      return {
        ...state,
        creating: false,
        selectedId: action.conversation.id,
        threads: { ...state.threads, [action.conversation.id]: { status: 'ready', messages: [] } },
      };
    case 'conversation_updated':
      return state;
    case 'conversation_removed': {
      const { [action.id]: _removed, ...threads } = state.threads;
      return {
        ...state,
        threads,
        selectedId: state.selectedId === action.id ? null : state.selectedId,
      };
    }
    case 'thread_loading':
      return withThread(state, action.id, (thread) => ({ ...thread, status: 'loading' }));
    case 'thread_loaded':
      return withThread(state, action.id, () => ({ status: 'ready', messages: action.messages }));
    case 'thread_failed':
      return withThread(state, action.id, () => ({ status: 'error', messages: [action.message] }));
    case 'message_added':
      return withThread(state, action.conversationId, (thread) => ({
        ...thread,
        messages: [...thread.messages, action.message],
      }));
    case 'message_updated':
      return withThread(state, action.conversationId, (thread) => ({
        ...thread,
        messages: thread.messages.map((m) => (m.id === action.messageId ? action.update(m) : m)),
      }));
    case 'stream_changed':
      return { ...state, stream: action.stream };
  }
}

/** Spec 5: busy while a conversation is created, messages load, or a reply is under way. */
export function isBusy(state: ChatState): boolean {
  const thread = state.selectedId ? state.threads[state.selectedId] : undefined;
  return state.creating || state.stream !== null || thread?.status === 'loading';
}

let tempCounter = 0;

/** Whether the id is a temporary one (the server's id has not arrived yet). */
export const isTempMessageId = (id: string) => id.startsWith('temp-');

/** An id for a message not saved yet, replaced by the server's id later. */
export function tempMessageId(role: Message['role']): string {
  tempCounter += 1;
  return `temp-${role}-${Date.now()}-${tempCounter}`;
}
