import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

const question = message({ id: 'm1', role: 'user', content: 'Name a colour' });
/** The thread with the reply `id` of the alternatives m2 (Blue, then 'And a fruit?') and m4 (Green). */
function branchOf(id: 'm2' | 'm4') {
  const siblingIds = ['m2', 'm4'];
  return id === 'm2'
    ? [
        question,
        message({ id: 'm2', role: 'assistant', content: 'Blue', siblingIds }),
        message({ id: 'm3', role: 'user', content: 'And a fruit?' }),
        message({ id: 'm5', role: 'assistant', content: 'Apple' }),
      ]
    : [question, message({ id: 'm4', role: 'assistant', content: 'Green', siblingIds })];
}

function renderChat() {
  return render(
    <ChatHarness path="/home/c/c1">
      <ChatScreen
        providers={ready()}
        email="ada@example.com"
        hasUser
        onOpenSettings={vi.fn()}
        onSignOut={vi.fn()}
        signingOut={false}
      />
    </ChatHarness>,
  );
}

describe('a message with alternatives', () => {
  it("shows '< 2/2 >' and, by keyboard, the other alternative with the branch that follows it", async () => {
    vi.mocked(messagesApi.listMessages).mockResolvedValue({ messages: branchOf('m4') });
    renderChat();
    await screen.findByText('Green');
    const group = screen.getByRole('group', { name: 'Alternative 2 of 2' });
    expect(group.textContent).toBe('2/2');
    const next = within(group).getByRole('button', { name: 'Next alternative' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);

    vi.mocked(messagesApi.listMessages).mockResolvedValue({ messages: branchOf('m2') });
    within(group).getByRole('button', { name: 'Previous alternative' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(messagesApi.selectBranch).toHaveBeenCalledWith('c1', 'm2');
    // That branch's continuation is shown; the other alternative is one step away.
    expect(await screen.findByText('Apple')).toBeTruthy();
    expect(screen.queryByText('Green')).toBeNull();
    const first = screen.getByRole('group', { name: 'Alternative 1 of 2' });
    expect(first.textContent).toBe('1/2');
    expect(
      (within(first).getByRole('button', { name: 'Previous alternative' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('cannot be switched while a reply is being written, and says why a switch failed', async () => {
    vi.mocked(messagesApi.listMessages).mockResolvedValue({ messages: branchOf('m2') });
    renderChat();
    await screen.findByText('Apple');
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate reply' }));
    await waitFor(() => expect(streamReply).toHaveBeenCalled());
    const group = screen.getByRole('group', { name: 'Alternative 1 of 2' });
    expect(
      (within(group).getByRole('button', { name: 'Next alternative' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    act(() => stream.callbacks.onError(new StreamError('Model not found', 'stream')));

    vi.mocked(messagesApi.selectBranch).mockRejectedValue(new Error('Network down'));
    await waitFor(() =>
      expect(
        (
          within(screen.getByRole('group', { name: 'Alternative 1 of 2' })).getByRole('button', {
            name: 'Next alternative',
          }) as HTMLButtonElement
        ).disabled,
      ).toBe(false),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next alternative' }));
    expect(await screen.findByText('Failed to show that alternative: Network down')).toBeTruthy();
  });
});
