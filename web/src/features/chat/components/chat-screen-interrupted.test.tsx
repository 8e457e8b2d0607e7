import { CHAT_MESSAGES } from '@agentforge/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerChatApi,
  ChatHarness,
  conversation,
  message,
  type OpenedStream,
  readyProviders,
} from '../../../testing/chat-fixture';
import * as preferencesApi from '../../settings/api/preferences';
import * as conversationsApi from '../api/conversations';
import * as messagesApi from '../api/messages';
import { streamReply } from '../api/stream-client';
import { SAVED_REPLY_POLL_MS } from '../hooks/use-conversation-data';
import { ChatScreen } from './chat-screen';

vi.mock('../api/conversations');
vi.mock('../api/messages');
vi.mock('../../settings/api/preferences');
vi.mock('../api/stream-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/stream-client')>()),
  streamReply: vi.fn(),
}));

let stream: OpenedStream;

beforeEach(() => {
  answerChatApi({ conversations: conversationsApi, messages: messagesApi, streamReply }, (opened) => {
    stream = opened;
  });
  vi.mocked(preferencesApi.getPreferences).mockResolvedValue({});
  vi.mocked(conversationsApi.listConversations).mockResolvedValue([conversation('c1')]);
});

afterEach(() => {
  vi.resetAllMocks();
});

const question = message({ id: 'm1', role: 'user', content: 'Tell me a story' });
const generating = message({
  id: 'm2',
  role: 'assistant',
  content: 'Once upon a time',
  isLoading: true,
  provider: 'custom:k1',
  model: 'llama3.2:latest',
});
const interrupted = {
  ...generating,
  content: `Once upon a time\n\n${CHAT_MESSAGES.replyInterrupted}`,
  isLoading: false,
  isError: true,
};

function renderChat() {
  return render(
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
}

describe('a reply whose writer died', () => {
  it('is read again until it ends: the kept text, interrupted, as an error with Regenerate, no typing indicator', async () => {
    vi.mocked(messagesApi.listMessages).mockResolvedValue({ messages: [question, generating] });
    renderChat();
    // Reloaded while the server still marks it generating (its lease has not run out yet).
    const reply = await screen.findByRole('article', { name: 'Reply' });
    expect(within(reply).getByRole('status', { name: 'Generating' })).toBeTruthy();

    vi.mocked(messagesApi.listMessages).mockResolvedValue({ messages: [question, interrupted] });
    await waitFor(
      () => expect(within(reply).getByRole('alert').textContent).toContain(CHAT_MESSAGES.replyInterrupted),
      {
        timeout: SAVED_REPLY_POLL_MS * 3,
      },
    );
    expect(within(reply).getByRole('alert').textContent).toContain('Once upon a time');
    expect(within(reply).queryByRole('status')).toBeNull();

    // Nothing more to read once it has ended.
    const reads = vi.mocked(messagesApi.listMessages).mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, SAVED_REPLY_POLL_MS * 1.5));
    expect(vi.mocked(messagesApi.listMessages).mock.calls.length).toBe(reads);

    await userEvent.click(within(reply).getByRole('button', { name: 'Regenerate reply' }));
    expect(stream.query).toMatchObject({ conversationId: 'c1', replaceFrom: 'm2' });
  }, 15_000);

  it('is not read again behind a reply this tab is streaming', async () => {
    vi.mocked(messagesApi.listMessages).mockResolvedValue({ messages: [question] });
    renderChat();
    await screen.findByText('Tell me a story');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'And another{Enter}');
    await waitFor(() => expect(stream).toBeDefined());
    const reads = vi.mocked(messagesApi.listMessages).mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, SAVED_REPLY_POLL_MS * 1.5));
    expect(vi.mocked(messagesApi.listMessages).mock.calls.length).toBe(reads);
  }, 15_000);
});
