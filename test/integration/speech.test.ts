import { SPEECH_MESSAGES } from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, startModelServer } from '../support/model-server/index.js';
import { transcriptOf } from '../support/model-server/openai-audio.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;

beforeAll(async () => {
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
  models = await startModelServer();
});
afterAll(async () => {
  await models?.stop();
  await stack?.stop();
});

async function signUp(): Promise<Api> {
  return apiAs(stack.apiUrl, (await signUpAndSignIn()).idToken);
}

/** A user on Free (every new account) with an OpenAI key whose API is the local model server. */
async function withOpenAiKey(): Promise<Api> {
  const api = await signUp();
  const key = await api.post('/api-keys', {
    provider: 'openai',
    apiKey: 'sk-speech-test',
    baseUrl: models.baseUrls.openai,
  });
  expect(key.status).toBe(201);
  return api;
}

const recording = Buffer.from('OggS fake opus recording for the local model server');
const audioRequests = (path: string) => models.requests.filter((request) => request.path === path);

describe('voice with OpenAI speech models', () => {
  it("transcribes a recording with the user's OpenAI key through OpenAI's multipart API, on the Free plan", async () => {
    const api = await withOpenAiKey();
    const response = await api.post('/speech/transcriptions', {
      audio: recording.toString('base64'),
      mimeType: 'audio/webm;codecs=opus',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ text: transcriptOf(recording.length) });
    const sent = audioRequests('/v1/audio/transcriptions').at(-1);
    expect(sent?.headers.authorization).toBe('Bearer sk-speech-test');
    expect(sent?.body).toEqual({
      model: 'gpt-4o-mini-transcribe',
      response_format: null,
      file: { name: 'audio.webm', type: 'audio/webm', size: recording.length },
    });
  });

  it('synthesizes a part of a reply as MP3 (base64), with the voice asked for', async () => {
    const api = await withOpenAiKey();
    const response = await api.post('/speech/synthesis', { text: 'Hello from the reply.', voice: 'nova' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.mimeType).toBe('audio/mpeg');
    const mp3 = Buffer.from(String(response.body.audio), 'base64');
    expect([...mp3.subarray(0, 2)]).toEqual([0xff, 0xfb]);
    expect(audioRequests('/v1/audio/speech').at(-1)?.body).toMatchObject({
      model: 'gpt-4o-mini-tts',
      input: 'Hello from the reply.',
      voice: 'nova',
      response_format: 'mp3',
    });
  });

  it('refuses a user without an OpenAI key with what to do, and calls no model', async () => {
    const api = await signUp();
    const before = models.requests.length;
    const transcription = await api.post('/speech/transcriptions', { audio: 'AAAA', mimeType: 'audio/webm' });
    expect(transcription.status).toBe(400);
    expect(transcription.body.message).toBe(SPEECH_MESSAGES.noOpenAiKey);
    const synthesis = await api.post('/speech/synthesis', { text: 'Hello' });
    expect(synthesis.status).toBe(400);
    expect(synthesis.body.message).toBe(SPEECH_MESSAGES.noOpenAiKey);
    // Naming a team one is not in gives no key either.
    const team = await api.post('/speech/synthesis', { text: 'Hello', teamId: 'not-my-team' });
    expect(team.body.message).toBe(SPEECH_MESSAGES.noOpenAiKey);
    expect(models.requests.length).toBe(before);
  });

  it('refuses a recording over the cap, an unknown audio type and an over-long text before any call', async () => {
    const api = await withOpenAiKey();
    const before = models.requests.length;
    const tooLong = await api.post('/speech/transcriptions', {
      audio: Buffer.alloc(3 * 1024 * 1024 + 3).toString('base64'),
      mimeType: 'audio/webm',
    });
    expect(tooLong.status).toBe(400);
    expect(String(tooLong.body.message)).toContain(SPEECH_MESSAGES.recordingTooLarge);
    const badType = await api.post('/speech/transcriptions', { audio: 'AAAA', mimeType: 'text/html' });
    expect(badType.status).toBe(400);
    const longText = await api.post('/speech/synthesis', { text: 'a'.repeat(1_501) });
    expect(longText.status).toBe(400);
    expect(models.requests.length).toBe(before);
  });
});
