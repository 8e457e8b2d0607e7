import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL } from '../constants/product';
import { fallbackModel, providerColor } from './provider';

const haiku45 = { id: 'claude-haiku-4-5-20251001', name: 'Claude Haiku 4.5' };
const gpt = { id: 'gpt-4o-mini', name: 'GPT-4o mini' };
const spec = { id: DEFAULT_MODEL, name: 'Claude 3 Haiku' };

describe('fallbackModel', () => {
  it('prefers the spec’s default model wherever it is offered, the default provider first', () => {
    expect(
      fallbackModel([
        { id: 'openai', name: 'OpenAI', models: [gpt] },
        { id: 'bedrock-family', name: 'X', models: [spec] },
        { id: 'anthropic', name: 'Anthropic', models: [haiku45, spec] },
      ]),
    ).toEqual({ provider: 'anthropic', model: DEFAULT_MODEL });
    expect(
      fallbackModel([
        { id: 'openai', name: 'OpenAI', models: [gpt] },
        { id: 'meta', name: 'Meta', models: [spec] },
      ]),
    ).toEqual({ provider: 'meta', model: DEFAULT_MODEL });
  });

  it('else the first model of the first provider that has one; null when none', () => {
    expect(
      fallbackModel([
        { id: 'google', name: 'Google', models: [], error: 'Its models could not be listed' },
        { id: 'anthropic', name: 'Anthropic', models: [haiku45] },
        { id: 'openai', name: 'OpenAI', models: [gpt] },
      ]),
    ).toEqual({ provider: 'anthropic', model: haiku45.id });
    expect(fallbackModel([{ id: 'google', name: 'Google', models: [] }])).toBeNull();
  });
});

describe('providerColor', () => {
  it.each([
    ['anthropic', 'blue'],
    ['openai', 'green'],
    ['mistral', 'amber'],
    ['google', 'purple'],
    ['Anthropic', 'blue'],
    ['custom', 'gray'],
    ['toString', 'gray'],
    [undefined, 'gray'],
  ])('colours %s %s', (id, color) => {
    expect(providerColor(id)).toBe(color);
  });
});
