import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.js';
import { expectAccessible, fromAccountMenu, loginAs, setUpE2e, signUpWithModel } from './fixtures.js';

// Chromium's fake microphone (a beep), granted without a prompt: MediaRecorder records it.
const e2e = setUpE2e('voice', {
  chromiumArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
});

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

  it("dictates with OpenAI's speech model on the user's key, where the browser has no speech APIs, and reads the reply aloud with it", {
    timeout: 150_000,
  }, async () => {
    const { email, idToken } = await signUpWithModel(e2e, 'voice-openai');
    const key = await apiAs(e2e.stack.apiUrl, idToken).post('/api-keys', {
      provider: 'openai',
      apiKey: 'sk-voice-e2e',
      baseUrl: e2e.models.baseUrls.openai,
    });
    expect(key.status).toBe(201);
    const page = await e2e.openPage(PHONE);
    // No SpeechRecognition here (as in Firefox): the provider's engine makes dictation available.
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'webkitSpeechRecognition');
      Reflect.deleteProperty(window, 'SpeechRecognition');
    });
    await loginAs(e2e, page, email);
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.waitFor();
    expect(await page.getByRole('button', { name: 'Dictate' }).count()).toBe(0);

    // Settings → Voice: OpenAI, by keyboard.
    await page
      .getByRole('button', { name: 'Open sidebar' })
      .click()
      .catch(() => undefined);
    await fromAccountMenu(page, 'Settings');
    const openai = page.getByRole('radio', { name: 'OpenAI (your key)' });
    await openai.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => openai.getAttribute('aria-checked')).toBe('true');
    await page.getByText(/sent to OpenAI with your OpenAI key/).waitFor();
    await expectAccessible(page, "Settings' Voice engine, on a phone");
    await page.keyboard.press('Escape');

    const mic = page.getByRole('button', { name: 'Dictate' });
    await mic.click();
    await page.getByRole('status').filter({ hasText: 'Recording…' }).waitFor();
    expect(await mic.getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(page, 'recording, on a phone');
    await e2e.screenshot(page, '3-recording');
    await page.waitForTimeout(1_500);
    await page.keyboard.press('Control+Shift+Space');
    await expect
      .poll(() => input.inputValue(), { timeout: 20_000 })
      .toMatch(/^Local transcription of \d+ bytes of audio\.$/);
    const upload = e2e.models.requests.findLast((request) => request.path === '/v1/audio/transcriptions');
    expect(upload?.body).toMatchObject({ model: 'gpt-4o-mini-transcribe', file: { type: 'audio/webm' } });
    const uploaded = (upload?.body as { file: { size: number } } | undefined)?.file.size ?? 0;
    expect(uploaded).toBeGreaterThan(1_000);
    expect(await input.inputValue()).toBe(`Local transcription of ${uploaded} bytes of audio.`);

    // Read aloud on OpenAI's engine: the model server's MP3, played by Chromium from a blob: URL.
    await page.evaluate(recordPlayback);
    await input.press('Enter');
    const reply = page.getByRole('article', { name: 'Reply' }).last();
    await reply.getByText(`Echo: Local transcription of ${uploaded} bytes of audio.`).waitFor();
    const read = reply.getByRole('button', { name: 'Read aloud' });
    await read.click();
    const stop = reply.getByRole('button', { name: 'Stop reading' });
    await stop.waitFor();
    // Decoded and playing: its time goes on.
    const audio = () => page.evaluate(playback);
    await expect.poll(async () => (await audio()).time, { timeout: 20_000 }).toBeGreaterThan(0.2);
    expect((await audio()).source).toBe('blob:');
    const speech = e2e.models.requests.findLast((request) => request.path === '/v1/audio/speech');
    expect(speech?.body).toMatchObject({
      model: 'gpt-4o-mini-tts',
      voice: 'alloy',
      response_format: 'mp3',
      input: `Echo: Local transcription of ${uploaded} bytes of audio.`,
    });
    await expectAccessible(page, 'a reply read aloud by OpenAI, on a phone');
    await e2e.screenshot(page, '4-openai-reading');

    // Stop by keyboard (Ctrl+Shift+L): the audio pauses and the button is 'Read aloud' again.
    await page.keyboard.press('Control+Shift+L');
    await read.waitFor();
    expect(await audio()).toMatchObject({ paused: true, errors: [] });

    // Read again by keyboard, it ends by itself (about 3 s of audio).
    await page.keyboard.press('Control+Shift+L');
    await stop.waitFor();
    await read.waitFor({ timeout: 20_000 });
    expect(await audio()).toMatchObject({ ended: true, errors: [] });
    expect(await reply.getByRole('alert').count()).toBe(0);
  });
});

type PlaybackWindow = Window & {
  playback: { element?: HTMLMediaElement; errors: string[] };
};

/** Runs in the page: keeps the <audio> element the reader plays (it is not in the document). */
function recordPlayback() {
  const state: PlaybackWindow['playback'] = { errors: [] };
  (window as unknown as PlaybackWindow).playback = state;
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (state.element !== this) {
      state.element = this;
      this.addEventListener('error', () => state.errors.push(String(this.error?.message)));
    }
    return play.call(this);
  };
}

/** What the page's audio element is doing (in the page). */
function playback() {
  const { element } = (window as unknown as PlaybackWindow).playback;
  return {
    time: element?.currentTime ?? 0,
    paused: element?.paused ?? true,
    ended: element?.ended ?? false,
    source: element?.currentSrc.slice(0, 5),
    errors: (window as unknown as PlaybackWindow).playback.errors,
  };
}
