import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerChatApi, ChatHarness, type OpenedStream, readyProviders } from '../../../testing/chat-fixture';
import * as plansApi from '../../agent/api/plans';
import * as preferencesApi from '../../settings/api/preferences';
import * as conversationsApi from '../api/conversations';
import * as messagesApi from '../api/messages';
import { streamReply } from '../api/stream-client';
import { ChatScreen } from './chat-screen';
import * as markdown from './preload-markdown';

vi.mock('../api/conversations');
vi.mock('../api/messages');
vi.mock('../../agent/api/plans');
vi.mock('../../settings/api/preferences');
vi.mock('../api/stream-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/stream-client')>()),
  streamReply: vi.fn(),
}));
vi.mock('./preload-markdown', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./preload-markdown')>();
  return { ...actual, preloadMarkdown: vi.fn(actual.preloadMarkdown) };
});

let streams: OpenedStream[] = [];

beforeEach(() => {
  streams = [];
  answerChatApi({ conversations: conversationsApi, messages: messagesApi, streamReply }, (stream) =>
    streams.push(stream),
  );
  vi.mocked(preferencesApi.getPreferences).mockResolvedValue({});
  vi.mocked(plansApi.listPlans).mockResolvedValue([]);
});

afterEach(() => {
  vi.resetAllMocks();
});

function renderChat() {
  return render(
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
}

const textbox = () => screen.getByRole('textbox', { name: 'Message' });

// The first render of the whole chat screen in jsdom loads its modules: seconds on a busy machine.
describe("a new chat's first word", { timeout: 20_000 }, () => {
  it('streams into the chat the message created, with nothing read again when its URL changes', async () => {
    renderChat();
    await screen.findByText('No conversations yet.');
    await userEvent.type(textbox(), 'Hello there{Enter}');
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]?.callbacks.onStatus?.('streaming', 'reply-1');
    streams[0]?.callbacks.onData('Echo: Hello');
    expect(await screen.findByText('Echo: Hello')).toBeTruthy();

    // One stream, and the conversation just created (it has no messages or plans but these) is not
    // read from the API when it becomes the URL's: that would compete with the stream's first delta.
    expect(streams).toHaveLength(1);
    expect(streams[0]?.query.conversationId).toBe('new-1');
    expect(messagesApi.listMessages).not.toHaveBeenCalled();
    expect(plansApi.listPlans).not.toHaveBeenCalled();
  });

  it('loads the Markdown parser as soon as the message box is used, before the first reply', async () => {
    renderChat();
    await screen.findByText('No conversations yet.');
    expect(markdown.preloadMarkdown).not.toHaveBeenCalled();
    await userEvent.click(textbox());
    expect(markdown.preloadMarkdown).toHaveBeenCalled();
  });
});
