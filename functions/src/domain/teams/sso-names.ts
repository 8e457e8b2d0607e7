import { createHmac } from 'node:crypto';

/**
 * The names single sign-on lives by, pure: the team's identity provider in the user pool, the
 * Cognito username of a person who signed in through it, and the DNS TXT record that proves a
 * team owns an e-mail domain.
 */

/** What every team's provider name starts with (no other provider of the pool does). */
export const SSO_PROVIDER_PREFIX = 'team-';

/** Cognito's ProviderName is at most 32 characters: `team-` and the team's id (a ULID, 26). */
export const ssoProviderName = (teamId: string): string => `${SSO_PROVIDER_PREFIX}${teamId.toLowerCase()}`;

/** The team whose provider a Cognito username (`<ProviderName>_<sub>`) came through, if any. */
export function teamIdOfSsoUsername(username: string): string | undefined {
  const match = /^team-([0-9a-z]{26})_/.exec(username);
  return match?.[1]?.toUpperCase();
}

/** The domain of an e-mail address, lower case ('' when there is none). */
export const emailDomain = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * The TXT record that proves the team owns `domain`: a name under the domain, and a value derived
 * from the team and the domain with the stage's key (no one can publish another team's value, and
 * nothing needs storing).
 */
export function domainVerificationRecord(
  key: string,
  teamId: string,
  domain: string,
): { name: string; value: string } {
  const token = createHmac('sha256', key).update(`${teamId}\n${domain}`).digest('base64url').slice(0, 32);
  return { name: `_agentforge-verification.${domain}`, value: `agentforge-domain-verification=${token}` };
}

/** Whether the TXT answer (each record's strings, as node:dns gives them) holds the expected value. */
export const txtHolds = (records: readonly (readonly string[])[], value: string): boolean =>
  records.some((chunks) => chunks.join('') === value);
