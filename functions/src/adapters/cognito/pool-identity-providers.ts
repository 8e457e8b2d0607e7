import {
  CreateIdentityProviderCommand,
  InvalidParameterException,
  ResourceNotFoundException,
  UpdateIdentityProviderCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ValidationError } from '../../domain/errors.js';
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
      // An OpenID provider says whether it verified the address (the pre-sign-up link to a password
      // account needs a verified one); a SAML assertion has no such claim.
      const mapping: Record<string, string> =
        provider.type === 'OIDC' ? { email: 'email', email_verified: 'email_verified' } : { email: 'email' };
      const attributes = { ProviderDetails: provider.details, AttributeMapping: mapping };
      try {
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
      } catch (error) {
        // Cognito's word on the provider (e.g. SAML metadata it cannot read) is the Admin's to fix.
        if (error instanceof InvalidParameterException)
          throw new ValidationError(`The identity provider was refused: ${error.message}`);
        throw error;
      }
      await onClient.setSupported((names) => (names.includes(name) ? names : [...names, name]));
    },
    remove: (name) => onClient.remove(name),
  };
}
