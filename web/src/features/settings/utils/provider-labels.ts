import {
  API_KEY_PROVIDERS,
  type ApiKeyProvider,
  CUSTOM_PROVIDER_LABEL,
  PROVIDER_DISPLAY_NAMES,
} from '@agentforge/shared';

/** Short names, for the badges of stored keys. */
export const KEY_PROVIDER_NAMES = Object.fromEntries(
  API_KEY_PROVIDERS.map((id) => [id, PROVIDER_DISPLAY_NAMES[id]]),
) as Readonly<Record<ApiKeyProvider, string>>;

/** How the settings name each kind of key. */
export const KEY_PROVIDER_LABELS: Readonly<Record<ApiKeyProvider, string>> = {
  ...KEY_PROVIDER_NAMES,
  custom: CUSTOM_PROVIDER_LABEL,
};
