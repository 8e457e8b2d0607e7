import { CHAT_MESSAGES, type Message } from '@agentforge/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { chatKeys } from '../api/queries';
import type { ChatAction } from '../utils/chat-reducer';
import type { ReplyRun } from './reply-callbacks';
import { useMessageActions } from './use-message-actions';

const choice = { provider: 'anthropic', model: 'claude-haiku' };
const message = (id: string, role: Message['role'], parentId: string | null): Message => ({
  id,
  conversationId: 'c1',
  role,
  content: `${role} ${id}`,
  timestamp: 1,
  parentId,
});

function setUp({ busy = false } = {}) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(chatKeys.messages('c1'), {
    messages: [message('u1', 'user', null), message('a1', 'assistant', 'u1')],
  });
  const reply = { conversationId: 'c1', messageId: 'temp-assistant' } as ReplyRun;
  const options = {
    state: { current: { creating: false, stream: null, selectedId: 'c1', loadingMessages: false } },
    dispatch: vi.fn<(action: ChatAction) => void>(),
    choice,
    serverIds: ['s1'],
    busy: () => busy,
    setNotice: vi.fn<(notice: string | null) => void>(),
    runs: { startRun: vi.fn(), track: vi.fn(), stream: vi.fn(async () => {}) },
    delivery: { begin: vi.fn(() => reply), deliver: vi.fn(async () => {}) },
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useMessageActions(options), { wrapper });
  return { actions: result.current, reply, ...options };
}

describe('useMessageActions', () => {
  it('regenerates a reply: the thread from it replaced, streamed again with the servers', () => {
    const { actions, dispatch, delivery, runs, reply } = setUp();
    expect(actions.replay({ messageId: 'a1' })).toBe(true);
    expect(dispatch).toHaveBeenCalledWith({
      type: 'messages_replaced_from',
      conversationId: 'c1',
      messageId: 'a1',
    });
    expect(delivery.begin).toHaveBeenCalledWith('c1', null, choice);
    expect(runs.stream).toHaveBeenCalledWith(
      reply,
      { conversationId: 'c1', ...choice, replaceFrom: 'a1', mcpServerIds: 's1' },
      expect.any(Function),
    );
  });

  it("resends an edited message as its sibling (the edited one's parent) and delivers it", () => {
    const { actions, delivery } = setUp();
    expect(actions.replay({ messageId: 'u1', content: '  Edited  ' })).toBe(true);
    const [, userMessage] = delivery.begin.mock.calls[0] as unknown as [string, Message];
    expect(userMessage).toMatchObject({ role: 'user', content: 'Edited', parentId: null });
    expect(delivery.deliver).toHaveBeenCalledOnce();
  });

  it('refuses an empty edit, and anything while busy, with the reason', () => {
    const idle = setUp();
    expect(idle.actions.replay({ messageId: 'u1', content: '   ' })).toBe(false);
    expect(idle.setNotice).toHaveBeenLastCalledWith(CHAT_MESSAGES.emptyMessage);
    const busy = setUp({ busy: true });
    expect(busy.actions.replay({ messageId: 'a1' })).toBe(false);
    expect(busy.actions.showBranch('a1')).toBe(false);
    expect(busy.actions.decide('a1', 'call-1', 'allow_once')).toBe(false);
    expect(busy.setNotice).toHaveBeenLastCalledWith(CHAT_MESSAGES.busy);
    expect(busy.dispatch).not.toHaveBeenCalled();
    expect(busy.runs.stream).not.toHaveBeenCalled();
  });

  it('does nothing for a message the thread does not hold', () => {
    const { actions, dispatch } = setUp();
    expect(actions.replay({ messageId: 'gone' })).toBe(false);
    expect(dispatch).not.toHaveBeenCalled();
  });
});
