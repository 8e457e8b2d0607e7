import {
  type AuditAction,
  type AuditDetails,
  TEAM_MESSAGES,
  type TeamSso,
  type TeamSsoBody,
} from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import type { SecretCipher } from '../secret-cipher.js';
import type { TeamAction } from './roles.js';
import {
  domainVerificationRecord,
  emailDomain,
  ssoProviderName,
  teamIdOfSsoUsername,
  txtHolds,
} from './sso-names.js';
import { createTeamSsoRemoval } from './team-sso-removal.js';

/** A team's single sign-on (teams table, `teamId` / `SSO`). */
export interface TeamSsoRecord {
  teamId: string;
  providerName: string;
  provider:
    | {
        type: 'oidc';
        issuer: string;
        clientId: string;
        clientSecretCiphertext: string;
        clientSecretHint: string;
      }
    | { type: 'saml'; metadataUrl?: string; metadataFile?: string };
  domains: { domain: string; verified: boolean }[];
  requireSso: boolean;
  /** The provider exists in the user pool (from the first verified domain on). */
  active: boolean;
  /** The key of the team's TXT values (random, made once). */
  verificationKey: string;
  updatedAt: number;
}

export interface TeamSsoStore {
  get(teamId: string): Promise<TeamSsoRecord | undefined>;
  put(record: TeamSsoRecord): Promise<void>;
  delete(teamId: string): Promise<void>;
  /** One team per verified domain: false when another team holds it. */
  claimDomain(domain: string, teamId: string): Promise<boolean>;
  releaseDomain(domain: string, teamId: string): Promise<void>;
  domainOwner(domain: string): Promise<string | undefined>;
}

/** The user pool's identity providers: created or updated and listed on the app client; removed. */
export interface PoolIdentityProviders {
  put(name: string, provider: { type: 'OIDC' | 'SAML'; details: Record<string, string> }): Promise<void>;
  remove(name: string): Promise<void>;
}

export interface TeamSsoDeps {
  store: TeamSsoStore;
  pool: PoolIdentityProviders;
  /** The TXT records at a name (node:dns on AWS; the local stack's table). */
  resolveTxt: (name: string) => Promise<string[][]>;
  cipher: SecretCipher;
  teams: {
    authorize(caller: Caller, teamId: string, action: TeamAction): Promise<unknown>;
    joinThroughSso(caller: Caller, teamId: string): Promise<boolean>;
  };
  /** One record in the team's audit log and the actor's. */
  record: (
    caller: Caller,
    teamId: string,
    entry: { action: AuditAction; target: string; details: AuditDetails },
  ) => Promise<void>;
  /** Issuers and metadata URLs must be https (AWS); the local stack's provider is http://localhost. */
  allowHttp: boolean;
  newKey: () => string;
  now: () => number;
}

const NOT_SET_UP = 'Single sign-on is not set up for this team';
const secretContext = (teamId: string) => ({ teamId, purpose: 'team-sso-client-secret' });

export function createTeamSso(deps: TeamSsoDeps) {
  const { store } = deps;
  const removal = createTeamSsoRemoval(deps);

  function view(record: TeamSsoRecord): TeamSso {
    const { provider } = record;
    return {
      providerName: record.providerName,
      provider:
        provider.type === 'oidc'
          ? {
              type: 'oidc',
              issuer: provider.issuer,
              clientId: provider.clientId,
              clientSecretHint: provider.clientSecretHint,
            }
          : {
              type: 'saml',
              ...(provider.metadataUrl ? { metadataUrl: provider.metadataUrl } : {}),
              hasMetadataFile: Boolean(provider.metadataFile),
            },
      domains: record.domains.map(({ domain, verified }) => ({
        domain,
        verified,
        record: domainVerificationRecord(record.verificationKey, record.teamId, domain),
      })),
      requireSso: record.requireSso,
      active: record.active,
    };
  }

  function assertUrl(url: string | undefined): void {
    if (url !== undefined && !deps.allowHttp && !url.startsWith('https://'))
      throw new ValidationError('The identity provider must be reached over https');
  }

  async function toPool(record: TeamSsoRecord): Promise<void> {
    const { provider } = record;
    if (provider.type === 'saml') {
      await deps.pool.put(record.providerName, {
        type: 'SAML',
        details: provider.metadataUrl
          ? { MetadataURL: provider.metadataUrl }
          : { MetadataFile: provider.metadataFile ?? '' },
      });
      return;
    }
    await deps.pool.put(record.providerName, {
      type: 'OIDC',
      details: {
        client_id: provider.clientId,
        client_secret: await deps.cipher.decrypt(
          provider.clientSecretCiphertext,
          secretContext(record.teamId),
        ),
        authorize_scopes: 'openid email profile',
        oidc_issuer: provider.issuer,
        attributes_request_method: 'GET',
      },
    });
  }

  async function required(teamId: string): Promise<TeamSsoRecord> {
    const record = await store.get(teamId);
    if (!record) throw new NotFoundError(NOT_SET_UP);
    return record;
  }

  return {
    async get(caller: Caller, teamId: string): Promise<TeamSso> {
      await deps.teams.authorize(caller, teamId, 'manageSso');
      return view(await required(teamId));
    },

    /** Sets the provider, the domains and require-SSO; a live provider is updated in the pool at once. */
    async put(caller: Caller, teamId: string, body: TeamSsoBody): Promise<TeamSso> {
      await deps.teams.authorize(caller, teamId, 'manageSso');
      const existing = await store.get(teamId);
      const input = body.provider;
      let provider: TeamSsoRecord['provider'];
      if (input.type === 'oidc') {
        assertUrl(input.issuer);
        const kept = existing?.provider.type === 'oidc' ? existing.provider : undefined;
        if (!input.clientSecret && !kept) throw new ValidationError('Client secret is required');
        provider = {
          type: 'oidc',
          issuer: input.issuer.replace(/\/$/, ''),
          clientId: input.clientId,
          clientSecretCiphertext: input.clientSecret
            ? await deps.cipher.encrypt(input.clientSecret, secretContext(teamId))
            : (kept?.clientSecretCiphertext ?? ''),
          clientSecretHint: input.clientSecret
            ? `••••${input.clientSecret.slice(-4)}`
            : (kept?.clientSecretHint ?? ''),
        };
      } else {
        assertUrl(input.metadataUrl);
        provider = {
          type: 'saml',
          ...(input.metadataUrl
            ? { metadataUrl: input.metadataUrl }
            : { metadataFile: input.metadataFile ?? '' }),
        };
      }
      const wanted = [...new Set(body.domains)];
      const verified = new Set(existing?.domains.filter((d) => d.verified).map((d) => d.domain));
      for (const domain of verified) if (!wanted.includes(domain)) await store.releaseDomain(domain, teamId);
      const domains = wanted.map((domain) => ({ domain, verified: verified.has(domain) }));
      const record: TeamSsoRecord = {
        teamId,
        providerName: ssoProviderName(teamId),
        provider,
        domains,
        requireSso: body.requireSso,
        active: domains.some((d) => d.verified),
        verificationKey: existing?.verificationKey ?? deps.newKey(),
        updatedAt: deps.now(),
      };
      if (record.active) await toPool(record);
      else if (existing?.active) await deps.pool.remove(record.providerName);
      await store.put(record);
      await deps.record(caller, teamId, {
        action: 'team.sso_configured',
        target: `team:${teamId}`,
        details: { teamId, type: provider.type, domains: wanted.join(','), requireSso: body.requireSso },
      });
      return view(record);
    },

    /** Checks the domain's TXT record; a first verified domain puts the provider in the pool. */
    async verifyDomain(caller: Caller, teamId: string, domain: string): Promise<TeamSso> {
      await deps.teams.authorize(caller, teamId, 'manageSso');
      const record = await required(teamId);
      const entry = record.domains.find((d) => d.domain === domain);
      if (!entry) throw new NotFoundError('This domain is not one of the team’s single sign-on domains');
      const expected = domainVerificationRecord(record.verificationKey, teamId, domain);
      const found = await deps.resolveTxt(expected.name).catch(() => []);
      if (!txtHolds(found, expected.value))
        throw new ValidationError(
          `No TXT record ${expected.name} with the value ${expected.value} was found yet`,
        );
      if (!(await store.claimDomain(domain, teamId)))
        throw new ConflictError('Another team has already verified this domain');
      const updated: TeamSsoRecord = {
        ...record,
        domains: record.domains.map((d) => (d.domain === domain ? { ...d, verified: true } : d)),
        active: true,
        updatedAt: deps.now(),
      };
      if (!record.active) {
        try {
          await toPool(updated);
        } catch (error) {
          await store.releaseDomain(domain, teamId); // refused by the pool: the domain is not verified
          throw error;
        }
      }
      await store.put(updated);
      await deps.record(caller, teamId, {
        action: 'team.sso_domain_verified',
        target: `team:${teamId}`,
        details: { teamId, domain },
      });
      return view(updated);
    },

    async remove(caller: Caller, teamId: string): Promise<void> {
      await deps.teams.authorize(caller, teamId, 'manageSso');
      if (!(await removal.removeAll(teamId))) throw new NotFoundError(NOT_SET_UP);
      await deps.record(caller, teamId, {
        action: 'team.sso_removed',
        target: `team:${teamId}`,
        details: { teamId },
      });
    },

    /** The login page's 'Sign in with SSO': the provider of the address's verified domain. */
    async discover(email: string): Promise<{ providerName: string }> {
      const teamId = await store.domainOwner(emailDomain(email));
      const record = teamId ? await store.get(teamId) : undefined;
      if (!record?.active) throw new NotFoundError('No single sign-on is set up for this e-mail domain');
      return { providerName: record.providerName };
    },

    /**
     * After a sign-in through a team's provider (POST /sso/join, which the app calls on its return):
     * the person joins that team as a User when their address is at one of its verified domains.
     * The provider is the caller's username's (`team-<id>_<sub>`: the provider's own user; a team's
     * provider is never linked to a password account). Anyone else at a domain a team verified (a
     * password or Google account) is told to sign in through its provider.
     */
    async joinAfterSignIn(person: { userId: string; email: string; username: string }): Promise<boolean> {
      const domain = emailDomain(person.email);
      const teamId = teamIdOfSsoUsername(person.username);
      if (!teamId) {
        const owner = await store.domainOwner(domain);
        if (owner && (await store.get(owner))?.active)
          throw new ForbiddenError(TEAM_MESSAGES.ssoJoinNeedsSso);
        return false;
      }
      const record = await store.get(teamId);
      if (!record?.active) return false;
      if (!record.domains.some((d) => d.verified && d.domain === domain)) return false;
      return deps.teams.joinThroughSso(
        { userId: person.userId, email: person.email, emailVerified: true },
        teamId,
      );
    },
  };
}
export type TeamSsoService = ReturnType<typeof createTeamSso>;
