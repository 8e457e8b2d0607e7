import * as z from 'zod';
import { apiClient } from '../../../lib/api-client';
import { getSignedInUser } from './identity';

/** A user of a team's identity provider, as Cognito names them: `team-<team id>_<subject>`. */
const SSO_USERNAME = /^team-[0-9a-z]{26}_/;

/**
 * Back from a sign-in through a team's single sign-on: the person joins that team as a User
 * (POST /sso/join; the API checks the provider and the verified domain). Other sign-ins ask nothing.
 */
export async function joinSsoTeam(): Promise<boolean> {
  const { username } = await getSignedInUser();
  if (!SSO_USERNAME.test(username)) return false;
  const { joined } = await apiClient.post('/sso/join', {}, { schema: z.object({ joined: z.boolean() }) });
  return joined;
}
