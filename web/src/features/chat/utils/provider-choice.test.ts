import type { Provider } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { resolveChoice } from './provider-choice';

const PROVIDERS: Provider[] = [
  { id: 'empty', name: 'No models', models: [] },
  { id: 'openai', name: 'OpenAI', models: [{ id: 'gpt-4o-mini', name: 'GPT-4o mini' }] },
  { id: 'custom:k1', name: 'Local', models: [{ id: 'llama3.2:latest', name: 'llama3.2:latest' }] },
];

describe('resolveChoice (spec 4 "Provider fallback")', () => {
  it('keeps an available provider and model', () => {
    const wanted = { provider: 'custom:k1', model: 'llama3.2:latest' };
    expect(resolveChoice(wanted, PROVIDERS)).toBe(wanted);
  });

  it('falls back to the first available provider and model when the provider is unavailable', () => {
    expect(resolveChoice({ provider: 'anthropic', model: 'claude-3-haiku-20240307' }, PROVIDERS)).toEqual({
      provider: 'openai',
      model: 'gpt-4o-mini',
    });
  });

  it('falls back as well when only the model is unavailable', () => {
    expect(resolveChoice({ provider: 'custom:k1', model: 'gone' }, PROVIDERS)).toEqual({
      provider: 'openai',
      model: 'gpt-4o-mini',
    });
  });

  it('has nothing to offer without providers that have models', () => {
    expect(resolveChoice({ provider: 'openai', model: 'x' }, [])).toBeNull();
    expect(resolveChoice({ provider: 'openai', model: 'x' }, [PROVIDERS[0] as Provider])).toBeNull();
  });

  it('prefers the spec’s default model where a provider offers it (a retired model in an old chat too)', () => {
    const withDefault: Provider[] = [
      ...PROVIDERS,
      {
        id: 'anthropic',
        name: 'Anthropic',
        models: [{ id: 'claude-3-haiku-20240307', name: 'Claude 3 Haiku' }],
      },
    ];
    expect(resolveChoice({ provider: 'anthropic', model: 'claude-3-5-haiku-20241022' }, withDefault)).toEqual(
      {
        provider: 'anthropic',
        model: 'claude-3-haiku-20240307',
      },
    );
  });
});
