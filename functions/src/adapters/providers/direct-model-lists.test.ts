import { describe, expect, it } from 'vitest';
import { cachedModelList, chatModelsFrom } from './direct-model-lists.js';

describe('chatModelsFrom', () => {
  it('keeps OpenAI’s chat models, ours first in our order and names, then the rest', () => {
    const body = {
      data: [
        'text-embedding-3-small',
        'gpt-4o-mini',
        'gpt-9-turbo',
        'whisper-1',
        'gpt-4o-audio-preview',
        'gpt-5',
      ].map((id) => ({ id, object: 'model' })),
    };
    expect(chatModelsFrom('openai', body)).toEqual([
      { id: 'gpt-5', name: 'GPT-5' },
      { id: 'gpt-4o-mini', name: 'GPT-4o mini' },
      { id: 'gpt-9-turbo', name: 'gpt-9-turbo' },
    ]);
  });

  it('reads Google’s generateContent models and Anthropic’s and Mistral’s names', () => {
    expect(
      chatModelsFrom('google', {
        models: [
          {
            name: 'models/gemini-9-pro',
            displayName: 'Gemini 9 Pro',
            supportedGenerationMethods: ['generateContent'],
          },
          { name: 'models/text-embedding-004', supportedGenerationMethods: ['embedContent'] },
        ],
      }),
    ).toEqual([{ id: 'gemini-9-pro', name: 'Gemini 9 Pro' }]);
    expect(
      chatModelsFrom('anthropic', { data: [{ id: 'claude-next', display_name: 'Claude Next' }] }),
    ).toEqual([{ id: 'claude-next', name: 'Claude Next' }]);
    expect(
      chatModelsFrom('mistral', {
        data: [
          { id: 'mistral-embed', capabilities: { completion_chat: false } },
          { id: 'codestral-latest', name: 'Codestral', capabilities: { completion_chat: true } },
        ],
      }),
    ).toEqual([{ id: 'codestral-latest', name: 'Codestral' }]);
  });

  it('rejects an answer that is not a model list', () => {
    expect(() => chatModelsFrom('openai', { error: 'nope' })).toThrow('/models did not answer a model list');
  });
});

describe('cachedModelList', () => {
  it('loads once per key while fresh, apart for each key, and never keeps a failure', async () => {
    let loads = 0;
    const load = async () => {
      loads++;
      return [{ id: 'm', name: 'M' }];
    };
    const key = (apiKey: string) => ({
      provider: 'openai' as const,
      baseUrl: 'https://cache.test/v1',
      apiKey,
    });
    await cachedModelList(key('sk-a'), load, 0);
    await cachedModelList(key('sk-a'), load, 1000);
    expect(loads).toBe(1);
    await cachedModelList(key('sk-b'), load, 1000);
    expect(loads).toBe(2);
    await cachedModelList(key('sk-a'), load, 10 * 60_000);
    expect(loads).toBe(3);

    await expect(
      cachedModelList(key('sk-c'), async () => Promise.reject(new Error('401')), 0),
    ).rejects.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cachedModelList(key('sk-c'), load, 1)).toEqual([{ id: 'm', name: 'M' }]);
  });
});
