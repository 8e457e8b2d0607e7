import { describe, expect, it } from 'vitest';
import { SPEECH_MESSAGES } from '../messages/voice';
import {
  base64Bytes,
  MAX_SPEECH_AUDIO_BYTES,
  MAX_SPEECH_TEXT_CHARS,
  synthesisBodySchema,
  transcriptionBodySchema,
} from './speech';
import { userPreferencesSchema } from './user';

const base64Of = (bytes: number) => Buffer.alloc(bytes).toString('base64');

describe('speech schemas', () => {
  it('takes a recording up to the cap and refuses one byte more, saying the limit', () => {
    expect(
      transcriptionBodySchema.safeParse({ audio: base64Of(MAX_SPEECH_AUDIO_BYTES), mimeType: 'audio/webm' })
        .success,
    ).toBe(true);
    const over = transcriptionBodySchema.safeParse({
      audio: base64Of(MAX_SPEECH_AUDIO_BYTES + 1),
      mimeType: 'audio/webm',
    });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe(SPEECH_MESSAGES.recordingTooLarge);
  });

  it("takes MediaRecorder's audio types (with codecs) and refuses others and non-base64", () => {
    for (const mimeType of ['audio/webm;codecs=opus', 'audio/ogg; codecs=opus', 'audio/mp4', 'audio/wav']) {
      expect(transcriptionBodySchema.safeParse({ audio: 'AAAA', mimeType }).success, mimeType).toBe(true);
    }
    expect(transcriptionBodySchema.safeParse({ audio: 'AAAA', mimeType: 'text/html' }).success).toBe(false);
    expect(transcriptionBodySchema.safeParse({ audio: '<svg>', mimeType: 'audio/webm' }).success).toBe(false);
    expect(
      transcriptionBodySchema.safeParse({ audio: 'AAAA', mimeType: 'audio/webm', extra: 1 }).success,
    ).toBe(false);
  });

  it('caps the text read aloud in one call and knows the voices', () => {
    expect(synthesisBodySchema.safeParse({ text: 'a'.repeat(MAX_SPEECH_TEXT_CHARS) }).success).toBe(true);
    expect(synthesisBodySchema.safeParse({ text: 'a'.repeat(MAX_SPEECH_TEXT_CHARS + 1) }).success).toBe(
      false,
    );
    expect(synthesisBodySchema.safeParse({ text: '   ' }).success).toBe(false);
    expect(synthesisBodySchema.safeParse({ text: 'Hi', voice: 'nova' }).success).toBe(true);
    expect(synthesisBodySchema.safeParse({ text: 'Hi', voice: 'robot' }).success).toBe(false);
  });

  it('counts the bytes of base64', () => {
    for (const bytes of [0, 1, 2, 3, 4, 100]) expect(base64Bytes(base64Of(bytes))).toBe(bytes);
  });

  it("keeps the engine in the user's preferences: browser or openai", () => {
    expect(userPreferencesSchema.safeParse({ speechEngine: 'openai' }).success).toBe(true);
    expect(userPreferencesSchema.safeParse({ speechEngine: 'browser' }).success).toBe(true);
    expect(userPreferencesSchema.safeParse({ speechEngine: 'google' }).success).toBe(false);
  });
});
