import { describe, expect, it } from 'vitest';
import { platformProvidersFrom } from './platform-providers.js';

describe('platformProvidersFrom', () => {
  it('groups the platform models into one provider per family, in order', () => {
    expect(
      platformProvidersFrom([
        { family: 'anthropic', model: 'claude-3-haiku-20240307', name: 'Claude 3 Haiku' },
        { family: 'meta', model: 'llama-3.3-70b-instruct', name: 'Llama 3.3 70B' },
        { family: 'anthropic', model: 'claude-sonnet-4-5', name: 'Claude Sonnet 4.5' },
      ]),
    ).toEqual([
      {
        id: 'anthropic',
        name: 'Anthropic',
        models: [
          { id: 'claude-3-haiku-20240307', name: 'Claude 3 Haiku' },
          { id: 'claude-sonnet-4-5', name: 'Claude Sonnet 4.5' },
        ],
      },
      { id: 'meta', name: 'Meta', models: [{ id: 'llama-3.3-70b-instruct', name: 'Llama 3.3 70B' }] },
    ]);
  });
});
