import { type CacheProvider, SAML, SamlStatusError, ValidateInResponseTo } from '@node-saml/node-saml';
import { InMemoryCacheProvider } from '@node-saml/node-saml/lib/in-memory-cache-provider.js';
import { DOMParser } from '@xmldom/xmldom';
import type { FederatedProfile } from './federation.js';

/**
 * The hosted domain as Cognito's SAML service provider (entityID `urn:amazon:cognito:sp:<pool id>`,
 * ACS `/saml2/idpresponse`): an HTTP-Redirect AuthnRequest to the IdP's SSO endpoint from its
 * metadata, and the HTTP-POST Response verified by node-saml: signed (the response or its
 * assertion) by a certificate of the metadata, from the metadata's entityID, for this audience,
 * within its validity window, answering a request this service provider sent and has not yet seen
 * answered (a replayed response is refused).
 */
export interface SamlProviderClient {
  protocol: 'SAML';
  /** The pool's ProviderName. */
  name: string;
  /** Cognito's ProviderDetails: exactly one of them. */
  metadataUrl?: string;
  metadataFile?: string;
  /** The SAML attributes the pool's attributes are mapped from (Cognito's AttributeMapping). */
  attributeMapping: Record<string, string>;
}

interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  certificates: string[];
}

/** Cognito's limit on a metadata document (MetadataFile), applied to one read from MetadataURL too. */
const MAX_METADATA_CHARS = 131_072;
const METADATA_NS = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
/** How long a sign-in may take at the IdP (the hosted domain's own sign-in state lives as long). */
const REQUEST_TTL_MS = 15 * 60 * 1000;

export class SamlSignInError extends Error {
  constructor(
    message: string,
    /** What the app gets as `error`: `access_denied` when the person cancelled at the IdP. */
    readonly code: 'access_denied' | 'invalid_request',
  ) {
    super(message);
  }
}

/** The IdP's entityID, HTTP-Redirect SSO endpoint and signing certificates, from its metadata. */
export function parseIdpMetadata(xml: string): IdpMetadata {
  if (xml.length > MAX_METADATA_CHARS)
    throw new SamlSignInError('The SAML metadata is too large', 'invalid_request');
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const root = doc.documentElement;
  const descriptor = root?.getElementsByTagNameNS(METADATA_NS, 'IDPSSODescriptor')[0];
  if (root?.localName !== 'EntityDescriptor' || !descriptor)
    throw new SamlSignInError('The SAML metadata has no IDPSSODescriptor', 'invalid_request');
  const sso = Array.from(descriptor.getElementsByTagNameNS(METADATA_NS, 'SingleSignOnService')).find(
    (service) => service.getAttribute('Binding') === REDIRECT_BINDING,
  );
  const certificates = Array.from(descriptor.getElementsByTagNameNS(METADATA_NS, 'KeyDescriptor'))
    .filter((key) => (key.getAttribute('use') ?? 'signing') === 'signing')
    .flatMap((key) => Array.from(key.getElementsByTagNameNS(DSIG_NS, 'X509Certificate')))
    .map((cert) => (cert.textContent ?? '').replace(/\s/g, ''))
    .filter(Boolean);
  const entityId = root.getAttribute('entityID') ?? '';
  const ssoUrl = sso?.getAttribute('Location') ?? '';
  if (!entityId || !ssoUrl || certificates.length === 0)
    throw new SamlSignInError(
      'The SAML metadata needs an entityID, an HTTP-Redirect SingleSignOnService and a signing certificate',
      'invalid_request',
    );
  return { entityId, ssoUrl, certificates };
}

async function metadataOf(provider: SamlProviderClient): Promise<IdpMetadata> {
  if (provider.metadataFile) return parseIdpMetadata(provider.metadataFile);
  const response = await fetch(provider.metadataUrl ?? '', { signal: AbortSignal.timeout(10_000) });
  if (!response.ok)
    throw new SamlSignInError(`The SAML metadata URL answered ${response.status}`, 'invalid_request');
  return parseIdpMetadata(await response.text());
}

interface SamlServiceProviderOptions {
  /** The user pool's id: the service provider's entityID is `urn:amazon:cognito:sp:<id>`. */
  userPoolId: string;
  acsUrl: string;
  cache?: CacheProvider;
}

export function createSamlServiceProvider(options: SamlServiceProviderOptions) {
  const entityId = `urn:amazon:cognito:sp:${options.userPoolId}`;
  const cache = options.cache ?? new InMemoryCacheProvider({ keyExpirationPeriodMs: REQUEST_TTL_MS });
  const samlOf = (metadata: IdpMetadata) =>
    new SAML({
      entryPoint: metadata.ssoUrl,
      issuer: entityId,
      callbackUrl: options.acsUrl,
      idpCert: metadata.certificates,
      idpIssuer: metadata.entityId,
      audience: entityId,
      // Cognito takes a signed response or a signed assertion; node-saml then needs the other unsigned.
      wantAuthnResponseSigned: false,
      wantAssertionsSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: REQUEST_TTL_MS,
      cacheProvider: cache,
      identifierFormat: null,
      disableRequestedAuthnContext: true,
    });

  return {
    entityId,

    /** The IdP's SSO URL with the AuthnRequest (HTTP-Redirect binding) and the sign-in's state as RelayState. */
    async authorizationUrl(provider: SamlProviderClient, relayState: string): Promise<string> {
      return samlOf(await metadataOf(provider)).getAuthorizeUrlAsync(relayState, undefined, {});
    },

    /** The posted Response verified, and the person as Cognito maps them (NameID, AttributeMapping). */
    async verify(provider: SamlProviderClient, samlResponse: string): Promise<FederatedProfile> {
      const saml = samlOf(await metadataOf(provider));
      let profile: Awaited<ReturnType<SAML['validatePostResponseAsync']>>['profile'];
      try {
        ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
      } catch (error) {
        if (error instanceof SamlStatusError && /RequestDenied|AuthnFailed/.test(String(error.xmlStatus)))
          // As an OpenID provider's cancel reaches the app (`access_denied`, its description the same).
          throw new SamlSignInError('access_denied', 'access_denied');
        throw new SamlSignInError(`Invalid SAML response: ${(error as Error).message}`, 'invalid_request');
      }
      if (!profile?.nameID) throw new SamlSignInError('Invalid SAML response: no NameID', 'invalid_request');
      const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
      const mapped = (name: string) => {
        const value = attributes[provider.attributeMapping[name] ?? ''];
        return typeof value === 'string' ? value : Array.isArray(value) ? String(value[0]) : undefined;
      };
      const email = mapped('email');
      if (!email)
        throw new SamlSignInError('The SAML assertion has no mapped email attribute', 'invalid_request');
      const name = mapped('name');
      return {
        providerName: provider.name,
        providerType: 'SAML',
        sub: profile.nameID,
        email,
        // Cognito marks a SAML user's address verified only when email_verified is mapped.
        emailVerified: mapped('email_verified') === 'true',
        ...(name ? { name } : {}),
      };
    },
  };
}
export type SamlServiceProvider = ReturnType<typeof createSamlServiceProvider>;
