import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastRegion } from '../../../components/toast/toast-region';
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
import type { ServerAttachment } from '../hooks/use-server-attachment';
import { ChatScreen } from './chat-screen';

vi.mock('../api/conversations');
vi.mock('../api/messages');
vi.mock('../api/stream-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/stream-client')>()),
  streamReply: vi.fn(),
}));

const providers = readyProviders();

let stream: OpenedStream;

/** A stand-in for the servers feature: shows the chat's servers and changes them on request. */
function Controls({ server }: { server: ServerAttachment }) {
  return (
    <div>
      <span data-testid="attached">{server.serverIds.join(',') || 'none'}</span>
      <button type="button" onClick={() => server.attach('srv-1')}>
        Attach srv-1
      </button>
      <button type="button" onClick={() => server.toggle('srv-2')}>
        Toggle srv-2
      </button>
      <button type="button" onClick={() => server.clear()}>
        Detach
      </button>
    </div>
  );
}

function renderChat(props: Partial<Parameters<typeof ChatScreen>[0]> = {}) {
  return render(
    <ChatHarness>
      <ChatScreen
        providers={providers}
        email="ada@example.com"
        hasUser
        onOpenSettings={vi.fn()}
        onSignOut={vi.fn()}
        signingOut={false}
        serverControls={(server) => <Controls server={server} />}
        serversView={() => <p>The servers</p>}
        {...props}
      />
      <ToastRegion />
    </ChatHarness>,
  );
}

const textbox = () => screen.getByRole('textbox', { name: 'Message' });
const attached = () => screen.getByTestId('attached').textContent;
const endReply = () =>
  act(() =>
    stream.callbacks.onEnd({
      status: 'completed',
      messageId: 'm1',
      provider: 'custom:k1',
      model: 'llama3.2:latest',
      timestamp: 3,
    }),
  );

beforeEach(() => {
  answerChatApi({ conversations: conversationsApi, messages: messagesApi, streamReply }, (opened) => {
    stream = opened;
  });
});

afterEach(() => {
  vi.resetAllMocks();
});

describe('ChatScreen with MCP servers', () => {
  it('toggles the sidebar between the chats and the Servers view', async () => {
    renderChat();
    await screen.findByText('No conversations yet.');
    await userEvent.click(screen.getByRole('tab', { name: 'Servers' }));
    expect(screen.getByText('The servers')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Conversations' })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Chats' }));
    expect(screen.getByRole('navigation', { name: 'Conversations' })).toBeTruthy();
  });

  it("sends the new chat's server as the stream's mcpServerIds, and keeps it on the conversation", async () => {
    renderChat();
    await screen.findByText('No conversations yet.');
    expect(attached()).toBe('none');
    await userEvent.click(screen.getByRole('button', { name: 'Attach srv-1' }));
    expect(attached()).toBe('srv-1');
    await userEvent.type(textbox(), 'Use the tools{Enter}');
    await waitFor(() => expect(streamReply).toHaveBeenCalled());
    expect(stream.query).toEqual({
      conversationId: 'new-1',
      provider: 'custom:k1',
      model: 'llama3.2:latest',
      mcpServerIds: 'srv-1',
    });
    // The conversation now has the server, as the API records it with the reply.
    expect(attached()).toBe('srv-1');
    expect(conversationsApi.updateConversationServers).not.toHaveBeenCalled();
  });

  it("uses a loaded conversation's server, and no server when it has none", async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([
      conversation('c2', { updatedAt: 2 }),
      conversation('c1', { mcpServerIds: ['srv-9'] }),
    ]);
    renderChat();
    await screen.findByRole('button', { name: 'Chat c2' });
    expect(attached()).toBe('none');
    await userEvent.type(textbox(), 'Plain{Enter}');
    await waitFor(() => expect(streamReply).toHaveBeenCalled());
    expect(stream.query.mcpServerIds).toBeUndefined();
    endReply();

    await userEvent.click(screen.getByRole('button', { name: 'Chat c1' }));
    expect(attached()).toBe('srv-9');
    await userEvent.type(textbox(), 'With tools{Enter}');
    await waitFor(() => expect(streamReply).toHaveBeenCalledTimes(2));
    expect(stream.query.mcpServerIds).toBe('srv-9');
    expect(conversationsApi.updateConversationServers).not.toHaveBeenCalled();
  });

  it("detaches a conversation's server at once and saves that on the conversation", async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([
      conversation('c1', { mcpServerIds: ['srv-9'] }),
    ]);
    renderChat();
    await screen.findByRole('button', { name: 'Chat c1', current: 'page' });
    expect(attached()).toBe('srv-9');
    await userEvent.click(screen.getByRole('button', { name: 'Detach' }));
    expect(attached()).toBe('none');
    expect(conversationsApi.updateConversationServers).toHaveBeenCalledExactlyOnceWith(
      'c1',
      { defaultProvider: 'custom:k1', defaultModel: 'llama3.2:latest' },
      [],
    );
    await userEvent.type(textbox(), 'No tools{Enter}');
    await waitFor(() => expect(streamReply).toHaveBeenCalled());
    expect(stream.query.mcpServerIds).toBeUndefined();
    expect(attached()).toBe('none');
  });

  it('attaches a server to a conversation at once and saves it on the conversation', async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([conversation('c1')]);
    renderChat();
    await screen.findByRole('button', { name: 'Chat c1', current: 'page' });
    expect(attached()).toBe('none');
    await userEvent.click(screen.getByRole('button', { name: 'Attach srv-1' }));
    expect(attached()).toBe('srv-1');
    expect(conversationsApi.updateConversationServers).toHaveBeenCalledExactlyOnceWith(
      'c1',
      { defaultProvider: 'custom:k1', defaultModel: 'llama3.2:latest' },
      ['srv-1'],
    );
    // Picking the server it has already saves nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Attach srv-1' }));
    expect(conversationsApi.updateConversationServers).toHaveBeenCalledOnce();
    await userEvent.type(textbox(), 'Tools{Enter}');
    await waitFor(() => expect(streamReply).toHaveBeenCalled());
    expect(stream.query.mcpServerIds).toBe('srv-1');
  });

  it("adds a second server to a conversation's, saves both in order and streams with both", async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([
      conversation('c1', { mcpServerIds: ['srv-9'] }),
    ]);
    renderChat();
    await screen.findByRole('button', { name: 'Chat c1', current: 'page' });
    await userEvent.click(screen.getByRole('button', { name: 'Toggle srv-2' }));
    expect(attached()).toBe('srv-9,srv-2');
    expect(conversationsApi.updateConversationServers).toHaveBeenLastCalledWith(
      'c1',
      { defaultProvider: 'custom:k1', defaultModel: 'llama3.2:latest' },
      ['srv-9', 'srv-2'],
    );
    // Ticked off again: the first stays.
    await userEvent.click(screen.getByRole('button', { name: 'Toggle srv-2' }));
    expect(attached()).toBe('srv-9');
    expect(conversationsApi.updateConversationServers).toHaveBeenLastCalledWith(
      'c1',
      { defaultProvider: 'custom:k1', defaultModel: 'llama3.2:latest' },
      ['srv-9'],
    );
    await userEvent.click(screen.getByRole('button', { name: 'Toggle srv-2' }));
    await userEvent.type(textbox(), 'Both{Enter}');
    await waitFor(() => expect(streamReply).toHaveBeenCalled());
    expect(stream.query.mcpServerIds).toBe('srv-9,srv-2');
  });

  it('puts the previous server back and says why when saving the change fails', async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([
      conversation('c1', { mcpServerIds: ['srv-9'] }),
    ]);
    let fail: (error: Error) => void = () => undefined;
    vi.mocked(conversationsApi.updateConversationServers).mockReturnValue(
      new Promise((_resolve, reject) => (fail = reject)),
    );
    renderChat();
    await screen.findByRole('button', { name: 'Chat c1', current: 'page' });
    await userEvent.click(screen.getByRole('button', { name: 'Detach' }));
    expect(attached()).toBe('none');
    await act(async () => fail(new Error('Internal server error')));
    expect(attached()).toBe('srv-9');
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain("Failed to change the chat's server");
    expect(toast.textContent).toContain('Internal server error');
  });

  it('says when the reply waits for its MCP server to start', async () => {
    renderChat();
    await screen.findByText('No conversations yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Attach srv-1' }));
    await userEvent.type(textbox(), 'Tools{Enter}');
    await waitFor(() => expect(streamReply).toHaveBeenCalled());
    // The client's own 'connecting' (opening the stream) says nothing.
    expect(screen.queryByText('Starting the MCP server…')).toBeNull();
    act(() => stream.callbacks.onStatus?.('streaming', 'm1'));
    act(() => stream.callbacks.onStatus?.('connecting', 'm1'));
    expect(screen.getByRole('status', { name: 'Starting the MCP server…' })).toBeTruthy();
    act(() => stream.callbacks.onData('Done'));
    act(() => stream.callbacks.onStatus?.('streaming', 'm1'));
    expect(screen.queryByText('Starting the MCP server…')).toBeNull();
  });

  it('names the servers being started, as each one’s `connecting` status says', async () => {
    renderChat();
    await screen.findByText('No conversations yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Attach srv-1' }));
    await userEvent.type(textbox(), 'Tools{Enter}');
    await waitFor(() => expect(streamReply).toHaveBeenCalled());
    act(() => stream.callbacks.onStatus?.('streaming', 'm1'));
    act(() => stream.callbacks.onStatus?.('connecting', 'm1', 'Alpha Tools'));
    expect(screen.getByRole('status', { name: "Starting the MCP server 'Alpha Tools'…" })).toBeTruthy();
    act(() => stream.callbacks.onStatus?.('connecting', 'm1', 'Beta Tools'));
    act(() => stream.callbacks.onStatus?.('connecting', 'm1', 'Alpha Tools'));
    expect(
      screen.getByRole('status', { name: "Starting the MCP servers 'Alpha Tools' and 'Beta Tools'…" }),
    ).toBeTruthy();
    act(() => stream.callbacks.onData('Done'));
    act(() => stream.callbacks.onStatus?.('streaming', 'm1'));
    expect(screen.queryByText(/Starting the MCP server/)).toBeNull();
    // A later start in the same reply names only the server starting then.
    act(() => stream.callbacks.onStatus?.('connecting', 'm1', 'Beta Tools'));
    expect(screen.getByRole('status', { name: "Starting the MCP server 'Beta Tools'…" })).toBeTruthy();
  });

  it('reports the stream status as it changes, and null once the reply is over', async () => {
    const onStreamStatus = vi.fn();
    renderChat({ onStreamStatus });
    await screen.findByText('No conversations yet.');
    expect(onStreamStatus).not.toHaveBeenCalled();
    await userEvent.type(textbox(), 'Hi{Enter}');
    await waitFor(() => expect(onStreamStatus).toHaveBeenCalledWith('connecting'));
    act(() => stream.callbacks.onStatus?.('streaming', 'm1'));
    act(() =>
      stream.callbacks.onEnd({
        status: 'completed',
        messageId: 'm1',
        provider: 'custom:k1',
        model: 'llama3.2:latest',
        timestamp: 3,
      }),
    );
    expect(onStreamStatus).toHaveBeenLastCalledWith(null);
  });

  it('shows tool calls live: name, input, then result or error', async () => {
    renderChat();
    await screen.findByText('No conversations yet.');
    await userEvent.type(textbox(), 'Echo please{Enter}');
    await waitFor(() => expect(streamReply).toHaveBeenCalled());
    act(() => stream.callbacks.onStatus?.('streaming', 'm1'));
    act(() =>
      stream.callbacks.onEvent?.({
        type: 'tool_use_received',
        toolCallId: 't1',
        name: 'echo',
        input: { message: 'hi' },
      }),
    );
    act(() =>
      stream.callbacks.onEvent?.({
        type: 'tool_call',
        toolCallId: 't1',
        name: 'echo',
        input: { message: 'hi' },
      }),
    );
    const reply = screen.getByRole('article', { name: 'Reply' });
    const call = within(reply).getByText('echo').closest('details') as HTMLElement;
    expect(within(call).getByText('Calling')).toBeTruthy();
    // Its input and result are rendered once it is opened.
    await userEvent.click(within(call).getByText('echo'));
    expect(within(call).getByText(/"message": "hi"/)).toBeTruthy();

    act(() =>
      stream.callbacks.onEvent?.({
        type: 'tool_execution_success',
        toolCallId: 't1',
        name: 'echo',
        result: 'Echo: hi',
      }),
    );
    act(() =>
      stream.callbacks.onEvent?.({ type: 'tool_result', toolCallId: 't1', name: 'echo', result: 'Echo: hi' }),
    );
    expect(within(call).getByText('Success')).toBeTruthy();
    expect(within(call).getByText('Echo: hi')).toBeTruthy();

    act(() =>
      stream.callbacks.onEvent?.({ type: 'tool_use_received', toolCallId: 't2', name: 'add', input: {} }),
    );
    act(() =>
      stream.callbacks.onEvent?.({
        type: 'tool_execution_error',
        toolCallId: 't2',
        name: 'add',
        error: 'boom',
      }),
    );
    act(() =>
      stream.callbacks.onEvent?.({
        type: 'tool_error',
        toolCallId: 't2',
        name: 'add',
        error: 'Error executing tool add: boom',
      }),
    );
    const failed = within(reply).getByText('add').closest('details') as HTMLElement;
    expect(within(failed).getByRole('alert').textContent).toBe('Error executing tool add: boom');
  });

  it('shows the tool calls of the history', async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([
      conversation('c1', { mcpServerIds: ['srv-1'] }),
    ]);
    vi.mocked(messagesApi.listMessages).mockResolvedValue({
      messages: [
        { id: 'u1', conversationId: 'c1', role: 'user', content: 'Echo', timestamp: 1 },
        {
          id: 'a1',
          conversationId: 'c1',
          role: 'assistant',
          content: 'Tool echo said: Echo: hi',
          timestamp: 2,
          toolCalls: [
            { id: 't1', name: 'echo', status: 'success', input: { message: 'hi' }, result: 'Echo: hi' },
            { id: 't2', name: 'fail', status: 'error', input: {} },
          ],
        },
      ],
    });
    renderChat();
    const reply = await screen.findByRole('article', { name: 'Reply' });
    const call = within(reply).getByText('echo').closest('details') as HTMLElement;
    expect(within(call).getByText('Success')).toBeTruthy();
    await userEvent.click(within(call).getByText('echo'));
    expect(within(call).getByText('Echo: hi')).toBeTruthy();
    const failed = within(reply).getByText('fail').closest('details') as HTMLElement;
    expect(within(failed).getByRole('alert').textContent).toBe('Error executing tool fail: Unknown error');
  });

  it('offers Always allow on a paused call only to who may configure the space’s servers (not a team’s User)', async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([
      conversation('c1', { mcpServerIds: ['srv-1'], teamId: 'team-1' }),
    ]);
    vi.mocked(messagesApi.listMessages).mockResolvedValue({
      messages: [
        { id: 'u1', conversationId: 'c1', role: 'user', content: 'Write it', timestamp: 1 },
        {
          id: 'a1',
          conversationId: 'c1',
          role: 'assistant',
          content: '',
          timestamp: 2,
          toolApproval: {
            toolCallId: 't1',
            name: 'write_file',
            input: { path: 'a.md' },
            serverId: 'srv-1',
            state: 'pending',
          },
        },
      ],
    });
    // A team's User: the home screen gives no server configuration.
    const user = renderChat();
    const card = await screen.findByRole('region', { name: 'Allow the tool write_file?' });
    expect(within(card).getByRole('button', { name: 'Allow once' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Deny' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Always allow' })).toBeNull();
    user.unmount();

    // The space's Admin (or one's own space) configures its servers, and may always allow.
    renderChat({ serverConfig: () => null });
    const adminCard = await screen.findByRole('region', { name: 'Allow the tool write_file?' });
    expect(within(adminCard).getByRole('button', { name: 'Always allow' })).toBeTruthy();
  });
});
