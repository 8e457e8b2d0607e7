import type { Message } from '@agentforge/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stopMessage } from '../api/messages';
import { type ReplyRun, replyCallbacks } from './reply-callbacks';

vi.mock('../api/messages');

function setup() {
  let message: Message = { id: 'temp-1', conversationId: 'c1', role: 'assistant', content: '', timestamp: 1 };
  const run: ReplyRun = {
    controller: new AbortController(),
    conversationId: 'c1',
    messageId: 'temp-1',
    finished: false,
    stopRequested: false,
    stopSent: false,
  };
  const status = vi.fn<(status: string | null) => void>();
  const callbacks = replyCallbacks(run, {
    update: (update) => {
      message = update(message);
    },
    status,
  });
  return { run, status, callbacks, message: () => message };
}

afterEach(() => {
  vi.resetAllMocks();
});

describe('replyCallbacks', () => {
  it("takes the server's id from the first status event", () => {
    const { run, callbacks, message, status } = setup();
    callbacks.onStatus('streaming', 'm-1');
    expect(message().id).toBe('m-1');
    expect(run.messageId).toBe('m-1');
    expect(status).toHaveBeenCalledWith('streaming', undefined);
  });

  it('asks the server to stop once its id arrives when Stop came first', () => {
    vi.mocked(stopMessage).mockResolvedValue();
    const { run, callbacks, message, status } = setup();
    callbacks.stop();
    expect(message().content).toBe('[Streaming stopped]');
    expect(status).toHaveBeenLastCalledWith(null);
    expect(stopMessage).not.toHaveBeenCalled();

    callbacks.onStatus('streaming', 'm-1');
    expect(stopMessage).toHaveBeenCalledWith('c1', 'm-1', 0);
    expect(run.controller.signal.aborted).toBe(true);
    expect(message()).toMatchObject({ id: 'm-1', content: '[Streaming stopped]' });
  });

  it("marks a reply the server stopped (e.g. from another tab) with '[Streaming stopped]'", () => {
    const { callbacks, message } = setup();
    callbacks.onStatus('streaming', 'm-1');
    callbacks.onData('w1');
    callbacks.onStatus('stopped', 'm-1');
    expect(message().content).toBe('w1\n\n[Streaming stopped]');
    callbacks.onData(' w2');
    expect(message().content).toBe('w1\n\n[Streaming stopped]');
  });
});
