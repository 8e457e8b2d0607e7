import { createHash, randomBytes } from 'node:crypto';
import type { HostedAnswer } from './hosted-domain.js';

const hiddenField = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`)
    .exec(html)?.[1]
    ?.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))) ?? '';

/**
 * A whole sign-in through a SAML provider of the pool, as a browser makes it: app -> hosted domain
 * (`identity_provider=<name>`) -> the IdP's SSO page (HTTP-Redirect AuthnRequest) -> 'Continue' or
 * 'Cancel' with this e-mail -> the IdP's auto-posted Response to the hosted domain's ACS -> the
 * app's callback -> the token exchange. `refused` is the app's callback when it got an error.
 */
export async function signInThroughSaml(
  hosted: (url: string, form?: Record<string, string>) => Promise<HostedAnswer>,
  options: { hostedDomainUrl: string; clientId: string; appOrigin: string },
  providerName: string,
  email: string,
  decision: 'continue' | 'cancel' = 'continue',
) {
  const appRoot = `${options.appOrigin}/`;
  const verifier = randomBytes(64).toString('base64url');
  const params = new URLSearchParams({
    redirect_uri: appRoot,
    response_type: 'code',
    client_id: options.clientId,
    identity_provider: providerName,
    scope: 'email profile openid',
    state: 'app-state',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const toIdp = await hosted(`${options.hostedDomainUrl}/oauth2/authorize?${params}`);
  const ssoUrl = new URL(toIdp.location);
  if (!ssoUrl.searchParams.get('SAMLRequest')) return { refused: ssoUrl };
  const page = await fetch(ssoUrl);
  if (page.status !== 200) throw new Error(`the IdP's sign-in page: ${page.status} ${await page.text()}`);
  const posted = await fetch(`${ssoUrl.origin}/sso`, {
    method: 'POST',
    body: new URLSearchParams({
      SAMLRequest: ssoUrl.searchParams.get('SAMLRequest') ?? '',
      RelayState: ssoUrl.searchParams.get('RelayState') ?? '',
      email,
      decision,
    }),
  });
  const html = await posted.text();
  const acs = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
  const back = new URL(
    (
      await hosted(
        acs.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))),
        {
          SAMLResponse: hiddenField(html, 'SAMLResponse'),
          RelayState: hiddenField(html, 'RelayState'),
        },
      )
    ).location,
  );
  const code = back.searchParams.get('code');
  if (!code) return { refused: back };
  const tokens = await hosted(`${options.hostedDomainUrl}/oauth2/token`, {
    client_id: options.clientId,
    grant_type: 'authorization_code',
    code,
    redirect_uri: appRoot,
    code_verifier: verifier,
  });
  if (tokens.status !== 200) throw new Error(`token exchange: ${tokens.status} ${tokens.body}`);
  const { id_token: idToken } = JSON.parse(tokens.body) as { id_token: string };
  const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString());
  return { idToken, claims: claims as Record<string, unknown> };
}
