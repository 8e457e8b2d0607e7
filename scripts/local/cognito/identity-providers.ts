import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { CognitoRequest, Compat, Handler } from './context.js';
import { cognitoError } from './errors.js';
import type { IdentityProviderClient } from './hosted-domain/identity-provider.js';
import { parseIdpMetadata, type SamlProviderClient } from './hosted-domain/saml.js';

/**
 * A user pool's identity providers (CreateIdentityProvider, DescribeIdentityProvider,
 * UpdateIdentityProvider, DeleteIdentityProvider, ListIdentityProviders), answered and validated as
 * Cognito does, kept in one JSON file of the data directory (cognito-local has none of them). The
 * hosted domain federates through the OIDC and SAML ones an app client lists in
 * SupportedIdentityProviders.
 */
export interface StoredIdentityProvider {
  UserPoolId: string;
  ProviderName: string;
  ProviderType: 'OIDC' | 'SAML';
  ProviderDetails: Record<string, string>;
  AttributeMapping: Record<string, string>;
  IdpIdentifiers: string[];
  CreationDate: number;
  LastModifiedDate: number;
}

/** Cognito's ProviderName: 1-32 characters, no leading/trailing '_' or space; 'Cognito' and social names are reserved. */
const PROVIDER_NAME = /^[^_\s][^\s]{0,30}[^_\s]$|^[^_\s]$/u;
const RESERVED = new Set(['Cognito', 'COGNITO', 'Google', 'Facebook', 'LoginWithAmazon', 'SignInWithApple']);
const OIDC_REQUIRED = ['client_id', 'client_secret', 'authorize_scopes', 'oidc_issuer'] as const;

const invalid = (message: string) => cognitoError('InvalidParameterException', message);
const notFound = () => cognitoError('ResourceNotFoundException', 'Identity provider does not exist.');

export class IdentityProviderStore {
  private providers: StoredIdentityProvider[];

  constructor(private readonly file: string) {
    this.providers = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as StoredIdentityProvider[])
      : [];
  }

  find(userPoolId: string, name: string): StoredIdentityProvider | undefined {
    return this.providers.find((p) => p.UserPoolId === userPoolId && p.ProviderName === name);
  }

  list(userPoolId: string): StoredIdentityProvider[] {
    return this.providers.filter((p) => p.UserPoolId === userPoolId);
  }

  save(provider: StoredIdentityProvider): void {
    this.providers = [
      ...this.providers.filter((p) => p !== this.find(p.UserPoolId, provider.ProviderName)),
      provider,
    ];
    this.persist();
  }

  remove(provider: StoredIdentityProvider): void {
    this.providers = this.providers.filter((p) => p !== provider);
    this.persist();
  }

  private persist(): void {
    writeFileSync(`${this.file}.tmp`, JSON.stringify(this.providers), { mode: 0o600 });
    renameSync(`${this.file}.tmp`, this.file);
  }
}

/** ProviderDetails checked as Cognito checks them; OIDC gains the endpoints it would discover. */
function checkedDetails(type: string, details: unknown): Record<string, string> {
  if (typeof details !== 'object' || details === null) throw invalid('ProviderDetails is required.');
  const entries = Object.entries(details as Record<string, unknown>);
  if (entries.some(([, value]) => typeof value !== 'string'))
    throw invalid('ProviderDetails values must be strings.');
  const checked = Object.fromEntries(entries) as Record<string, string>;
  if (type === 'OIDC') {
    const missing = OIDC_REQUIRED.filter((key) => !checked[key]);
    if (missing.length) throw invalid(`${missing.join(', ')} is required for OIDC.`);
    if (!/^https?:\/\//.test(checked.oidc_issuer ?? '')) throw invalid('oidc_issuer must be a URL.');
    if (!(checked.authorize_scopes ?? '').split(' ').includes('openid'))
      throw invalid('authorize_scopes must include openid.');
    const issuer = (checked.oidc_issuer ?? '').replace(/\/$/, '');
    return { attributes_request_method: 'GET', ...checked, oidc_issuer: issuer };
  }
  if (!checked.MetadataURL === !checked.MetadataFile)
    throw invalid('Exactly one of MetadataURL or MetadataFile is required for SAML.');
  if (checked.MetadataFile) {
    try {
      parseIdpMetadata(checked.MetadataFile);
    } catch (error) {
      throw invalid(`Invalid SAML metadata: ${(error as Error).message}`);
    }
  }
  return checked;
}

/** A SAML provider's new metadata (URL or file) replaces the stored one, whichever it was. */
function withoutReplacedMetadata(stored: Record<string, string>, update: unknown): Record<string, string> {
  const given = typeof update === 'object' && update !== null ? Object.keys(update) : [];
  if (!given.includes('MetadataURL') && !given.includes('MetadataFile')) return stored;
  const { MetadataURL: _url, MetadataFile: _file, ...rest } = stored;
  return rest;
}

function checkedMapping(mapping: unknown): Record<string, string> {
  if (mapping === undefined) return {};
  if (
    typeof mapping !== 'object' ||
    mapping === null ||
    Object.values(mapping).some((v) => typeof v !== 'string')
  )
    throw invalid('AttributeMapping must map attribute names to provider attribute names.');
  return mapping as Record<string, string>;
}

async function poolOf(compat: Compat, request: CognitoRequest): Promise<string> {
  const userPoolId = String(request.UserPoolId ?? '');
  // cognito-local throws ResourceNotFoundException for a pool that does not exist.
  await compat.engine.services.cognito.getUserPool(compat.engine.ctx, userPoolId);
  return userPoolId;
}

const answer = (provider: StoredIdentityProvider) => ({ IdentityProvider: provider });

export function identityProviderHandlers(store: IdentityProviderStore): Record<string, Handler> {
  const existing = async (compat: Compat, request: CognitoRequest) => {
    const provider = store.find(await poolOf(compat, request), String(request.ProviderName ?? ''));
    if (!provider) throw notFound();
    return provider;
  };
  return {
    CreateIdentityProvider: async (compat, request) => {
      const userPoolId = await poolOf(compat, request);
      const name = String(request.ProviderName ?? '');
      const type = String(request.ProviderType ?? '');
      if (!PROVIDER_NAME.test(name)) throw invalid(`Invalid ProviderName ${name}.`);
      if (type !== 'OIDC' && type !== 'SAML') throw invalid(`Unsupported ProviderType ${type}.`);
      if (RESERVED.has(name)) throw invalid(`The provider name ${name} is reserved.`);
      if (store.find(userPoolId, name))
        throw cognitoError(
          'DuplicateProviderException',
          `A provider with the name ${name} already exists in this user pool.`,
        );
      const now = Date.now() / 1000;
      const provider: StoredIdentityProvider = {
        UserPoolId: userPoolId,
        ProviderName: name,
        ProviderType: type,
        ProviderDetails: checkedDetails(type, request.ProviderDetails),
        AttributeMapping: checkedMapping(request.AttributeMapping),
        IdpIdentifiers: Array.isArray(request.IdpIdentifiers) ? request.IdpIdentifiers.map(String) : [],
        CreationDate: now,
        LastModifiedDate: now,
      };
      store.save(provider);
      return answer(provider);
    },
    DescribeIdentityProvider: async (compat, request) => answer(await existing(compat, request)),
    UpdateIdentityProvider: async (compat, request) => {
      const provider = await existing(compat, request);
      const updated: StoredIdentityProvider = {
        ...provider,
        ...(request.ProviderDetails !== undefined
          ? {
              ProviderDetails: checkedDetails(provider.ProviderType, {
                ...withoutReplacedMetadata(provider.ProviderDetails, request.ProviderDetails),
                ...request.ProviderDetails,
              }),
            }
          : {}),
        ...(request.AttributeMapping !== undefined
          ? { AttributeMapping: checkedMapping(request.AttributeMapping) }
          : {}),
        ...(Array.isArray(request.IdpIdentifiers)
          ? { IdpIdentifiers: request.IdpIdentifiers.map(String) }
          : {}),
        LastModifiedDate: Date.now() / 1000,
      };
      store.save(updated);
      return answer(updated);
    },
    DeleteIdentityProvider: async (compat, request) => {
      store.remove(await existing(compat, request));
      return {};
    },
    ListIdentityProviders: async (compat, request) => ({
      Providers: store.list(await poolOf(compat, request)).map((p) => ({
        ProviderName: p.ProviderName,
        ProviderType: p.ProviderType,
        CreationDate: p.CreationDate,
        LastModifiedDate: p.LastModifiedDate,
      })),
    }),
  };
}

/**
 * The hosted domain's view of a pool provider the app client lists in its
 * SupportedIdentityProviders (as Cognito requires): an OIDC one with its client and the claim
 * `email` maps from, or a SAML one with its metadata and attribute mapping.
 */
export function poolProviderLookup(
  store: IdentityProviderStore,
  compat: Compat,
  pool: { userPoolId: string; clientId: string },
) {
  return async (name: string): Promise<IdentityProviderClient | SamlProviderClient | undefined> => {
    const { services, ctx } = compat.engine;
    const client = await services.cognito.getAppClient(ctx, pool.clientId);
    if (!client?.SupportedIdentityProviders?.includes(name)) return undefined;
    const stored = store.find(pool.userPoolId, name);
    if (!stored) return undefined;
    const details = stored.ProviderDetails;
    if (stored.ProviderType === 'SAML') {
      return {
        protocol: 'SAML',
        name,
        ...(details.MetadataURL ? { metadataUrl: details.MetadataURL } : {}),
        ...(details.MetadataFile ? { metadataFile: details.MetadataFile } : {}),
        attributeMapping: stored.AttributeMapping,
      };
    }
    return {
      name,
      issuer: details.oidc_issuer ?? '',
      clientId: details.client_id ?? '',
      clientSecret: details.client_secret ?? '',
      ...(details.authorize_scopes ? { scopes: details.authorize_scopes } : {}),
      emailClaim: stored.AttributeMapping.email ?? 'email',
    };
  };
}
