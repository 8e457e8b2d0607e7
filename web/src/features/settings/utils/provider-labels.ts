import type { ApiKeyProvider } from '@agentforge/shared';

/** How the settings name each kind of key. */
export const KEY_PROVIDER_LABELS: Readonly<Record<ApiKeyProvider, string>> = {
  anthropic: 'Anthropic',
  openai: 'OpenAI',
  google: 'Google',
  mistral: 'Mistral',
  custom: 'Custom (OpenAI-compatible)',
};

/** Short names, for the badges of stored keys. */
export const KEY_PROVIDER_NAMES: Readonly<Record<ApiKeyProvider, string>> = {
  ...KEY_PROVIDER_LABELS,
  custom: 'Custom',
};
