import {
  CreateIdentityProviderCommand,
  ResourceNotFoundException,
  UpdateIdentityProviderCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { PoolIdentityProviders } from '../../domain/teams/team-sso.js';
import type { PoolClientOptions } from './pool-client.js';
import { createPoolClientProviders } from './pool-client-providers.js';

/**
 * A team's identity provider in the user pool: CreateIdentityProvider (UpdateIdentityProvider when
 * it exists), and the app client's SupportedIdentityProviders (pool-client-providers.ts).
 */
export function createPoolIdentityProviders(options: PoolClientOptions): PoolIdentityProviders {
  const onClient = createPoolClientProviders(options);
  const { client } = onClient;
  const UserPoolId = options.userPoolId;

  return {
    async put(name, provider) {
      const attributes = { ProviderDetails: provider.details, AttributeMapping: { email: 'email' } };
      try {
        await client.send(
          new UpdateIdentityProviderCommand({ UserPoolId, ProviderName: name, ...attributes }),
        );
      } catch (error) {
        if (!(error instanceof ResourceNotFoundException)) throw error;
        await client.send(
          new CreateIdentityProviderCommand({
            UserPoolId,
            ProviderName: name,
            ProviderType: provider.type,
            ...attributes,
          }),
        );
      }
      await onClient.setSupported((names) => (names.includes(name) ? names : [...names, name]));
    },
    remove: (name) => onClient.remove(name),
  };
}
