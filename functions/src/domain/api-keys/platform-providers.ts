import { type Provider, providerDisplayName } from '@agentforge/shared';

/** A model the platform serves through Bedrock, named as its family's own API names it. */
export interface PlatformModel {
  family: string;
  /** e.g. `claude-3-haiku-20240307`; the Bedrock adapter maps it to a Bedrock model id. */
  model: string;
  name: string;
}

/**
 * The platform's Bedrock models as providers, one per family (`anthropic`, `meta`, ...), in the
 * order the families first appear. The chat and the web app see family ids, never `bedrock`:
 * resolveCredentials maps a family without a user key to the platform's Bedrock.
 */
export function platformProvidersFrom(models: readonly PlatformModel[]): Provider[] {
  const byFamily = new Map<string, Provider>();
  for (const { family, model, name } of models) {
    let provider = byFamily.get(family);
    if (!provider) {
      provider = { id: family, name: providerDisplayName(family), models: [] };
      byFamily.set(family, provider);
    }
    provider.models.push({ id: model, name });
  }
  return [...byFamily.values()];
}
