import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { answerChatApi, ChatHarness, readyProviders } from '../../../testing/chat-fixture';
import * as preferencesApi from '../../settings/api/preferences';
import * as conversationsApi from '../api/conversations';
import * as messagesApi from '../api/messages';
import { streamReply } from '../api/stream-client';
import { ChatScreen, FIRST_MESSAGE_NOT_SENT } from './chat-screen';

vi.mock('../api/conversations');
vi.mock('../api/messages');
vi.mock('../../settings/api/preferences');
vi.mock('../api/stream-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/stream-client')>()),
  streamReply: vi.fn(),
}));

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
const mine = () => screen.queryAllByRole('article', { name: 'Your message' });

/** POST /conversations held open until the test settles it. */
function holdCreate() {
  const answered = vi.mocked(conversationsApi.createConversation).getMockImplementation();
  let fail: (error: Error) => void = () => {};
  let answer: () => void = () => {};
  vi.mocked(conversationsApi.createConversation).mockImplementationOnce(
    (...args) =>
      new Promise((resolve, reject) => {
        fail = reject;
        answer = () => void answered?.(...args).then(resolve, reject);
      }),
  );
  return { fail: (error: Error) => fail(error), answer: () => answer() };
}

beforeEach(() => {
  answerChatApi({ conversations: conversationsApi, messages: messagesApi, streamReply }, () => {});
  vi.mocked(preferencesApi.getPreferences).mockResolvedValue({});
});

afterEach(() => {
  vi.resetAllMocks();
});

describe("a new chat's first message", () => {
  it('shows at once, before the conversation is created, and once as the saved message after', async () => {
    const create = holdCreate();
    renderChat();
    await screen.findByText('No conversations yet.');
    await userEvent.type(textbox(), 'Hello there{Enter}');
    const bubble = await screen.findByRole('article', { name: 'Your message' });
    expect(bubble.textContent).toContain('Hello there');
    expect(streamReply).not.toHaveBeenCalled();

    create.answer();
    await waitFor(() => expect(streamReply).toHaveBeenCalled());
    await waitFor(() => expect(mine()).toHaveLength(1));
    expect(mine()[0]?.textContent).toContain('Hello there');
    expect(screen.queryByText(FIRST_MESSAGE_NOT_SENT)).toBeNull();
  });

  it('is kept, marked not sent, when the conversation cannot be created, and Retry sends it', async () => {
    const create = holdCreate();
    renderChat();
    await screen.findByText('No conversations yet.');
    await userEvent.type(textbox(), 'Hello there{Enter}');
    await screen.findByRole('article', { name: 'Your message' });
    create.fail(new ApiError('Server error', { status: 500 }));

    expect((await screen.findByRole('alert')).textContent).toBe('Could not start chat: Server error');
    expect(await screen.findByText(FIRST_MESSAGE_NOT_SENT)).toBeTruthy();
    expect(mine()[0]?.textContent).toContain('Hello there');

    // By keyboard: Tab reaches Retry, Enter presses it.
    const retry = screen.getByRole('button', { name: 'Retry' });
    retry.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(streamReply).toHaveBeenCalled());
    expect(vi.mocked(conversationsApi.createConversation).mock.calls.at(-1)?.[3]).toBe('Hello there');
    expect(screen.queryByText(FIRST_MESSAGE_NOT_SENT)).toBeNull();
    await waitFor(() => expect(mine()).toHaveLength(1));
    expect(within(mine()[0] as HTMLElement).getByText('Hello there')).toBeTruthy();
  });
});
