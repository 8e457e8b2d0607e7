import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, loginAs, setUpE2e, signUpWithModel } from './fixtures.js';

const e2e = setUpE2e('voice');

const PHONE = { width: 390, height: 844 };

type SpeechWindow = Window & {
  speech: {
    /** What the scripted recognition hears next (interim or final). */
    hear: (transcript: string, isFinal: boolean) => void;
    listening: () => boolean;
    spoken: string[];
    cancels: number;
  };
};

/**
 * Runs in the page before the app: a scripted SpeechRecognition (the test says what it hears) and
 * a speechSynthesis that records what it is asked to say (and reads nothing out).
 */
function installSpeechDoubles() {
  type Listener = ((event: unknown) => void) | null;
  let active: ScriptedRecognition | null = null;
  class ScriptedRecognition {
    lang = '';
    continuous = false;
    interimResults = false;
    onresult: Listener = null;
    onerror: Listener = null;
    onend: Listener = null;
    results: { 0: { transcript: string }; length: 1; isFinal: boolean }[] = [];
    start() {
      active = this;
    }
    stop() {
      if (active !== this) return;
      active = null;
      this.onend?.({});
    }
    abort() {
      this.stop();
    }
  }
  const queued: { onend: Listener; onerror: Listener }[] = [];
  const speech = {
    hear(transcript: string, isFinal: boolean) {
      const session = active;
      if (!session) throw new Error('Not listening');
      if (session.results.at(-1)?.isFinal === false) session.results.pop();
      session.results.push({ 0: { transcript }, length: 1, isFinal });
      session.onresult?.({ resultIndex: session.results.length - 1, results: [...session.results] });
    },
    listening: () => active !== null,
    spoken: [] as string[],
    cancels: 0,
  };
  class RecordedUtterance {
    onend: Listener = null;
    onerror: Listener = null;
    constructor(readonly text: string) {}
  }
  Object.assign(window, {
    speech,
    SpeechRecognition: ScriptedRecognition,
    webkitSpeechRecognition: ScriptedRecognition,
    SpeechSynthesisUtterance: RecordedUtterance,
  });
  Object.defineProperty(window, 'speechSynthesis', {
    configurable: true,
    value: {
      speak(utterance: RecordedUtterance) {
        speech.spoken.push(utterance.text);
        queued.push(utterance);
      },
      cancel() {
        speech.cancels += 1;
        for (const utterance of queued.splice(0)) utterance.onerror?.({ error: 'interrupted' });
      },
    },
  });
}

const speech = (page: Page) => ({
  hear: (transcript: string, isFinal: boolean) =>
    page.evaluate(([t, f]) => (window as unknown as SpeechWindow).speech.hear(t, f), [
      transcript,
      isFinal,
    ] as const),
  listening: () => page.evaluate(() => (window as unknown as SpeechWindow).speech.listening()),
  spoken: () => page.evaluate(() => (window as unknown as SpeechWindow).speech.spoken),
  cancels: () => page.evaluate(() => (window as unknown as SpeechWindow).speech.cancels),
});

describe('voice', () => {
  it('dictates a message into the box on a phone, sends it, reads the reply aloud and stops', async () => {
    const { email } = await signUpWithModel(e2e, 'voice');
    const page = await e2e.openPage(PHONE);
    await page.addInitScript(installSpeechDoubles);
    await loginAs(e2e, page, email);
    const voice = speech(page);
    const input = page.getByRole('textbox', { name: 'Message' });
    const mic = page.getByRole('button', { name: 'Dictate' });

    await mic.click();
    expect(await mic.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('status').filter({ hasText: 'Listening…' }).waitFor();
    await voice.hear('summarise the', false);
    await page.getByText('summarise the', { exact: true }).waitFor();
    await expectAccessible(page, 'dictating, on a phone');
    await e2e.screenshot(page, '1-listening');
    await voice.hear('Summarise the report', true);
    await expect.poll(() => input.inputValue()).toBe('Summarise the report');

    // The shortcut stops it; the words stay in the box.
    await page.keyboard.press('Control+Shift+Space');
    await expect.poll(() => mic.getAttribute('aria-pressed')).toBe('false');
    expect(await voice.listening()).toBe(false);
    await input.press('Enter');
    const reply = page.getByRole('article', { name: 'Reply' }).last();
    await reply.getByText('Echo: Summarise the report').waitFor();

    const read = reply.getByRole('button', { name: 'Read aloud' });
    await read.click();
    await reply.getByRole('button', { name: 'Stop reading' }).waitFor();
    expect(await voice.spoken()).toEqual(['Echo: Summarise the report']);
    await expectAccessible(page, 'a reply being read aloud, on a phone');
    await e2e.screenshot(page, '2-reading');
    await reply.getByRole('button', { name: 'Stop reading' }).click();
    await read.waitFor();
    expect(await voice.cancels()).toBeGreaterThan(0);

    // Ctrl+Shift+L reads the latest reply, and stops it.
    await page.keyboard.press('Control+Shift+L');
    await reply.getByRole('button', { name: 'Stop reading' }).waitFor();
    expect(await voice.spoken()).toEqual(['Echo: Summarise the report', 'Echo: Summarise the report']);
    await page.keyboard.press('Control+Shift+L');
    await read.waitFor();
  });
});
