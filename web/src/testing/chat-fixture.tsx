import type { Conversation, Message, Provider, StreamQuery } from '@agentforge/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { ToastProvider } from '../components/toast/toast-provider';
// The chat's messages load their code on first use (lazy-conversation-view.tsx): loaded with the test
// file here, as the app loads it ahead (the message box focused), so a test waits for data, not code.
import '../features/chat/components/conversation-view';
// The same for the plan's panel (loaded when a plan mode is chosen) and the export's code.
import '../features/agent/components/plan-panel';
import '../features/chat/utils/conversation-file';
import type * as ConversationsApi from '../features/chat/api/conversations';
import type * as MessagesApi from '../features/chat/api/messages';
import type { StreamCallbacks, streamReply } from '../features/chat/api/stream-client';
import { CHAT_ROUTE_PATH } from '../features/chat/hooks/use-conversation-route';
import type { ProvidersState } from '../features/chat/hooks/use-providers';
import { ApiError } from '../lib/api-error';
import { createTestQueryClient } from './query';

/** Shared by the chat screen's tests; each test file still calls `vi.mock` on the chat's api modules. */
export const LOCAL: Provider = {
  id: 'custom:k1',
  name: 'Local',
  models: [{ id: 'llama3.2:latest', name: 'Llama 3.2' }],
};

export const readyProviders = (providers: Provider[] = [LOCAL]): ProvidersState => ({
  status: 'ready',
  providers,
  reload: vi.fn(),
});

export function conversation(id: string, patch: Partial<Conversation> = {}): Conversation {
  return {
    id,
    name: `Chat ${id}`,
    title: `Chat ${id}`,
    userId: 'user-1',
    messages: [],
    createdAt: 1,
    updatedAt: 1,
    metadata: { defaultProvider: 'custom:k1', defaultModel: 'llama3.2:latest' },
    ...patch,
  };
}

export function message(patch: Partial<Message> & Pick<Message, 'id' | 'role' | 'content'>): Message {
  return { conversationId: 'c1', timestamp: 1, ...patch };
}

/** A reply stream the chat opened, driven by the test. */
export type OpenedStream = {
  query: StreamQuery;
  callbacks: StreamCallbacks;
  signal: AbortSignal | undefined;
};

type MockedChatApi = {
  conversations: typeof ConversationsApi;
  messages: typeof MessagesApi;
  streamReply: typeof streamReply;
};

/**
 * The mocked chat API's default answers: no conversations, saves succeed, a new conversation is
 * 'new-1' (with its first message, if sent with it), and every reply stream stays open, handed to `onStream`.
 */
export function answerChatApi(api: MockedChatApi, onStream: (stream: OpenedStream) => void): void {
  vi.mocked(api.conversations.listConversations).mockResolvedValue([]);
  // A conversation not in the list is no one's the caller may read (shared ones say so themselves).
  vi.mocked(api.conversations.getConversation).mockRejectedValue(new ApiError('Not found', { status: 404 }));
  vi.mocked(api.conversations.sharedConversationPath).mockImplementation((id) => `/shared/${id}`);
  vi.mocked(api.conversations.updateConversationMetadata).mockResolvedValue();
  vi.mocked(api.conversations.updateConversationServers).mockResolvedValue();
  // As the API: created with its first message when one is given (saved under the server's id).
  vi.mocked(api.conversations.createConversation).mockImplementation(
    async (title, metadata, _settings, first) =>
      conversation('new-1', {
        title,
        name: title,
        metadata,
        messages: first
          ? [message({ id: 'saved-user-1', conversationId: 'new-1', role: 'user', content: first })]
          : [],
      }),
  );
  vi.mocked(api.messages.listMessages).mockResolvedValue({ messages: [] });
  vi.mocked(api.messages.createMessage).mockImplementation(async (body) =>
    message({ id: 'saved-user-1', role: 'user', content: body.content }),
  );
  vi.mocked(api.messages.selectBranch).mockResolvedValue();
  vi.mocked(api.messages.stopMessage).mockResolvedValue();
  vi.mocked(api.streamReply).mockImplementation((query, callbacks, options) => {
    onStream({ query, callbacks, signal: options?.signal });
    return new Promise(() => {});
  });
}

/**
 * What the chat screen needs around it: a router at `path` (under the app's chat route, so the
 * URL names the conversation shown), toasts and a fresh query cache.
 */
export function ChatHarness({ children, path = '/home' }: { children: ReactNode; path?: string }) {
  const [client] = useState(createTestQueryClient);
  return (
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <Routes>
            <Route path={CHAT_ROUTE_PATH} element={children} />
            <Route path="*" element={<p>Left the chat</p>} />
          </Routes>
        </ToastProvider>
      </QueryClientProvider>
    </MemoryRouter>
  );
}

/**
 * Opens the sidebar's account menu (Settings, Subscription, the pages) by keyboard: Radix opens a
 * menu on pointerdown, which jsdom's user-event does not model.
 */
export async function openAccountMenu(): Promise<HTMLElement> {
  const trigger = await screen.findByRole('button', { name: /^Account/ });
  trigger.focus();
  await userEvent.keyboard('{Enter}');
  return screen.findByRole('menu');
}
