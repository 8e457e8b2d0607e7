import { CHAT_MESSAGES, type Message } from '@agentforge/shared';
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatAction } from '../utils/chat-reducer';
import { newUserMessage } from './outgoing-message';
import { useReplyDelivery } from './use-reply-delivery';

// The API's answer to saving a message (a plain function: a vi.fn that rejects fails the test).
const api = vi.hoisted(() => ({ save: async (): Promise<unknown> => ({}) }));
vi.mock('../api/messages', () => ({ createMessage: () => api.save() }));

const choice = { provider: 'anthropic', model: 'claude-haiku' };

function setUp(serverIds: readonly string[] = []) {
  const dispatch = vi.fn<(action: ChatAction) => void>();
  const onError = vi.fn();
  const runs = {
    startRun: vi.fn(),
    track: vi.fn(),
    callbacksOf: vi.fn(() => ({ onError }) as never),
    stream: vi.fn(async () => {}),
  };
  const { result } = renderHook(() => useReplyDelivery(dispatch, serverIds, runs));
  return { ...result.current, dispatch, runs, onError };
}

/** The message an update dispatched for `messageId` makes of `message`. */
function updated(dispatch: ReturnType<typeof setUp>['dispatch'], message: Message): Message {
  const action = dispatch.mock.calls
    .map(([call]) => call)
    .find((call) => call.type === 'message_updated' && call.messageId === message.id);
  if (action?.type !== 'message_updated') throw new Error('no update');
  return action.update(message);
}

describe('useReplyDelivery', () => {
  it("begins a reply: the user's message, the reply loading, the servers on the conversation, the run", () => {
    const { begin, dispatch, runs } = setUp(['s1']);
    const user = newUserMessage('c1', 'Hello', []);
    const reply = begin('c1', user, choice);
    const types = dispatch.mock.calls.map(([action]) => action.type);
    expect(types).toEqual(['message_added', 'message_added', 'conversation_updated']);
    expect(dispatch.mock.calls[1]?.[0]).toMatchObject({
      message: { id: reply.messageId, role: 'assistant', isLoading: true, ...choice },
    });
    expect(dispatch.mock.calls[2]?.[0]).toMatchObject({ id: 'c1', patch: { mcpServerIds: ['s1'] } });
    expect(runs.startRun).toHaveBeenCalledWith(reply);
    expect(runs.track).toHaveBeenCalledWith(reply, 'sending');
  });

  it('saves the message, then streams the reply to it with its servers and files', async () => {
    const { begin, deliver, dispatch, runs } = setUp();
    api.save = async () => ({ id: 'm1', timestamp: 5 });
    const file = { id: 'a1', fileName: 'a.txt', contentType: 'text/plain', size: 1, kind: 'text' as const };
    const user = newUserMessage('c1', 'See this', [file]);
    const reply = begin('c1', user, choice);
    await deliver(reply, user, choice, ['s1', 's2'], undefined, { useDocuments: true });
    expect(updated(dispatch, user)).toMatchObject({ id: 'm1', timestamp: 5, content: 'See this' });
    expect(runs.stream).toHaveBeenCalledWith(
      reply,
      { conversationId: 'c1', ...choice, mcpServerIds: 's1,s2', attachmentIds: 'a1', useDocuments: 'true' },
      undefined,
    );
  });

  it('marks a message it could not save and streams no reply to it', async () => {
    const { begin, deliver, dispatch, runs, onError } = setUp();
    api.save = async () => {
      throw new Error('down');
    };
    const onEnd = vi.fn();
    const user = newUserMessage('c1', 'Hello', []);
    await deliver(begin('c1', user, choice), user, choice, [], onEnd);
    expect(updated(dispatch, user).content).toBe(`Hello\n\n${CHAT_MESSAGES.saveMessageFailed}`);
    expect(onError).toHaveBeenCalledOnce();
    expect(onEnd).toHaveBeenCalledOnce();
    expect(runs.stream).not.toHaveBeenCalled();
  });
});
