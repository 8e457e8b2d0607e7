import { identityProviderNames, ssoJoinResponseSchema } from '@agentforge/shared';
import { apiClient } from '../../../lib/api-client';
import { amplifySession } from './identity-loader';

/** A user of a team's identity provider, as Cognito names them: `team-<team id>_<subject>`. */
const SSO_USERNAME = /^team-[0-9a-z]{26}_/;
/** A team's identity provider (`team-<team id>`), in the ID token's `identities` claim. */
const SSO_PROVIDER = /^team-[0-9a-z]{26}$/;

/**
 * Back from a sign-in through a team's single sign-on: the person joins that team as a User
 * (POST /sso/join; the API checks the provider and the verified domain). The provider's own user
 * says so by its username; a password user linked to it on that sign-in, by the token's
 * `identities`. Other sign-ins ask nothing.
 */
export async function joinSsoTeam(): Promise<boolean> {
  const payload = (await (await amplifySession()).fetchAuthSession()).tokens?.idToken?.payload;
  const username = String(payload?.['cognito:username'] ?? '');
  const throughTeam =
    SSO_USERNAME.test(username) ||
    identityProviderNames(payload?.identities).some((name) => SSO_PROVIDER.test(name));
  if (!throughTeam) return false;
  const { joined } = await apiClient.post('/sso/join', {}, { schema: ssoJoinResponseSchema });
  return joined;
}
