import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerChatApi,
  ChatHarness,
  conversation,
  message,
  readyProviders,
} from '../../../testing/chat-fixture';
import * as preferencesApi from '../../settings/api/preferences';
import * as conversationsApi from '../api/conversations';
import * as messagesApi from '../api/messages';
import { streamReply } from '../api/stream-client';
import { ChatScreen } from './chat-screen';

vi.mock('../api/conversations');
vi.mock('../api/messages');
vi.mock('../../settings/api/preferences');
vi.mock('../api/stream-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/stream-client')>()),
  streamReply: vi.fn(),
}));

beforeEach(() => {
  answerChatApi({ conversations: conversationsApi, messages: messagesApi, streamReply }, () => {});
  vi.mocked(preferencesApi.getPreferences).mockResolvedValue({});
});

afterEach(() => {
  vi.resetAllMocks();
});

function renderChat(path: string) {
  return render(
    <ChatHarness path={path}>
      <ChatScreen
        providers={readyProviders()}
        email="ada@example.com"
        hasUser
        onOpenSettings={vi.fn()}
        onSignOut={vi.fn()}
        signingOut={false}
      />
    </ChatHarness>,
  );
}

// The first render of the whole chat screen in jsdom loads its modules: seconds on a busy machine.
describe('ChatScreen, a long conversation', { timeout: 20_000 }, () => {
  it("reads a conversation's latest messages when its row is hovered or focused, before it is opened", async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([conversation('c2'), conversation('c1')]);
    vi.mocked(messagesApi.listMessages).mockImplementation(async (id) => ({
      messages: [message({ id: `m-${id}`, conversationId: id, role: 'user', content: `Hello from ${id}` })],
    }));
    renderChat('/home');
    const row = await screen.findByRole('button', { name: 'Chat c1' });
    await waitFor(() => expect(vi.mocked(messagesApi.listMessages)).toHaveBeenCalledTimes(1));
    expect(vi.mocked(messagesApi.listMessages).mock.calls.map(([id]) => id)).toEqual(['c2']);

    await userEvent.hover(row);
    await waitFor(() => expect(vi.mocked(messagesApi.listMessages)).toHaveBeenCalledTimes(2));
    expect(vi.mocked(messagesApi.listMessages).mock.calls[1]?.[0]).toBe('c1');
    await userEvent.click(row);
    expect(await screen.findByText('Hello from c1')).toBeTruthy();
    // Opened from the cache: not read again.
    expect(vi.mocked(messagesApi.listMessages)).toHaveBeenCalledTimes(2);
  });

  it('loads the page before its latest one from the chat (earlier messages are reachable)', async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([conversation('c1')]);
    vi.mocked(messagesApi.listMessages).mockImplementation(async (_id, { before } = {}) =>
      before === 'older-1'
        ? { messages: [message({ id: 'm1', role: 'user', content: 'The very first question' })] }
        : {
            messages: [message({ id: 'm2', role: 'user', content: 'The latest question' })],
            olderCursor: 'older-1',
          },
    );
    renderChat('/home/c/c1');

    expect(await screen.findByText('The latest question')).toBeTruthy();
    // jsdom has no layout: the view counts as near the top, so the earlier page loads by itself.
    expect(await screen.findByText('The very first question')).toBeTruthy();
    expect(vi.mocked(messagesApi.listMessages)).toHaveBeenCalledWith('c1', { before: 'older-1' });
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });
});
