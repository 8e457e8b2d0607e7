/**
 * Voice's engines (docs/decisions/chat.md, "Voice: a provider's speech model"): the browser's own
 * speech APIs (the default: no audio leaves the browser), or OpenAI's speech models with the
 * user's or the active team's OpenAI key (the audio goes to OpenAI on the key owner's account).
 * Apart from the schemas (schemas/speech.ts), which the chat's first load does not need.
 */
export const SPEECH_ENGINES = ['browser', 'openai'] as const;
export type SpeechEngine = (typeof SPEECH_ENGINES)[number];
