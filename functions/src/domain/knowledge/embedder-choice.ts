import { teamProviderId } from '@agentforge/shared';
import type { ProviderCredentials } from '../api-keys/provider-credentials.js';
import type { CredentialsSource } from '../chat/model-resolver.js';
import type { Embedder } from './ports.js';

/** The keyed providers with an embeddings API, in the order a new collection tries them. */
const EMBEDDING_PROVIDERS = ['openai', 'google', 'mistral'] as const;

export interface EmbedderChoiceDeps {
  /** The chat's credentials (team keys as `team:<teamId>:<provider>` while the caller is a member). */
  credentials: CredentialsSource;
  /** Whether the platform's Bedrock embedding model is on (AWS, or the local Bedrock). */
  platform: boolean;
  /** The adapter for a set of credentials; undefined where the provider has no embeddings. */
  create: (credentials: ProviderCredentials) => Embedder | undefined;
}

export interface EmbedderChoice {
  /**
   * The embedding model for a new collection of the caller's (or of their team, `teamId`): the
   * owner's OpenAI, Google or Mistral key first (the team's keys for a team's collection), else
   * the platform's Bedrock model; undefined: no embedding model, keyword search only.
   */
  choose(userId: string, teamId?: string): Promise<Embedder | undefined>;
  /**
   * The embedder of an existing collection's model (its vectors are in that model's index), when
   * the caller can still use it; undefined once the key is gone (keyword search only).
   */
  byModelId(modelId: string, userId: string, teamId?: string): Promise<Embedder | undefined>;
}

export function createEmbedderChoice(deps: EmbedderChoiceDeps): EmbedderChoice {
  const providerId = (provider: string, teamId?: string) =>
    teamId ? teamProviderId(teamId, provider) : provider;
  const platform = () => (deps.platform ? deps.create({ provider: 'bedrock' }) : undefined);

  async function keyed(provider: string, userId: string, teamId?: string): Promise<Embedder | undefined> {
    const credentials = await deps.credentials.resolveCredentials(userId, providerId(provider, teamId));
    return credentials && credentials.provider !== 'bedrock' ? deps.create(credentials) : undefined;
  }

  return {
    async choose(userId, teamId) {
      for (const provider of EMBEDDING_PROVIDERS) {
        const embedder = await keyed(provider, userId, teamId);
        if (embedder) return embedder;
      }
      return platform();
    },
    async byModelId(modelId, userId, teamId) {
      const provider = modelId.slice(0, modelId.indexOf(':'));
      const embedder =
        provider === 'bedrock'
          ? platform()
          : (EMBEDDING_PROVIDERS as readonly string[]).includes(provider)
            ? await keyed(provider, userId, teamId)
            : undefined;
      return embedder?.modelId === modelId ? embedder : undefined;
    },
  };
}
