import { type ConversationMetadata, fallbackModel, type Provider } from '@agentforge/shared';

/** The provider and model a conversation chats with. */
export type ModelChoice = { provider: string; model: string };

export const choiceOf = (metadata: ConversationMetadata): ModelChoice => ({
  provider: metadata.defaultProvider,
  model: metadata.defaultModel,
});

export const metadataOf = (choice: ModelChoice): ConversationMetadata => ({
  defaultProvider: choice.provider,
  defaultModel: choice.model,
});

export const sameChoice = (a: ModelChoice | null, b: ModelChoice | null) =>
  a?.provider === b?.provider && a?.model === b?.model;

export function isAvailable(choice: ModelChoice, providers: readonly Provider[]): boolean {
  const provider = providers.find((p) => p.id === choice.provider);
  return provider?.models.some((m) => m.id === choice.model) ?? false;
}

/**
 * Spec 4 "Provider fallback": the wanted provider and model when the user can use them, else the
 * spec's default model where offered, else the first available provider and model (null when there
 * is none): see fallbackModel.
 */
export function resolveChoice(wanted: ModelChoice, providers: readonly Provider[]): ModelChoice | null {
  return isAvailable(wanted, providers) ? wanted : fallbackModel(providers);
}
