import { randomBytes } from 'node:crypto';
import { SignedXml } from 'xml-crypto';

/**
 * A SAML 2.0 `Response` as an identity provider posts it to a service provider's assertion consumer
 * service (HTTP-POST binding): one `Assertion` about the person (NameID, the audience, the request
 * it answers, a validity window, attributes), signed with the IdP's key by xml-crypto (RSA-SHA256,
 * exclusive C14N, enveloped): the assertion, then the response around it, as most IdPs do.
 */
interface AssertionInput {
  /** The IdP's entityID. */
  issuer: string;
  /** The service provider's ACS URL (Destination, Recipient). */
  destination: string;
  /** The service provider's entityID (the audience). */
  audience: string;
  /** The AuthnRequest's ID. */
  inResponseTo: string;
  nameId: string;
  attributes: Record<string, string>;
  now?: number;
  /** How long the assertion may be used (default five minutes). */
  lifetimeSeconds?: number;
}

export interface SigningKey {
  key: string;
  cert: string;
}

/** Which parts are signed: both (the default), or one, or neither (tests of a refusing service provider). */
export type Signed = 'both' | 'assertion' | 'response' | 'none';

const PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';

export const xmlEscape = (value: string) => value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
const instant = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const newId = () => `_${randomBytes(20).toString('hex')}`;

function sign(xml: string, element: 'Response' | 'Assertion', signing: SigningKey): string {
  const signer = new SignedXml({
    privateKey: signing.key,
    publicCert: signing.cert,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: EXC_C14N,
  });
  const target =
    element === 'Response'
      ? "/*[local-name(.)='Response']"
      : "/*[local-name(.)='Response']/*[local-name(.)='Assertion']";
  signer.addReference({ xpath: target, transforms: [ENVELOPED, EXC_C14N], digestAlgorithm: SHA256 });
  // The signature goes right after the element's Issuer, where the SAML schema puts it.
  signer.computeSignature(xml, {
    prefix: 'ds',
    location: { reference: `${target}/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return signer.getSignedXml();
}

/** The signed Response (XML) of a successful sign-in. */
export function samlResponse(input: AssertionInput, signing: SigningKey, signed: Signed = 'both'): string {
  const now = input.now ?? Date.now();
  const until = instant(now + (input.lifetimeSeconds ?? 300) * 1000);
  const issued = instant(now);
  const attributes = Object.entries(input.attributes)
    .map(
      ([name, value]) =>
        `<saml:Attribute Name="${xmlEscape(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:unspecified"><saml:AttributeValue>${xmlEscape(value)}</saml:AttributeValue></saml:Attribute>`,
    )
    .join('');
  const assertion =
    `<saml:Assertion xmlns:saml="${ASSERTION}" ID="${newId()}" Version="2.0" IssueInstant="${issued}">` +
    `<saml:Issuer>${xmlEscape(input.issuer)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="${EMAIL_FORMAT}">${xmlEscape(input.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${xmlEscape(input.inResponseTo)}" NotOnOrAfter="${until}" Recipient="${xmlEscape(input.destination)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${instant(now - 5000)}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${xmlEscape(input.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${issued}" SessionIndex="${newId()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` +
    `</saml:Assertion>`;
  let xml = envelope(input, now, SUCCESS, assertion);
  if (signed === 'both' || signed === 'assertion') xml = sign(xml, 'Assertion', signing);
  if (signed === 'both' || signed === 'response') xml = sign(xml, 'Response', signing);
  return xml;
}

/** The signed Response of a sign-in the person cancelled (status Responder / RequestDenied), no assertion. */
export function deniedResponse(
  input: Pick<AssertionInput, 'issuer' | 'destination' | 'inResponseTo' | 'now'>,
  signing: SigningKey,
): string {
  const status =
    `<samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Responder"><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:RequestDenied"/></samlp:StatusCode>` +
    `<samlp:StatusMessage>The person cancelled the sign-in</samlp:StatusMessage>`;
  return sign(envelope(input, input.now ?? Date.now(), status, ''), 'Response', signing);
}

const SUCCESS = '<samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/>';

function envelope(
  input: Pick<AssertionInput, 'issuer' | 'destination' | 'inResponseTo'>,
  now: number,
  status: string,
  assertion: string,
): string {
  return (
    `<samlp:Response xmlns:samlp="${PROTOCOL}" xmlns:saml="${ASSERTION}" ID="${newId()}" Version="2.0" IssueInstant="${instant(now)}" Destination="${xmlEscape(input.destination)}" InResponseTo="${xmlEscape(input.inResponseTo)}">` +
    `<saml:Issuer>${xmlEscape(input.issuer)}</saml:Issuer>` +
    `<samlp:Status>${status}</samlp:Status>` +
    assertion +
    `</samlp:Response>`
  );
}
