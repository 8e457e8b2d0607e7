import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { loadSelfSignedCertificate } from '../cognito/hosted-domain/certificate.js';
import { close, listen, readBody } from '../net.js';
import { postBindingPage, samlSignInPage } from './pages.js';
import { deniedResponse, samlResponse, xmlEscape } from './response.js';

/**
 * The local SAML 2.0 identity provider (a company's IdP for a team's single sign-on, issue 34):
 * its metadata (`/metadata`: entityID, the HTTP-Redirect SSO endpoint, the signing certificate),
 * the SSO endpoint (`/sso`) taking an AuthnRequest and showing a sign-in page ('Email', 'Continue',
 * 'Cancel'), and the signed Response posted to the service provider's ACS (HTTP-POST binding).
 * The signing certificate is made on first start and kept in `directory` (0600).
 */
interface SamlServiceProvider {
  entityId: string;
  /** The only ACS a response goes to (an AuthnRequest naming another is refused). */
  acsUrl: string;
}

interface LocalSamlIdpOptions {
  port: number;
  /** Where the signing certificate and key are kept (`saml-idp.crt`, `saml-idp.key`). */
  directory: string;
  serviceProviders: readonly SamlServiceProvider[];
}

export interface LocalSamlIdp {
  url: string;
  metadataUrl: string;
  entityId: string;
  /** The metadata XML (what an Admin uploads as the metadata file). */
  metadata: string;
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';
const inflate = promisify(inflateRaw);

const certificateBody = (pem: string) => pem.replace(/-----[^-]+-----|\s/g, '');

function metadataXml(entityId: string, ssoUrl: string, cert: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${xmlEscape(entityId)}">` +
    `<md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="${PROTOCOL}">` +
    `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${certificateBody(cert)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>` +
    `<md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>` +
    `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${xmlEscape(ssoUrl)}"/>` +
    `</md:IDPSSODescriptor></md:EntityDescriptor>`
  );
}

interface AuthnRequest {
  id: string;
  serviceProvider: SamlServiceProvider;
}

/** The HTTP-Redirect binding's AuthnRequest (deflated, base64), from a known service provider to its ACS. */
async function parseAuthnRequest(
  encoded: string,
  serviceProviders: readonly SamlServiceProvider[],
): Promise<AuthnRequest> {
  const xml = (await inflate(Buffer.from(encoded, 'base64'))).toString('utf8');
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const request = doc.documentElement;
  if (request?.localName !== 'AuthnRequest' || request.namespaceURI !== PROTOCOL)
    throw new Error('Not a SAML AuthnRequest');
  const issuer = request.getElementsByTagNameNS(ASSERTION, 'Issuer')[0]?.textContent?.trim() ?? '';
  const serviceProvider = serviceProviders.find((sp) => sp.entityId === issuer);
  if (!serviceProvider) throw new Error(`Unknown service provider ${issuer}`);
  const acs = request.getAttribute('AssertionConsumerServiceURL');
  if (acs && acs !== serviceProvider.acsUrl) throw new Error('AssertionConsumerServiceURL mismatch');
  const id = request.getAttribute('ID') ?? '';
  if (!id) throw new Error('AuthnRequest without ID');
  return { id, serviceProvider };
}

function send(res: ServerResponse, status: number, type: string, body: string, headers = {}): void {
  res.writeHead(status, {
    'Content-Type': `${type}; charset=utf-8`,
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(body);
}

// No form-action: Chromium applies it to every redirect after the form's POST (the ACS goes on to the app).
const PAGE_CSP = `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'`;

export async function startLocalSamlIdp(options: LocalSamlIdpOptions): Promise<LocalSamlIdp> {
  const signing = loadSelfSignedCertificate(options.directory, 'saml-idp');
  let url = '';
  let metadata = '';
  const entityId = () => `${url}/metadata`;

  async function signInPage(params: URLSearchParams, res: ServerResponse, error?: string) {
    const samlRequest = params.get('SAMLRequest') ?? '';
    let request: AuthnRequest;
    try {
      request = await parseAuthnRequest(samlRequest, options.serviceProviders);
    } catch (cause) {
      return send(res, 400, 'text/plain', `Error: ${(cause as Error).message}`);
    }
    const page = samlSignInPage(
      {
        samlRequest,
        relayState: params.get('RelayState') ?? '',
        serviceProvider: request.serviceProvider.entityId,
      },
      error,
    );
    send(res, error ? 400 : 200, 'text/html', page, { 'Content-Security-Policy': PAGE_CSP });
  }

  async function decide(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req, MAX_BODY_BYTES));
    let request: AuthnRequest;
    try {
      request = await parseAuthnRequest(form.get('SAMLRequest') ?? '', options.serviceProviders);
    } catch (cause) {
      return send(res, 400, 'text/plain', `Error: ${(cause as Error).message}`);
    }
    const email = (form.get('email') ?? '').trim();
    const cancelled = form.get('decision') !== 'continue';
    if (!cancelled && !EMAIL.test(email)) return signInPage(form, res, 'Enter a valid email');
    const answer = {
      issuer: entityId(),
      destination: request.serviceProvider.acsUrl,
      inResponseTo: request.id,
    };
    const xml = cancelled
      ? deniedResponse(answer, signing)
      : samlResponse(
          {
            ...answer,
            audience: request.serviceProvider.entityId,
            nameId: email,
            attributes: {
              email,
              'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress': email,
            },
          },
          signing,
        );
    const nonce = randomBytes(16).toString('base64');
    const page = postBindingPage(
      request.serviceProvider.acsUrl,
      { SAMLResponse: Buffer.from(xml).toString('base64'), RelayState: form.get('RelayState') ?? '' },
      nonce,
    );
    send(res, 200, 'text/html', page, {
      'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; frame-ancestors 'none'`,
    });
  }

  const server = createServer((req, res) => {
    const requestUrl = new URL(req.url ?? '/', 'http://localhost');
    const route = `${req.method} ${requestUrl.pathname}`;
    const handled =
      route === 'GET /metadata'
        ? Promise.resolve(send(res, 200, 'application/samlmetadata+xml', metadata))
        : route === 'GET /sso'
          ? signInPage(requestUrl.searchParams, res)
          : route === 'POST /sso'
            ? decide(req, res)
            : Promise.resolve(send(res, 404, 'text/plain', 'Not Found'));
    handled.catch(() => {
      if (!res.headersSent) send(res, 400, 'text/plain', 'Bad Request');
      else res.end();
    });
  });
  const port = await listen(server, options.port);
  url = `http://localhost:${port}`;
  metadata = metadataXml(entityId(), `${url}/sso`, signing.cert);
  return { url, metadataUrl: `${url}/metadata`, entityId: entityId(), metadata, stop: () => close(server) };
}
