import { describe, expect, it } from 'vitest';
import { providerColor } from './provider';

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
