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
import { download } from '../utils/conversation-file';
import { ChatScreen } from './chat-screen';

vi.mock('../api/conversations');
vi.mock('../api/messages');
vi.mock('../../settings/api/preferences');
vi.mock('../api/stream-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/stream-client')>()),
  streamReply: vi.fn(),
}));
vi.mock('../utils/conversation-file', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../utils/conversation-file')>()),
  download: vi.fn(),
}));

const earlier = message({ id: 'm1', role: 'user', content: 'The first question' });
const latest = message({ id: 'm2', role: 'assistant', content: 'The last answer' });

beforeEach(() => {
  answerChatApi({ conversations: conversationsApi, messages: messagesApi, streamReply }, () => {});
  vi.mocked(preferencesApi.getPreferences).mockResolvedValue({});
  vi.mocked(conversationsApi.listConversations).mockResolvedValue([conversation('c1')]);
  // GET /conversations/{id} answers only its latest page; the earlier messages are behind the cursor.
  vi.mocked(conversationsApi.getConversation).mockResolvedValue(
    conversation('c1', { messages: [latest], olderMessagesCursor: 'older-1' }),
  );
  vi.mocked(messagesApi.listAllMessages).mockResolvedValue([earlier, latest]);
});

afterEach(() => {
  vi.resetAllMocks();
});

describe('exporting a conversation', () => {
  it('writes every message of every branch (JSON), read page by page, not only the latest page', async () => {
    const user = userEvent.setup();
    render(
      <ChatHarness path="/home">
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
    await user.click(await screen.findByRole('button', { name: 'More actions for conversation Chat c1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export as JSON' }));
    await waitFor(() => expect(download).toHaveBeenCalled());
    const [fileName, text] = vi.mocked(download).mock.calls[0] ?? [];
    expect(fileName).toBe('chat-c1.json');
    const exported = JSON.parse(text ?? '{}');
    expect(exported.messages.map((m: { content: string }) => m.content)).toEqual([
      'The first question',
      'The last answer',
    ]);
    expect(exported).not.toHaveProperty('olderMessagesCursor');
    // JSON keeps the tree: every branch's messages, each with its parent.
    expect(messagesApi.listAllMessages).toHaveBeenCalledWith('c1', undefined, 'all');
  });
});
