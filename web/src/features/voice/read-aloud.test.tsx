import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations, installSpeechSynthesis, type RecordedSynthesis } from '../../testing/speech-doubles';
import { AssistantMessage } from '../chat/components/assistant-message';
import type { ChatMessage } from '../chat/utils/stream-message';
import { readLatest } from './voice-controls';

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
});

function installSynthesis(): RecordedSynthesis {
  const installed = installSpeechSynthesis();
  uninstall = installed.uninstall;
  return installed.synthesis;
}

const reply = (id: string, content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversationId: 'c1',
  role: 'assistant',
  content,
  timestamp: 1,
  ...extra,
});

function renderReplies(...messages: ChatMessage[]) {
  return render(
    <div>
      {messages.map((message) => (
        <article key={message.id} aria-label={message.id}>
          <AssistantMessage message={message} />
        </article>
      ))}
    </div>,
  );
}

const readButton = (id: string) =>
  within(screen.getByRole('article', { name: id })).findByRole('button', { name: /Read aloud|Stop reading/ });

describe('read aloud', () => {
  it('offers nothing where the browser cannot speak', async () => {
    renderReplies(reply('r1', 'Hello'));
    await screen.findByRole('button', { name: 'Copy message' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Read aloud' })).toBeNull();
  });

  it("reads the reply's text (not its Markdown), offers Stop while speaking, and ends by itself", async () => {
    const synthesis = installSynthesis();
    const view = renderReplies(reply('r1', '# Plan\n\nUse **bold** steps.\n\n```js\nlet x = 1;\n```'));
    const button = await readButton('r1');
    expect(button.textContent).toBe('Read aloud');
    await userEvent.click(button);
    expect(synthesis.spoken).toEqual(['Plan', 'Use bold steps.', 'Code block in js.']);
    expect(button.textContent).toBe('Stop reading');
    expect(await axeViolations(view.container)).toEqual([]);

    act(() => synthesis.finish());
    expect(button.textContent).toBe('Read aloud');

    await userEvent.click(button);
    await userEvent.click(button);
    expect(synthesis.cancels).toBeGreaterThanOrEqual(1);
    expect(button.textContent).toBe('Read aloud');
  });

  it('reads one reply at a time', async () => {
    const synthesis = installSynthesis();
    renderReplies(reply('r1', 'First reply.'), reply('r2', 'Second reply.'));
    await userEvent.click(await readButton('r1'));
    await userEvent.click(await readButton('r2'));
    expect(synthesis.spoken).toEqual(['First reply.', 'Second reply.']);
    expect((await readButton('r1')).textContent).toBe('Read aloud');
    expect((await readButton('r2')).textContent).toBe('Stop reading');
    act(() => synthesis.finish());
    expect((await readButton('r2')).textContent).toBe('Read aloud');
  });

  it('the shortcut reads the latest complete reply, and stops it when pressed again', async () => {
    const synthesis = installSynthesis();
    const messages = [
      reply('r1', 'Older reply.'),
      reply('r2', 'Latest reply.\n\n[Streaming stopped]'),
      reply('r3', '**Error:** failed', { isError: true }),
    ];
    renderReplies(messages[0] as ChatMessage, messages[1] as ChatMessage);
    act(() => readLatest(messages));
    expect(synthesis.spoken).toEqual(['Latest reply.']);
    expect((await readButton('r2')).textContent).toBe('Stop reading');
    act(() => readLatest(messages));
    expect((await readButton('r2')).textContent).toBe('Read aloud');
  });
});
