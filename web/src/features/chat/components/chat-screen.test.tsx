import { CHAT_MESSAGES, ROUTER_MESSAGES } from '@agentforge/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastRegion } from '../../../components/toast/toast-region';
import { ApiError } from '../../../lib/api-error';
import {
  answerChatApi,
  ChatHarness,
  conversation,
  message,
  type OpenedStream,
  readyProviders as ready,
} from '../../../testing/chat-fixture';
import * as preferencesApi from '../../settings/api/preferences';
import * as conversationsApi from '../api/conversations';
import * as messagesApi from '../api/messages';
import { streamReply } from '../api/stream-client';
import { StreamError } from '../api/stream-error';
import { RENAME_FAILED } from '../hooks/use-chat';
import { ChatScreen } from './chat-screen';

vi.mock('../api/conversations');
vi.mock('../api/messages');
vi.mock('../../settings/api/preferences');
vi.mock('../api/stream-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/stream-client')>()),
  streamReply: vi.fn(),
}));

/** The reply stream the chat opened last, driven by the test. */
let stream: OpenedStream;

function renderChat(props: Partial<Parameters<typeof ChatScreen>[0]> = {}, path = '/home') {
  return render(
    <ChatHarness path={path}>
      <ToastRegion />
      <ChatScreen
        providers={ready()}
        email="ada@example.com"
        hasUser
        onOpenSettings={vi.fn()}
        onSignOut={vi.fn()}
        signingOut={false}
        {...props}
      />
    </ChatHarness>,
  );
}

const textbox = () => screen.getByRole('textbox', { name: 'Message' });
const replies = () => screen.getAllByRole('article', { name: 'Reply' });

beforeEach(() => {
  answerChatApi({ conversations: conversationsApi, messages: messagesApi, streamReply }, (opened) => {
    stream = opened;
  });
  vi.mocked(preferencesApi.getPreferences).mockResolvedValue({});
});

afterEach(() => {
  vi.resetAllMocks();
});

describe('ChatScreen', () => {
  it("lists conversations newest first, or says 'No conversations yet.'", async () => {
    const { unmount } = renderChat();
    expect(await screen.findByText('No conversations yet.')).toBeTruthy();
    unmount();

    vi.mocked(conversationsApi.listConversations).mockResolvedValue([conversation('c2'), conversation('c1')]);
    renderChat();
    const list = await screen.findByRole('navigation', { name: 'Conversations' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(
      within(list)
        .getAllByRole('button', { name: /^Chat / })
        .map((b) => b.textContent),
    ).toEqual(['Chat c2', 'Chat c1']);
  });

  it('falls back to the first available provider and model and saves it to the conversation', async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([
      conversation('c1', {
        metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
      }),
    ]);
    renderChat();
    await waitFor(() =>
      expect(conversationsApi.updateConversationMetadata).toHaveBeenCalledWith('c1', {
        defaultProvider: 'custom:k1',
        defaultModel: 'llama3.2:latest',
      }),
    );
    expect(screen.getByRole('button', { name: /Llama 3\.2/ })).toBeTruthy();
    expect(conversationsApi.updateConversationMetadata).toHaveBeenCalledOnce();
  });

  it("shows 'Failed to load available providers'", () => {
    renderChat({ providers: { status: 'error', providers: [], reload: vi.fn() } });
    expect(screen.getByText('Failed to load available providers')).toBeTruthy();
  });

  it("shows 'Failed to load messages: {reason}' as an error message in the chat", async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([conversation('c1')]);
    vi.mocked(messagesApi.listMessages).mockRejectedValue(
      new ApiError('Service unavailable', { status: 503 }),
    );
    renderChat();
    const error = await screen.findByRole('alert');
    expect(error.textContent).toBe('Failed to load messages: Service unavailable');
    expect(within(replies()[0] as HTMLElement).getByRole('alert')).toBe(error);
  });

  it('opens the conversation the URL names, and the not-found screen for one the user does not have', async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([conversation('c2'), conversation('c1')]);
    vi.mocked(messagesApi.listMessages).mockImplementation(async (id) => {
      if (id !== 'c1') throw new ApiError('Conversation not found', { status: 404 });
      return {
        messages: [{ id: 'm1', conversationId: 'c1', role: 'user', content: 'Hello from c1', timestamp: 1 }],
      };
    });
    const first = renderChat({}, '/home/c/c1');
    expect(await screen.findByText('Hello from c1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Chat c1', current: 'page' })).toBeTruthy();
    first.unmount();

    renderChat({}, '/home/c/someone-elses');
    expect(await screen.findByText(ROUTER_MESSAGES.notFound)).toBeTruthy();
  });

  it("creates the conversation with its first message in one request, streams at once, and shows the model's title", async () => {
    renderChat();
    await screen.findByText('No conversations yet.');
    await userEvent.type(textbox(), 'Hello model{Enter}');

    expect(conversationsApi.createConversation).toHaveBeenCalledWith(
      'New Conversation',
      { defaultProvider: 'custom:k1', defaultModel: 'llama3.2:latest' },
      undefined,
      'Hello model',
    );
    await waitFor(() => expect(streamReply).toHaveBeenCalled());
    // The message came with the conversation: no second request before the stream.
    expect(messagesApi.createMessage).not.toHaveBeenCalled();
    expect(stream.query).toEqual({
      conversationId: 'new-1',
      provider: 'custom:k1',
      model: 'llama3.2:latest',
    });
    expect(await screen.findByText('Hello model')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Conversation' })).toBeTruthy();

    act(() => stream.callbacks.onStatus?.('streaming', 'm-1'));
    act(() => stream.callbacks.onData('Hi '));
    act(() => stream.callbacks.onData('there'));
    expect(screen.getByText('Hi there')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop Generating' })).toBeTruthy();

    act(() =>
      stream.callbacks.onEnd({
        status: 'completed',
        messageId: 'm-1',
        provider: 'custom:k1',
        model: 'llama3.2:latest',
        timestamp: 2,
      }),
    );
    expect(screen.queryByRole('button', { name: 'Stop Generating' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy message' })).toBeTruthy();
    // The model's title follows the end on the same stream: the sidebar shows it without a reload.
    act(() => stream.callbacks.onTitle?.('Greeting the model', 'new-1'));
    expect(await screen.findByRole('button', { name: 'Greeting the model' })).toBeTruthy();
  });

  it('starts a new conversation with the model settings of the preferences', async () => {
    vi.mocked(preferencesApi.getPreferences).mockResolvedValue({
      defaultSettings: { systemPrompt: 'Answer in French.', temperature: 0.2 },
    });
    renderChat();
    await screen.findByText('No conversations yet.');
    await userEvent.type(textbox(), 'Hello model{Enter}');
    await waitFor(() =>
      expect(conversationsApi.createConversation).toHaveBeenCalledWith(
        'New Conversation',
        { defaultProvider: 'custom:k1', defaultModel: 'llama3.2:latest' },
        { systemPrompt: 'Answer in French.', temperature: 0.2 },
        'Hello model',
      ),
    );
  });

  it("regenerates the last reply: a new alternative streamed with replaceFrom, the old one kept ('< 2/2 >')", async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([conversation('c1')]);
    vi.mocked(messagesApi.listMessages).mockResolvedValue({
      messages: [
        message({ id: 'm1', role: 'user', content: 'Name a colour' }),
        message({
          id: 'm2',
          role: 'assistant',
          content: 'Blue',
          provider: 'custom:k1',
          model: 'llama3.2:latest',
        }),
      ],
    });
    renderChat({}, '/home/c/c1');
    await screen.findByText('Blue');
    // Only the last reply can be regenerated.
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate reply' }));

    expect(stream.query).toEqual({
      conversationId: 'c1',
      provider: 'custom:k1',
      model: 'llama3.2:latest',
      replaceFrom: 'm2',
    });
    expect(screen.queryByText('Blue')).toBeNull();
    expect(screen.getByText('Name a colour')).toBeTruthy();
    expect(messagesApi.createMessage).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Regenerate reply' })).toBeNull();

    act(() => stream.callbacks.onStatus?.('streaming', 'm3'));
    act(() => stream.callbacks.onData('Green'));
    vi.mocked(messagesApi.listMessages).mockResolvedValue({
      messages: [
        message({ id: 'm1', role: 'user', content: 'Name a colour' }),
        message({ id: 'm3', role: 'assistant', content: 'Green (saved)', siblingIds: ['m2', 'm3'] }),
      ],
    });
    act(() =>
      stream.callbacks.onEnd({
        status: 'completed',
        messageId: 'm3',
        provider: 'custom:k1',
        model: 'llama3.2:latest',
        timestamp: 3,
      }),
    );
    // The messages are read back once it is over, with the old reply one alternative away.
    expect(await screen.findByText('Green (saved)')).toBeTruthy();
    expect(replies()).toHaveLength(1);
    const alternatives = within(replies()[0] as HTMLElement).getByRole('group', {
      name: 'Alternative 2 of 2',
    });
    expect(alternatives.textContent).toBe('2/2');
  });

  it('edits and resends a message: saved first as its sibling, then streamed by ids only; the later turns leave the view; Escape cancels; an empty edit is refused', async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([conversation('c1')]);
    vi.mocked(messagesApi.listMessages).mockResolvedValue({
      messages: [
        message({ id: 'm1', role: 'user', content: 'Name a colour' }),
        message({ id: 'm2', role: 'assistant', content: 'Blue' }),
        message({ id: 'm3', role: 'user', content: 'Another' }),
        message({ id: 'm4', role: 'assistant', content: 'Red' }),
      ],
    });
    renderChat({}, '/home/c/c1');
    await screen.findByText('Red');
    const edits = screen.getAllByRole('button', { name: 'Edit message' });
    expect(edits).toHaveLength(2);

    await userEvent.click(edits[0] as HTMLElement);
    const form = screen.getByRole('form', { name: 'Edit message' });
    const field = within(form).getByRole('textbox', { name: 'Your message' });
    expect(document.activeElement).toBe(field);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Edit message' })).toBeNull();
    expect(streamReply).not.toHaveBeenCalled();

    await userEvent.click(screen.getAllByRole('button', { name: 'Edit message' })[0] as HTMLElement);
    const again = within(screen.getByRole('form', { name: 'Edit message' }));
    await userEvent.clear(again.getByRole('textbox', { name: 'Your message' }));
    await userEvent.click(again.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(CHAT_MESSAGES.emptyMessage)).toBeTruthy();
    expect(streamReply).not.toHaveBeenCalled();

    await userEvent.type(again.getByRole('textbox', { name: 'Your message' }), 'Name a fruit');
    await userEvent.click(again.getByRole('button', { name: 'Send' }));
    // The text goes in a body, as a new message beside the edited one (the same parent: none).
    expect(messagesApi.createMessage).toHaveBeenCalledWith({
      conversationId: 'c1',
      provider: 'custom:k1',
      model: 'llama3.2:latest',
      content: 'Name a fruit',
      role: 'user',
      parentId: null,
    });
    await waitFor(() => expect(streamReply).toHaveBeenCalled());
    expect(stream.query).toEqual({ conversationId: 'c1', provider: 'custom:k1', model: 'llama3.2:latest' });
    expect(screen.queryByRole('form', { name: 'Edit message' })).toBeNull();
    expect(screen.getByText('Name a fruit')).toBeTruthy();
    for (const gone of ['Name a colour', 'Blue', 'Another', 'Red'])
      expect(screen.queryByText(gone)).toBeNull();
  });

  it("appends '[Error saving this message]' when the message cannot be saved, and says why instead of a reply", async () => {
    vi.mocked(messagesApi.createMessage).mockRejectedValue(new ApiError('Server error', { status: 500 }));
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([conversation('c1')]);
    renderChat({}, '/home/c/c1');
    await screen.findByRole('button', { name: conversation('c1').title });
    await userEvent.type(textbox(), 'Hello{Enter}');
    expect(await screen.findByText('[Error saving this message]')).toBeTruthy();
    // The stream names the saved message by id (text never travels in a URL): no stream without it.
    expect(await within(replies()[0] as HTMLElement).findByText(/Server error/)).toBeTruthy();
    expect(streamReply).not.toHaveBeenCalled();
  });

  it('keeps the turns when the edited text cannot be saved, and says why', async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([conversation('c1')]);
    vi.mocked(messagesApi.listMessages).mockResolvedValue({
      messages: [
        message({ id: 'm1', role: 'user', content: 'Name a colour' }),
        message({ id: 'm2', role: 'assistant', content: 'Blue' }),
      ],
    });
    vi.mocked(messagesApi.createMessage).mockRejectedValue(
      new ApiError('Message not found', { status: 404 }),
    );
    renderChat({}, '/home/c/c1');
    await screen.findByText('Blue');
    await userEvent.click(screen.getByRole('button', { name: 'Edit message' }));
    const form = within(screen.getByRole('form', { name: 'Edit message' }));
    await userEvent.clear(form.getByRole('textbox', { name: 'Your message' }));
    await userEvent.type(form.getByRole('textbox', { name: 'Your message' }), 'Name a fruit');
    await userEvent.click(form.getByRole('button', { name: 'Send' }));
    // Read back from the server: the turns as they were.
    expect(await screen.findByText('Blue')).toBeTruthy();
    expect(streamReply).not.toHaveBeenCalled();
  });

  it("shows 'Could not start chat: {reason}' when the conversation cannot be created", async () => {
    vi.mocked(conversationsApi.createConversation).mockRejectedValue(
      new ApiError('Forbidden', { status: 403 }),
    );
    renderChat();
    await screen.findByText('No conversations yet.');
    await userEvent.type(textbox(), 'Hello{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Could not start chat: Forbidden');
    expect((textbox() as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('marks a failed reply as an error, and a failure to start as such', async () => {
    renderChat();
    await screen.findByText('No conversations yet.');
    await userEvent.type(textbox(), 'One{Enter}');
    await waitFor(() => expect(streamReply).toHaveBeenCalled());
    act(() => stream.callbacks.onData('Partial'));
    act(() => stream.callbacks.onError(new StreamError('Model not found', 'stream')));
    const failed = within(replies()[0] as HTMLElement).getByRole('alert');
    expect(failed.textContent).toBe('Partial\nError: Model not found');
    expect(within(failed).getByText('Error:').tagName).toBe('STRONG');

    await userEvent.type(textbox(), 'Two{Enter}');
    await waitFor(() => expect(streamReply).toHaveBeenCalledTimes(2));
    act(() => stream.callbacks.onError(new StreamError('Failed to initiate stream', 'initiate')));
    expect(within(replies()[1] as HTMLElement).getByRole('alert').textContent).toBe(
      'Error: Failed to start response generation.',
    );
  });

  it("stops a reply: '[Streaming stopped]', the stop call and an aborted stream", async () => {
    renderChat();
    await screen.findByText('No conversations yet.');
    await userEvent.type(textbox(), 'Count{Enter}');
    await waitFor(() => expect(streamReply).toHaveBeenCalled());
    act(() => stream.callbacks.onStatus?.('streaming', 'm-7'));
    act(() => stream.callbacks.onData('w1 w2'));

    await userEvent.click(screen.getByRole('button', { name: 'Stop Generating' }));
    expect(screen.getByText('[Streaming stopped]')).toBeTruthy();
    // With how much of the reply the user saw ('w1 w2'): what the server keeps.
    expect(messagesApi.stopMessage).toHaveBeenCalledWith('new-1', 'm-7', 5);
    expect(stream.signal?.aborted).toBe(true);
    expect(screen.queryByRole('button', { name: 'Stop Generating' })).toBeNull();
    // Later events are ignored.
    act(() => stream.callbacks.onData(' w3'));
    expect(screen.getByText('w1 w2')).toBeTruthy();
  });

  describe('refuses to send', () => {
    it("an empty message: 'Please enter a message.'", async () => {
      renderChat();
      await screen.findByText('No conversations yet.');
      await userEvent.type(textbox(), '   {Enter}');
      expect(screen.getByRole('alert').textContent).toBe('Please enter a message.');
      expect(conversationsApi.createConversation).not.toHaveBeenCalled();
    });

    it("without a user: 'User information is missing. Cannot send message.'", async () => {
      renderChat({ hasUser: false });
      await screen.findByText('No conversations yet.');
      await userEvent.type(textbox(), 'Hi{Enter}');
      expect(screen.getByRole('alert').textContent).toBe('User information is missing. Cannot send message.');
    });

    it("while a reply streams: 'Please wait for the current operation to complete.'", async () => {
      renderChat();
      await screen.findByText('No conversations yet.');
      await userEvent.type(textbox(), 'One{Enter}');
      await waitFor(() => expect(streamReply).toHaveBeenCalled());
      expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
      await userEvent.type(textbox(), 'Two{Enter}');
      expect(screen.getByRole('alert').textContent).toBe(
        'Please wait for the current operation to complete.',
      );
      expect(streamReply).toHaveBeenCalledOnce();
    });
  });

  it('deletes a conversation after a confirmation', async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([conversation('c1')]);
    vi.mocked(conversationsApi.deleteConversation).mockResolvedValue();
    renderChat();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete conversation Chat c1' }));
    expect(conversationsApi.deleteConversation).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No conversations yet.')).toBeTruthy();
    expect(conversationsApi.deleteConversation).toHaveBeenCalledWith('c1');
  });

  it('renames a conversation in place: Enter saves, Escape cancels, a failure puts the old title back', {
    timeout: 20_000,
  }, async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([conversation('c1')]);
    vi.mocked(conversationsApi.renameConversation).mockResolvedValueOnce();
    renderChat();
    await userEvent.click(await screen.findByRole('button', { name: 'Rename conversation Chat c1' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Conversation title' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Conversation title' }), 'Trip plans{Enter}');
    expect(await screen.findByRole('button', { name: 'Trip plans' })).toBeTruthy();
    // A rename keeps the conversation's time: it is not activity.
    expect(conversationsApi.renameConversation).toHaveBeenCalledExactlyOnceWith(
      conversation('c1'),
      'Trip plans',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Rename conversation Trip plans' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Conversation title' }), 'ignored{Escape}');
    expect(screen.getByRole('button', { name: 'Trip plans' })).toBeTruthy();
    expect(conversationsApi.renameConversation).toHaveBeenCalledOnce();

    vi.mocked(conversationsApi.renameConversation).mockRejectedValueOnce(
      new ApiError('Nope', { status: 500 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Rename conversation Trip plans' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Conversation title' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Conversation title' }), 'Trip plans 2{Enter}');
    expect(await screen.findByRole('button', { name: 'Trip plans' })).toBeTruthy();
    expect(await screen.findByText(RENAME_FAILED)).toBeTruthy();
    expect(conversationsApi.renameConversation).toHaveBeenLastCalledWith(
      conversation('c1', { title: 'Trip plans', name: 'Trip plans' }),
      'Trip plans 2',
    );
  });

  it('pins a conversation to the top of the list and unpins it', async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([
      conversation('c2', { updatedAt: 2 }),
      conversation('c1', { updatedAt: 1 }),
    ]);
    vi.mocked(conversationsApi.pinConversation).mockResolvedValue();
    renderChat();
    const order = () =>
      within(screen.getByRole('navigation', { name: 'Conversations' }))
        .getAllByRole('listitem')
        .map((item) => item.firstElementChild?.textContent);
    await screen.findByRole('button', { name: 'Pin conversation Chat c1' });
    expect(order()).toEqual(['Chat c2', 'Chat c1']);

    await userEvent.click(screen.getByRole('button', { name: 'Pin conversation Chat c1' }));
    expect(order()).toEqual(['Pinned: Chat c1', 'Chat c2']);
    expect(conversationsApi.pinConversation).toHaveBeenCalledWith(conversation('c1', { updatedAt: 1 }), true);

    await userEvent.click(screen.getByRole('button', { name: 'Unpin conversation Chat c1' }));
    expect(order()).toEqual(['Chat c2', 'Chat c1']);
    expect(conversationsApi.pinConversation).toHaveBeenLastCalledWith(
      { ...conversation('c1', { updatedAt: 1 }), pinnedAt: expect.any(Number) },
      false,
    );
  });

  it('offers the five modes, Direct Chat first', () => {
    renderChat();
    const tabs = screen.getAllByRole('tab') as HTMLButtonElement[];
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Direct Chat',
      'MCP Server',
      'Single Agent',
      'Multi Agent',
      'Generic Agent',
    ]);
    expect(tabs.some((tab) => tab.disabled)).toBe(false);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
  });

  it("heads an agent step's message with its step, also from the history", async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([conversation('c1')]);
    vi.mocked(messagesApi.listMessages).mockResolvedValue({
      messages: [
        {
          id: 'm2',
          conversationId: 'c1',
          role: 'assistant',
          content: 'The answer',
          timestamp: 2,
          agentStep: { planId: 'p1', stepId: 's2', index: 2, description: 'Write it up', role: 'writer' },
        },
      ],
    });
    renderChat({}, '/home/c/c1');
    expect(await screen.findByText('Step 2 · Write it up (writer)')).toBeTruthy();
    expect(within(replies()[0] as HTMLElement).getByText('The answer')).toBeTruthy();
  });

  it('sends a team member from the chat address of a conversation shared with them to its read-only page', async () => {
    vi.mocked(conversationsApi.getConversation).mockResolvedValue(
      conversation('theirs', {
        userId: 'author',
        sharedView: { teamId: 't1', teamName: 'Acme', authorEmail: 'author@example.com' },
      }),
    );
    renderChat({}, '/home/c/theirs');
    expect(await screen.findByText('Left the chat')).toBeTruthy();
    expect(conversationsApi.getConversation).toHaveBeenCalledWith('theirs');
  });
});
