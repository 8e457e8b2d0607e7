import { VOICE_MESSAGES } from '@agentforge/shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { axeViolations, installSpeechRecognition, ScriptedRecognition } from '../../testing/speech-doubles';
import { ChatInput } from '../chat/components/chat-input';
import { voiceCommands } from './lazy-voice';

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
});

function renderInput() {
  const onSend = vi.fn(async (_text: string) => true);
  const view = render(
    <ChatInput
      onSend={onSend}
      blocked={false}
      streaming={false}
      onStop={vi.fn()}
      notice={null}
      onEdit={vi.fn()}
    />,
  );
  return { onSend, view, textbox: screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement };
}

const micButton = () => screen.findByRole('button', { name: 'Dictate' });

describe('dictation', () => {
  it('offers no microphone where the browser has no speech recognition', async () => {
    renderInput();
    // The voice code would have loaded by now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Dictate' })).toBeNull();
  });

  it('is a pressed toggle while listening, shows the interim words and inserts the final ones at the caret', async () => {
    uninstall = installSpeechRecognition('webkitSpeechRecognition');
    const { textbox, view } = renderInput();
    const mic = await micButton();
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    expect(mic.getAttribute('title')).toBe('Dictate (Ctrl+Shift+Space)');

    await userEvent.type(textbox, 'Dear Ada, regards');
    textbox.setSelectionRange('Dear Ada,'.length, 'Dear Ada,'.length);
    await userEvent.click(mic);
    expect(mic.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe(VOICE_MESSAGES.listening);
    const session = ScriptedRecognition.latest();
    expect(session.continuous && session.interimResults).toBe(true);

    act(() => session.hear('the report is', false));
    expect(screen.getByText('the report is')).toBeTruthy();
    expect(textbox.value).toBe('Dear Ada, regards');
    act(() => session.hear('the report is ready', true));
    expect(textbox.value).toBe('Dear Ada, the report is ready regards');
    expect(textbox.selectionStart).toBe('Dear Ada, the report is ready'.length);
    expect(screen.queryByText('the report is')).toBeNull();
    expect(await axeViolations(view.container)).toEqual([]);

    await userEvent.click(mic);
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe(VOICE_MESSAGES.dictationStopped);
    expect(session.running).toBe(false);
  });

  it('uses the unprefixed SpeechRecognition too, and the dictation shortcut toggles it', async () => {
    uninstall = installSpeechRecognition('SpeechRecognition');
    const { textbox } = renderInput();
    const mic = await micButton();
    act(() => {
      voiceCommands.dispatchEvent(new Event('dictate'));
    });
    expect(mic.getAttribute('aria-pressed')).toBe('true');
    act(() => ScriptedRecognition.latest().hear('hello there', true));
    expect(textbox.value).toBe('hello there');
    act(() => {
      voiceCommands.dispatchEvent(new Event('dictate'));
    });
    expect(mic.getAttribute('aria-pressed')).toBe('false');
  });

  it.each([
    ['not-allowed', VOICE_MESSAGES.microphoneBlocked],
    ['no-speech', VOICE_MESSAGES.noSpeech],
    ['network', VOICE_MESSAGES.network],
    ['audio-capture', VOICE_MESSAGES.noMicrophone],
    ['bad-grammar', VOICE_MESSAGES.dictationFailed('bad-grammar')],
  ])("says why dictation stopped ('%s') and keeps the text", async (code, message) => {
    uninstall = installSpeechRecognition();
    const { textbox, view } = renderInput();
    await userEvent.type(textbox, 'kept');
    const mic = await micButton();
    await userEvent.click(mic);
    act(() => ScriptedRecognition.latest().fail(code));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    expect(textbox.value).toBe('kept');
    expect(await axeViolations(view.container)).toEqual([]);

    // A new session clears the error.
    await userEvent.click(mic);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stops listening when the message box goes away', async () => {
    uninstall = installSpeechRecognition();
    const { view } = renderInput();
    await userEvent.click(await micButton());
    const session = ScriptedRecognition.latest();
    view.unmount();
    await waitFor(() => expect(session.running).toBe(false));
  });
});
