import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChatInput } from './chat-input';

function renderInput(props: Partial<Parameters<typeof ChatInput>[0]> = {}) {
  const onSend = vi.fn(async (_text: string) => true);
  const onStop = vi.fn();
  render(
    <ChatInput
      onSend={onSend}
      blocked={false}
      streaming={false}
      onStop={onStop}
      notice={null}
      onEdit={vi.fn()}
      {...props}
    />,
  );
  return {
    onSend: (props.onSend as typeof onSend | undefined) ?? onSend,
    onStop,
    textbox: screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement,
    sendButton: screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement,
  };
}

describe('ChatInput', () => {
  it('sends with Enter and empties itself', async () => {
    const { onSend, textbox } = renderInput();
    await userEvent.type(textbox, 'Hello{Enter}');
    expect(onSend).toHaveBeenCalledWith('Hello');
    expect(textbox.value).toBe('');
  });

  it('adds a newline with Shift+Enter instead of sending', async () => {
    const { onSend, textbox } = renderInput();
    await userEvent.type(textbox, 'line 1{Shift>}{Enter}{/Shift}line 2');
    expect(onSend).not.toHaveBeenCalled();
    expect(textbox.value).toBe('line 1\nline 2');
  });

  it('keeps the text when the message is refused', async () => {
    const { textbox } = renderInput({ onSend: vi.fn(async () => false) });
    await userEvent.type(textbox, 'Hello{Enter}');
    expect(textbox.value).toBe('Hello');
  });

  it('enables Send only with non-empty trimmed text', async () => {
    const { sendButton, textbox } = renderInput();
    expect(sendButton.disabled).toBe(true);
    await userEvent.type(textbox, '   ');
    expect(sendButton.disabled).toBe(true);
    await userEvent.type(textbox, 'hi');
    expect(sendButton.disabled).toBe(false);
  });

  it('disables Send while something loads or is created', async () => {
    const { sendButton, textbox } = renderInput({ blocked: true });
    await userEvent.type(textbox, 'hi');
    expect(sendButton.disabled).toBe(true);
  });

  it("offers 'Stop Generating' while a reply streams", async () => {
    const { onStop } = renderInput({ streaming: true });
    await userEvent.click(screen.getByRole('button', { name: 'Stop Generating' }));
    expect(onStop).toHaveBeenCalledOnce();
  });

  it('shows the last refusal', () => {
    renderInput({ notice: 'Please enter a message.' });
    expect(screen.getByRole('alert').textContent).toBe('Please enter a message.');
  });

  it('grows with its content up to 150 px', async () => {
    const { textbox } = renderInput();
    Object.defineProperty(textbox, 'scrollHeight', { configurable: true, get: () => 60 });
    await userEvent.type(textbox, 'a');
    expect(textbox.style.height).toBe('60px');
    expect(textbox.style.overflowY).toBe('hidden');
    Object.defineProperty(textbox, 'scrollHeight', { configurable: true, get: () => 400 });
    await userEvent.type(textbox, 'b');
    expect(textbox.style.height).toBe('150px');
    expect(textbox.style.overflowY).toBe('auto');
  });

  it("offers 'Use my documents' only with documents: pressed, the next message asks for them, then it lets go", async () => {
    const { onSend, textbox } = renderInput({ documents: true });
    const toggle = await screen.findByRole('button', { name: 'Use my documents' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    // By keyboard: Tab reaches it, Space presses it.
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await userEvent.type(textbox, 'What do the runbooks say?{Enter}');
    expect(onSend).toHaveBeenLastCalledWith('What do the runbooks say?', undefined, { useDocuments: true });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.type(textbox, 'And then?{Enter}');
    expect(onSend).toHaveBeenLastCalledWith('And then?');
  });

  it("has no 'Use my documents' without documents", () => {
    renderInput();
    expect(screen.queryByRole('button', { name: 'Use my documents' })).toBeNull();
  });
});
