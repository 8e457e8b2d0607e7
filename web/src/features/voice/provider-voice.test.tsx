import { SPEECH_MESSAGES, VOICE_MESSAGES } from '@agentforge/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  installAudio,
  installMicrophone,
  RecordedAudio,
  RecordedMediaRecorder,
} from '../../testing/media-doubles';
import { axeViolations } from '../../testing/speech-doubles';
import { AssistantMessage } from '../chat/components/assistant-message';
import { ChatInput } from '../chat/components/chat-input';
import { setSpeechEngine, voiceCommands } from './lazy-voice';
import * as api from './provider-speech';

vi.mock('./provider-speech');

const uninstalls: (() => void)[] = [];
beforeEach(() => setSpeechEngine('openai'));
afterEach(() => {
  for (const uninstall of uninstalls.splice(0)) uninstall();
  setSpeechEngine('browser');
  vi.useRealTimers();
  vi.resetAllMocks();
});

function renderInput() {
  const view = render(
    <ChatInput
      onSend={vi.fn(async () => true)}
      blocked={false}
      streaming={false}
      onStop={vi.fn()}
      notice={null}
      onEdit={vi.fn()}
    />,
  );
  return { view, textbox: screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement };
}

describe('dictation with OpenAI', () => {
  it('offers the microphone where the browser can record, even without speech recognition', async () => {
    uninstalls.push(installMicrophone().uninstall);
    renderInput();
    expect(await screen.findByRole('button', { name: 'Dictate' })).toBeTruthy();
  });

  it("records until pressed again, says 'Recording…', sends the recording and puts its words at the caret", async () => {
    const microphone = installMicrophone();
    uninstalls.push(microphone.uninstall);
    let answer!: (text: string) => void;
    vi.mocked(api.transcribed).mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const { textbox, view } = renderInput();
    await userEvent.type(textbox, 'Dear Ada, regards');
    textbox.setSelectionRange('Dear Ada,'.length, 'Dear Ada,'.length);
    const mic = await screen.findByRole('button', { name: 'Dictate' });
    await userEvent.click(mic);
    await waitFor(() => expect(mic.getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByRole('status').textContent).toBe(SPEECH_MESSAGES.recording);
    expect(RecordedMediaRecorder.latest().options).toMatchObject({ mimeType: 'audio/webm;codecs=opus' });
    expect(await axeViolations(view.container)).toEqual([]);

    // The shortcut stops it too.
    act(() => {
      voiceCommands.dispatchEvent(new Event('dictate'));
    });
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe(SPEECH_MESSAGES.transcribing);
    expect(microphone.stoppedTracks()).toBe(1);
    expect(api.transcribed).toHaveBeenCalledWith(RecordedMediaRecorder.audio);
    await act(async () => answer('the report is ready'));
    expect(textbox.value).toBe('Dear Ada, the report is ready regards');
    expect(screen.getByRole('status').textContent).toBe(VOICE_MESSAGES.dictationStopped);
  });

  it('stops a recording at 2 minutes and says so, sending what was recorded', async () => {
    uninstalls.push(installMicrophone().uninstall);
    vi.mocked(api.transcribed).mockResolvedValue('two minutes of words');
    const { textbox } = renderInput();
    const mic = await screen.findByRole('button', { name: 'Dictate' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(mic);
    await waitFor(() => expect(mic.getAttribute('aria-pressed')).toBe('true'));
    await act(async () => vi.advanceTimersByTime(120_000));
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('alert').textContent).toBe(SPEECH_MESSAGES.recordingLimit);
    await waitFor(() => expect(textbox.value).toBe('two minutes of words'));
  });

  it('says why the microphone cannot be had', async () => {
    uninstalls.push(installMicrophone('NotAllowedError').uninstall);
    renderInput();
    await userEvent.click(await screen.findByRole('button', { name: 'Dictate' }));
    expect((await screen.findByRole('alert')).textContent).toBe(VOICE_MESSAGES.microphoneBlocked);
  });

  it('says why a recording was not transcribed, and keeps the text', async () => {
    uninstalls.push(installMicrophone().uninstall);
    vi.mocked(api.transcribed).mockRejectedValue(new Error(SPEECH_MESSAGES.transcriptionFailed('no key')));
    const { textbox, view } = renderInput();
    await userEvent.type(textbox, 'kept');
    const mic = await screen.findByRole('button', { name: 'Dictate' });
    await userEvent.click(mic);
    await waitFor(() => expect(mic.getAttribute('aria-pressed')).toBe('true'));
    await userEvent.click(mic);
    expect((await screen.findByRole('alert')).textContent).toBe(
      SPEECH_MESSAGES.transcriptionFailed('no key'),
    );
    expect(textbox.value).toBe('kept');
    expect(await axeViolations(view.container)).toEqual([]);
  });
});

describe('read aloud with OpenAI', () => {
  const renderReply = (content: string) =>
    render(
      <AssistantMessage
        message={{ id: 'r1', conversationId: 'c1', role: 'assistant', content, timestamp: 1 }}
      />,
    );

  it("plays the synthesized audio of the reply's text, Stop pauses it, and it ends by itself", async () => {
    uninstalls.push(installAudio());
    vi.mocked(api.synthesizedAudio).mockImplementation(
      async (text) => new Blob([text], { type: 'audio/mpeg' }),
    );
    const view = renderReply('# Plan\n\nUse **bold** steps.');
    const button = await screen.findByRole('button', { name: 'Read aloud' });
    await userEvent.click(button);
    expect(button.textContent).toBe('Stop reading');
    expect(vi.mocked(api.synthesizedAudio).mock.calls[0]?.[0]).toBe('Plan Use bold steps.');
    // Played from a blob: URL (the app's CSP refuses data: media).
    await waitFor(() => expect(RecordedAudio.played).toHaveLength(1));
    expect(RecordedAudio.played[0]).toMatch(/^blob:/);
    expect(await RecordedAudio.playedTexts()).toEqual(['Plan Use bold steps.']);
    expect(await axeViolations(view.container)).toEqual([]);
    act(() => RecordedAudio.latest?.end());
    await waitFor(() => expect(button.textContent).toBe('Read aloud'));
    // Its URL is released once the reading ends.
    expect(RecordedAudio.blobs.size).toBe(0);

    await userEvent.click(button);
    await waitFor(() => expect(RecordedAudio.latest?.paused).toBe(false));
    await userEvent.click(button);
    expect(button.textContent).toBe('Read aloud');
    expect(RecordedAudio.latest?.paused).toBe(true);
  });

  it('says why a reply could not be read', async () => {
    uninstalls.push(installAudio());
    vi.mocked(api.synthesizedAudio).mockRejectedValue(new Error(SPEECH_MESSAGES.readingFailed('no key')));
    const view = renderReply('Hello.');
    await userEvent.click(await screen.findByRole('button', { name: 'Read aloud' }));
    expect((await within(view.container).findByRole('alert')).textContent).toBe(
      SPEECH_MESSAGES.readingFailed('no key'),
    );
    expect(screen.getByRole('button', { name: 'Read aloud' })).toBeTruthy();
  });

  it('says so when the browser cannot play the audio it received', async () => {
    uninstalls.push(installAudio());
    vi.mocked(api.synthesizedAudio).mockResolvedValue(new Blob(['not audio'], { type: 'audio/mpeg' }));
    RecordedAudio.refuse = true;
    const view = renderReply('Hello.');
    await userEvent.click(await screen.findByRole('button', { name: 'Read aloud' }));
    expect((await within(view.container).findByRole('alert')).textContent).toBe(
      SPEECH_MESSAGES.playbackFailed,
    );
    expect(screen.getByRole('button', { name: 'Read aloud' })).toBeTruthy();
    expect(RecordedAudio.blobs.size).toBe(0);
  });

  it("says so when the audio fails while loading (the element's error event)", async () => {
    uninstalls.push(installAudio());
    vi.mocked(api.synthesizedAudio).mockResolvedValue(new Blob(['not audio'], { type: 'audio/mpeg' }));
    const view = renderReply('Hello.');
    await userEvent.click(await screen.findByRole('button', { name: 'Read aloud' }));
    await waitFor(() => expect(RecordedAudio.played).toHaveLength(1));
    act(() => RecordedAudio.latest?.onerror?.());
    expect((await within(view.container).findByRole('alert')).textContent).toBe(
      SPEECH_MESSAGES.playbackFailed,
    );
  });
});
