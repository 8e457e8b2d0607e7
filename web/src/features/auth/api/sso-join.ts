import { ssoJoinResponseSchema } from '@agentforge/shared';
import { apiClient } from '../../../lib/api-client';
import { amplifySession } from './identity-loader';

/** A user of a team's identity provider, as Cognito names them: `team-<team id>_<subject>`. */
const SSO_USERNAME = /^team-[0-9a-z]{26}_/;

/**
 * Back from a sign-in through a team's single sign-on: the person joins that team as a User
 * (POST /sso/join; the API checks the provider and the verified domain). Whoever signs in through
 * a team's provider is that provider's own user (it is never linked to a password account), which
 * its username says. Other sign-ins ask nothing.
 */
export async function joinSsoTeam(): Promise<boolean> {
  const payload = (await (await amplifySession()).fetchAuthSession()).tokens?.idToken?.payload;
  const username = String(payload?.['cognito:username'] ?? '');
  if (!SSO_USERNAME.test(username)) return false;
  const { joined } = await apiClient.post('/sso/join', {}, { schema: ssoJoinResponseSchema });
  return joined;
}
