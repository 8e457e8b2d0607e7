import { render, screen } from '@testing-library/react';
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

describe('ChatScreen, a long conversation', () => {
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
    render(
      <ChatHarness path="/home/c/c1">
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

    expect(await screen.findByText('The latest question')).toBeTruthy();
    // jsdom has no layout: the view counts as near the top, so the earlier page loads by itself.
    expect(await screen.findByText('The very first question')).toBeTruthy();
    expect(vi.mocked(messagesApi.listMessages)).toHaveBeenCalledWith('c1', { before: 'older-1' });
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });
});
