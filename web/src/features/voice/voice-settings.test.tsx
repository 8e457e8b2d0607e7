import { SPEECH_MESSAGES, type UserPreferences, VOICE_MESSAGES } from '@agentforge/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMicrophone } from '../../testing/media-doubles';
import { queryWrapper } from '../../testing/query';
import {
  axeViolations,
  installSpeechRecognition,
  installSpeechSynthesis,
} from '../../testing/speech-doubles';
import * as preferencesApi from '../settings/api/preferences';
import { setSpeechEngine, speechEngine } from './lazy-voice';
import { VoiceSettings } from './voice-settings';

vi.mock('../settings/api/preferences');

const uninstalls: (() => void)[] = [];
let stored: UserPreferences;
beforeEach(() => {
  stored = { theme: 'dark' };
  vi.mocked(preferencesApi.getPreferences).mockImplementation(async () => stored);
  vi.mocked(preferencesApi.savePreferences).mockImplementation(async (next) => {
    stored = next;
    return next;
  });
});
afterEach(() => {
  for (const uninstall of uninstalls.splice(0)) uninstall();
  setSpeechEngine('browser');
  vi.resetAllMocks();
});

const row = (name: string) => within(screen.getByText(name).closest('div') as HTMLElement);
const renderSettings = () => render(<VoiceSettings />, { wrapper: queryWrapper() });

describe("Settings' Voice section", () => {
  it('says the audio stays in the browser and what this browser offers', async () => {
    uninstalls.push(installSpeechSynthesis().uninstall);
    const view = renderSettings();
    expect(screen.getByText(VOICE_MESSAGES.audioStaysInBrowser)).toBeTruthy();
    expect(row('Dictation').getByText('Not in this browser')).toBeTruthy();
    expect(row('Read aloud').getByText('Available')).toBeTruthy();
    expect(row('Read aloud').getByText('· Ctrl+Shift+L')).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('lists dictation where the browser has speech recognition', () => {
    uninstalls.push(installSpeechRecognition());
    renderSettings();
    expect(row('Dictation').getByText('Available')).toBeTruthy();
    expect(row('Read aloud').getByText('Not in this browser')).toBeTruthy();
  });

  it("offers OpenAI by keyboard, even without the browser's speech features, and saves it in the preferences", async () => {
    uninstalls.push(installMicrophone().uninstall);
    const view = renderSettings();
    const inBrowser = await screen.findByRole('radio', { name: SPEECH_MESSAGES.engineBrowser });
    expect(inBrowser.getAttribute('aria-checked')).toBe('true');
    expect(inBrowser.getAttribute('aria-describedby')).toBeTruthy();
    const openai = screen.getByRole('radio', { name: SPEECH_MESSAGES.engineOpenAi });
    openai.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(openai.getAttribute('aria-checked')).toBe('true'));
    await waitFor(() => expect(stored).toEqual({ theme: 'dark', speechEngine: 'openai' }));
    expect(speechEngine()).toBe('openai');
    expect(screen.queryByText(VOICE_MESSAGES.audioStaysInBrowser)).toBeNull();
    expect(screen.getByText(SPEECH_MESSAGES.engineOpenAiHint)).toBeTruthy();
    // A recording and an <audio> element are all OpenAI's engine needs here.
    expect(row('Dictation').getByText('Available')).toBeTruthy();
    expect(row('Read aloud').getByText('Available')).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('says when the choice could not be saved, and keeps the saved one', async () => {
    vi.mocked(preferencesApi.savePreferences).mockRejectedValue(new Error('Network error'));
    renderSettings();
    await userEvent.click(await screen.findByRole('radio', { name: SPEECH_MESSAGES.engineOpenAi }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The voice engine could not be saved: Network error',
    );
    expect(
      screen.getByRole('radio', { name: SPEECH_MESSAGES.engineBrowser }).getAttribute('aria-checked'),
    ).toBe('true');
  });
});
