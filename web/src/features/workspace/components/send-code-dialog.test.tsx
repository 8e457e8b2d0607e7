import { CHAT_MESSAGES } from '@agentforge/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { codeSources } from '../utils/code-sources';
import { SendCodeDialog } from './send-code-dialog';

const file = { path: 'src/app.js', content: 'const a = 1;\n' };

async function renderDialog(
  conversation: { id: string; title: string } | null = { id: 'c1', title: 'Ideas' },
) {
  const onSend = vi.fn();
  const onClose = vi.fn();
  render(
    <SendCodeDialog
      sources={codeSources(file, 'a = 1', [file])}
      conversation={conversation}
      onSend={onSend}
      onClose={onClose}
    />,
  );
  return { onSend, onClose, prompt: await screen.findByRole('textbox', { name: 'Prompt' }) };
}

describe('SendCodeDialog', () => {
  it('requires a prompt and says so', async () => {
    const { onSend } = await renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Send to Chat' }));
    expect(screen.getByRole('alert').textContent).toBe(CHAT_MESSAGES.codePromptRequired);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends the selection to the current conversation with Ctrl+Enter, and with Cmd+Enter', async () => {
    const { onSend, prompt } = await renderDialog();
    expect(screen.getByRole('radio', { name: 'The selection' })).toHaveProperty('checked', true);
    await userEvent.type(prompt, 'Explain{Control>}{Enter}{/Control}');
    expect(onSend).toHaveBeenCalledWith('Explain\n\n```javascript src/app.js\na = 1\n```', 'c1');
    await userEvent.type(prompt, '{Meta>}{Enter}{/Meta}');
    expect(onSend).toHaveBeenCalledTimes(2);
  });

  it('sends the whole file to a new conversation when asked', async () => {
    const { onSend, prompt } = await renderDialog();
    await userEvent.click(screen.getByRole('radio', { name: 'The whole file src/app.js' }));
    await userEvent.click(screen.getByRole('radio', { name: 'A new conversation' }));
    await userEvent.type(prompt, 'Review');
    await userEvent.click(screen.getByRole('button', { name: 'Send to Chat' }));
    expect(onSend).toHaveBeenCalledWith(expect.stringContaining('const a = 1;'), null);
  });

  it('offers only a new conversation without a current one', async () => {
    await renderDialog(null);
    expect(screen.queryByRole('radio', { name: /current conversation/ })).toBeNull();
    expect(screen.getByRole('radio', { name: 'A new conversation' })).toHaveProperty('checked', true);
  });

  it('closes at once without a prompt', async () => {
    const { onClose } = await renderDialog();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("asks 'Discard your prompt and close?' with a prompt typed, and keeps it unless discarded", async () => {
    const { onClose, prompt } = await renderDialog();
    await userEvent.type(prompt, 'Half a thought');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('alertdialog', { name: CHAT_MESSAGES.discardCodePrompt });
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(ask.isConnected).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
    expect((prompt as HTMLTextAreaElement).value).toBe('Half a thought');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
