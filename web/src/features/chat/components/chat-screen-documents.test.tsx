import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../../testing/axe';
import {
  answerChatApi,
  ChatHarness,
  conversation,
  type OpenedStream,
  readyProviders,
} from '../../../testing/chat-fixture';
import * as conversationsApi from '../api/conversations';
import * as messagesApi from '../api/messages';
import { streamReply } from '../api/stream-client';
import { ChatScreen } from './chat-screen';

vi.mock('../api/conversations');
vi.mock('../api/messages');
vi.mock('../api/stream-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/stream-client')>()),
  streamReply: vi.fn(),
}));

let stream: OpenedStream;

beforeEach(() => {
  answerChatApi({ conversations: conversationsApi, messages: messagesApi, streamReply }, (opened) => {
    stream = opened;
  });
});
afterEach(() => vi.resetAllMocks());

function renderChat() {
  return render(
    <ChatHarness>
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

describe("ChatScreen's 'Use my documents'", { timeout: 60_000 }, () => {
  it('is offered in a conversation with collections and sends useDocuments with that message only', async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([
      conversation('c1', { settings: { collectionIds: ['k1'] } }),
    ]);
    const { container } = renderChat();
    await screen.findByRole('button', { name: 'Chat c1', current: 'page' }, { timeout: 8000 });
    const toggle = await screen.findByRole('button', { name: 'Use my documents', pressed: false });
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await axeViolations(container)).toEqual([]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'What do they say?{Enter}');
    await waitFor(() => expect(streamReply).toHaveBeenCalled());
    expect(stream.query).toMatchObject({ conversationId: 'c1', useDocuments: 'true' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('is not offered in a conversation without collections', async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([conversation('c1')]);
    renderChat();
    await screen.findByRole('button', { name: 'Chat c1', current: 'page' }, { timeout: 8000 });
    expect(screen.queryByRole('button', { name: 'Use my documents' })).toBeNull();
  });
});
