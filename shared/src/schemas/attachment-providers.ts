import { parseTeamProviderId } from './teams';

/**
 * Whether the chat sends images to this provider (`anthropic`, `openai`, `google`, `bedrock`:
 * their chat models take images); Mistral's small models and Custom endpoints may not, so images
 * there are refused with ATTACHMENT_MESSAGES.modelRefusesImages.
 */
export function providerAcceptsImages(provider: string): boolean {
  // A team's key (`team:<teamId>:<provider>`) is the same provider's models.
  const base = parseTeamProviderId(provider)?.providerId ?? provider;
  return ['anthropic', 'openai', 'google', 'bedrock'].includes(base);
}
