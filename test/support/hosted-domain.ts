import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';

export interface HostedAnswer {
  status: number;
  location: string;
  body: string;
}

/**
 * The local hosted sign-in domain as Amplify's signInWithRedirect and its completion use it, from a
 * test: HTTPS requests trusting only the stack's own certificate, and a whole sign-in through an
 * identity provider (the local Google's server, as Google or as a company's OpenID provider).
 */
export function hostedDomainClient(options: {
  dataDir: string;
  hostedDomainUrl: string;
  clientId: string;
  appOrigin: string;
}) {
  const ca = readFileSync(join(options.dataDir, 'cognito', '.cognito', 'hosted-domain.crt'), 'utf8');
  const appRoot = `${options.appOrigin}/`;

  function hosted(url: string, form?: Record<string, string>): Promise<HostedAnswer> {
    const body = form ? new URLSearchParams(form).toString() : undefined;
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        {
          method: form ? 'POST' : 'GET',
          ca,
          headers: form
            ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: options.appOrigin }
            : {},
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              location: String(res.headers.location ?? ''),
              body: text,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /**
   * App -> hosted domain (`identity_provider=<name>`) -> the provider's page ('Continue' with this
   * e-mail) -> hosted domain -> the app's callback -> the token exchange. `refused` is the callback
   * when the hosted domain sent the app an error instead of going to the provider.
   */
  async function signInThrough(providerName: string, providerUrl: string, email: string) {
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
    const toProvider = await hosted(`${options.hostedDomainUrl}/oauth2/authorize?${params}`);
    if (!toProvider.location.startsWith(providerUrl)) return { refused: new URL(toProvider.location) };
    const providerParams = Object.fromEntries(new URL(toProvider.location).searchParams);
    const fromProvider = await fetch(`${providerUrl}/o/oauth2/v2/auth`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ ...providerParams, email, decision: 'continue' }),
    });
    const back = new URL((await hosted(String(fromProvider.headers.get('location')))).location);
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
    return { idToken, claims: JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) };
  }

  return { hosted, signInThrough };
}
