import { describe, expect, it } from 'vitest';
import { apiKeyViewSchema, createApiKeyBodySchema, lastFour, validateApiKeyBodySchema } from './api-key';

const pathsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path) ?? [];

describe('createApiKeyBodySchema', () => {
  it('accepts a known provider with a key', () => {
    expect(
      createApiKeyBodySchema.safeParse({ provider: 'openai', apiKey: 'sk-123', label: 'Work' }).success,
    ).toBe(true);
  });

  it('requires a key for every provider but custom', () => {
    expect(pathsOf(createApiKeyBodySchema.safeParse({ provider: 'anthropic' }))).toEqual([['apiKey']]);
  });

  it('requires a base URL for a custom provider but not a key', () => {
    expect(pathsOf(createApiKeyBodySchema.safeParse({ provider: 'custom' }))).toEqual([['baseUrl']]);
    expect(
      createApiKeyBodySchema.safeParse({ provider: 'custom', baseUrl: 'http://localhost:11434/v1' }).success,
    ).toBe(true);
  });

  it('rejects a base URL that is not an http(s) URL', () => {
    expect(createApiKeyBodySchema.safeParse({ provider: 'custom', baseUrl: 'localhost:11434' }).success).toBe(
      false,
    );
    expect(
      createApiKeyBodySchema.safeParse({ provider: 'custom', baseUrl: 'file:///etc/passwd' }).success,
    ).toBe(false);
  });

  it('rejects unknown providers', () => {
    expect(createApiKeyBodySchema.safeParse({ provider: 'acme', apiKey: 'k' }).success).toBe(false);
  });
});

describe('validateApiKeyBodySchema', () => {
  it('applies the same custom/base URL rule', () => {
    expect(pathsOf(validateApiKeyBodySchema.safeParse({ provider: 'custom', apiKey: 'k' }))).toEqual([
      ['baseUrl'],
    ]);
  });
});

describe('the masked key view', () => {
  it('shows only the last 4 characters', () => {
    const view = {
      id: 'k1',
      provider: 'openai',
      label: 'Work',
      last4: lastFour('sk-abcdef1234'),
      createdAt: 1,
    };
    expect(apiKeyViewSchema.parse(view).last4).toBe('1234');
    expect(apiKeyViewSchema.safeParse({ ...view, last4: 'sk-abcdef1234' }).success).toBe(false);
  });
});
