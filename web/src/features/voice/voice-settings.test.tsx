import { VOICE_MESSAGES } from '@agentforge/shared';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  axeViolations,
  installSpeechRecognition,
  installSpeechSynthesis,
} from '../../testing/speech-doubles';
import { VoiceSettings } from './voice-settings';

const uninstalls: (() => void)[] = [];
afterEach(() => {
  for (const uninstall of uninstalls.splice(0)) uninstall();
});

const row = (name: string) => within(screen.getByText(name).closest('div') as HTMLElement);

describe("Settings' Voice section", () => {
  it('says the audio stays in the browser and what this browser offers', async () => {
    uninstalls.push(installSpeechSynthesis().uninstall);
    const view = render(<VoiceSettings />);
    expect(screen.getByText(VOICE_MESSAGES.audioStaysInBrowser)).toBeTruthy();
    expect(row('Dictation').getByText('Not in this browser')).toBeTruthy();
    expect(row('Read aloud').getByText('Available')).toBeTruthy();
    expect(row('Read aloud').getByText('· Ctrl+Shift+L')).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('lists dictation where the browser has speech recognition', () => {
    uninstalls.push(installSpeechRecognition());
    render(<VoiceSettings />);
    expect(row('Dictation').getByText('Available')).toBeTruthy();
    expect(row('Read aloud').getByText('Not in this browser')).toBeTruthy();
  });
});
