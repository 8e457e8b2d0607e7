import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerChatApi, ChatHarness, conversation, readyProviders } from '../../../testing/chat-fixture';
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

function renderChat(path = '/home') {
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

beforeEach(() => {
  answerChatApi({ conversations: conversationsApi, messages: messagesApi, streamReply }, () => undefined);
  vi.mocked(preferencesApi.getPreferences).mockResolvedValue({
    defaultSettings: { systemPrompt: 'Answer in French.' },
  });
});

afterEach(() => {
  vi.resetAllMocks();
});

describe("the chat's settings, by the input", () => {
  // A journey through two dialogs and a send: 20 s, as the chat screen's long ones.
  it('in a new chat, before its first message: start from the defaults, and the conversation is created with them', {
    timeout: 20_000,
  }, async () => {
    renderChat();
    await screen.findByText('No conversations yet.');
    const button = screen.getByRole('button', { name: 'Chat settings' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Model settings' });
    const prompt = await within(dialog).findByLabelText('System prompt');
    expect(prompt).toHaveProperty('value', 'Answer in French.');
    await userEvent.clear(prompt);
    await userEvent.paste('Answer in haiku.');
    await userEvent.click(within(dialog).getByLabelText('Temperature'));
    await userEvent.paste('0.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Saved for this chat only: opening again shows them.
    await userEvent.click(screen.getByRole('button', { name: 'Chat settings' }));
    expect(await screen.findByLabelText('System prompt')).toHaveProperty('value', 'Answer in haiku.');
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('textbox', { name: 'Message' }));
    await userEvent.paste('Hello');
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(conversationsApi.createConversation).toHaveBeenCalledWith(
        'New Conversation',
        { defaultProvider: 'custom:k1', defaultModel: 'llama3.2:latest' },
        { systemPrompt: 'Answer in haiku.', temperature: 0.5 },
        'Hello',
      ),
    );
  });

  it("in a conversation: edits that conversation's settings", async () => {
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([
      conversation('c1', { settings: { systemPrompt: 'Be brief.' } }),
    ]);
    vi.mocked(conversationsApi.updateConversationSettings).mockResolvedValue();
    renderChat('/home/c/c1');
    await screen.findAllByText('Chat c1');
    await userEvent.click(await screen.findByRole('button', { name: 'Chat settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Model settings' });
    expect(within(dialog).getByLabelText('System prompt')).toHaveProperty('value', 'Be brief.');
    await userEvent.click(within(dialog).getByLabelText('System prompt'));
    await userEvent.paste(' Very.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(conversationsApi.updateConversationSettings).toHaveBeenCalledWith(
        expect.objectContaining({ id: 'c1' }),
        { systemPrompt: 'Be brief. Very.' },
      ),
    );
  });
});
