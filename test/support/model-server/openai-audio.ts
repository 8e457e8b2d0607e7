/**
 * OpenAI's audio endpoints as the API answers them: `POST /v1/audio/transcriptions` (multipart:
 * `file`, `model`, `response_format`) answers `{ text }` (or the text alone for `text`), words
 * derived from the upload so a test can tell which recording was sent; `POST /v1/audio/speech`
 * (JSON: `model`, `input`, `voice`, `response_format`) answers a small valid audio file of silence
 * whose length follows the input's (mp3, wav or pcm).
 */
import { type Exchange, sendJson } from './exchange.js';
import { sendError } from './openai-errors.js';

export const TRANSCRIPTION_MODELS = ['gpt-4o-mini-transcribe', 'gpt-4o-transcribe', 'whisper-1'];
export const SPEECH_MODELS = ['gpt-4o-mini-tts', 'tts-1', 'tts-1-hd'];
export const SPEECH_VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'nova',
  'onyx',
  'sage',
  'shimmer',
  'verse',
];

/** What the local model "hears" in a recording of `bytes` bytes. */
export const transcriptOf = (bytes: number) => `Local transcription of ${bytes} bytes of audio.`;

export async function handleAudioApi(exchange: Exchange, raw: Buffer): Promise<void> {
  if (exchange.path === '/v1/audio/transcriptions') return transcribe(exchange, raw);
  if (exchange.path === '/v1/audio/speech') return speak(exchange);
  sendError('openai', exchange, 404, `Unknown path ${exchange.path}`);
}

async function transcribe(exchange: Exchange, raw: Buffer): Promise<void> {
  const type = String(exchange.headers['content-type'] ?? '');
  if (!type.startsWith('multipart/form-data')) {
    return sendError('openai', exchange, 400, 'Invalid Content-Type header, expected multipart/form-data.');
  }
  const form = await new Request('http://model-server/', {
    method: 'POST',
    headers: { 'content-type': type },
    body: new Uint8Array(raw),
  }).formData();
  const file = form.get('file');
  const model = String(form.get('model') ?? '');
  exchange.record.body = {
    model,
    response_format: form.get('response_format'),
    file: file instanceof File ? { name: file.name, type: file.type, size: file.size } : null,
  };
  if (!(file instanceof File))
    return sendError('openai', exchange, 400, "Missing required parameter: 'file'.");
  if (!TRANSCRIPTION_MODELS.includes(model))
    return sendError('openai', exchange, 400, `Invalid model '${model}'.`);
  const text = transcriptOf(file.size);
  if (form.get('response_format') === 'text') {
    exchange.res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    exchange.res.end(text);
    return;
  }
  sendJson(exchange, 200, {
    text,
    usage: { type: 'duration', seconds: Math.max(1, Math.round(file.size / 4000)) },
  });
}

function speak(exchange: Exchange): void {
  const body = (exchange.body ?? {}) as {
    model?: string;
    input?: string;
    voice?: string;
    response_format?: string;
  };
  if (!body.model || !SPEECH_MODELS.includes(body.model)) {
    sendError('openai', exchange, 400, `Invalid model '${String(body.model)}'.`);
    return;
  }
  if (typeof body.input !== 'string' || !body.input || body.input.length > 4096) {
    sendError('openai', exchange, 400, "Invalid 'input': a string of 1 to 4096 characters.");
    return;
  }
  if (!body.voice || !SPEECH_VOICES.includes(body.voice)) {
    sendError('openai', exchange, 400, `Invalid voice '${String(body.voice)}'.`);
    return;
  }
  // About a word every 0.3 s, between 1 and 10 seconds: long enough to press Stop in a test.
  const seconds = Math.min(10, Math.max(1, body.input.length / 15));
  const format = body.response_format ?? 'mp3';
  const audio = AUDIO[format as keyof typeof AUDIO];
  if (!audio) {
    sendError('openai', exchange, 400, `Unsupported response_format '${format}' here (mp3, wav, pcm).`);
    return;
  }
  exchange.res.writeHead(200, { 'content-type': audio.type });
  exchange.res.end(audio.silence(seconds));
}

const PCM_RATE = 24_000;
const pcmSilence = (seconds: number) => Buffer.alloc(Math.round(seconds * PCM_RATE) * 2);

const AUDIO = {
  /**
   * MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, mono: frames whose side info and data are zero decode
   * as silence (Chromium plays it: test/e2e/voice.test.ts).
   */
  mp3: {
    type: 'audio/mpeg',
    silence: (seconds: number) => {
      const frame = Buffer.alloc(417);
      frame.set([0xff, 0xfb, 0x90, 0xc4]);
      const frames = Math.ceil((seconds * 44_100) / 1152);
      return Buffer.concat(Array.from({ length: frames }, () => frame));
    },
  },
  wav: {
    type: 'audio/wav',
    silence: (seconds: number) => {
      const data = pcmSilence(seconds);
      const header = Buffer.alloc(44);
      header.write('RIFF', 0, 'ascii');
      header.writeUInt32LE(36 + data.length, 4);
      header.write('WAVEfmt ', 8, 'ascii');
      header.writeUInt32LE(16, 16);
      header.writeUInt16LE(1, 20); // PCM
      header.writeUInt16LE(1, 22); // mono
      header.writeUInt32LE(PCM_RATE, 24);
      header.writeUInt32LE(PCM_RATE * 2, 28);
      header.writeUInt16LE(2, 32);
      header.writeUInt16LE(16, 34);
      header.write('data', 36, 'ascii');
      header.writeUInt32LE(data.length, 40);
      return Buffer.concat([header, data]);
    },
  },
  pcm: { type: 'audio/pcm', silence: pcmSilence },
};
