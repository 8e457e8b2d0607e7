import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  CreateIdentityProviderCommand,
  DeleteIdentityProviderCommand,
  DescribeIdentityProviderCommand,
  DescribeUserPoolClientCommand,
  ListIdentityProvidersCommand,
  UpdateIdentityProviderCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalGoogle, startLocalGoogle } from '../../scripts/local/google/server.js';
import { uniqueEmail } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';

/**
 * A company's OpenID provider on the local identity service, as a team's single sign-on sets it up
 * on AWS: CreateIdentityProvider (OIDC), the app client's SupportedIdentityProviders
 * (DescribeUserPoolClient, then UpdateUserPoolClient), then a sign-in through the hosted domain
 * with `identity_provider=<name>` federating through it. The company's provider is a second local
 * OpenID provider (the local Google's server with its own client), not Google.
 */
let stack: Awaited<ReturnType<typeof startTestStack>>;
let company: LocalGoogle;
let admin: CognitoIdentityProviderClient;
let ca: string;
const APP_ORIGIN = 'http://localhost:5998';
const APP_ROOT = `${APP_ORIGIN}/`;
const companyClient = { clientId: 'acme-agentforge', clientSecret: randomBytes(16).toString('hex') };

beforeAll(async () => {
  stack = await startTestStack({ web: false, appOrigins: [APP_ORIGIN] });
  ca = readFileSync(join(stack.dataDir, 'cognito', '.cognito', 'hosted-domain.crt'), 'utf8');
  company = await startLocalGoogle({
    port: 0,
    clients: [{ ...companyClient, redirectUris: [`${stack.google.hostedDomainUrl}/oauth2/idpresponse`] }],
  });
  admin = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: process.env.LOCAL_COGNITO_ENDPOINT,
    credentials: JSON.parse(readFileSync(String(process.env.LOCAL_COGNITO_ADMIN_CREDENTIALS_FILE), 'utf8')),
  });
});
afterAll(async () => {
  await company?.stop();
  await stack?.stop();
});

const pool = () => ({
  UserPoolId: stack.runtimeConfig.userPoolId,
  ClientId: stack.runtimeConfig.userPoolClientId,
});

function hosted(
  url: string,
  form?: Record<string, string>,
): Promise<{ status: number; location: string; body: string }> {
  const body = form ? new URLSearchParams(form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: form ? 'POST' : 'GET',
        ca,
        headers: form ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: APP_ORIGIN } : {},
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, location: String(res.headers.location ?? ''), body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** What Amplify's `signInWithRedirect({ provider: { custom: name } })` does, through to the tokens. */
async function signInThrough(providerName: string, email: string) {
  const verifier = randomBytes(64).toString('base64url');
  const params = new URLSearchParams({
    redirect_uri: APP_ROOT,
    response_type: 'code',
    client_id: stack.runtimeConfig.userPoolClientId,
    identity_provider: providerName,
    scope: 'email profile openid',
    state: 'app-state',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const toProvider = await hosted(`${stack.google.hostedDomainUrl}/oauth2/authorize?${params}`);
  expect(toProvider.status).toBe(302);
  if (!toProvider.location.startsWith(company.url)) return { refused: new URL(toProvider.location) };
  const providerParams = Object.fromEntries(new URL(toProvider.location).searchParams);
  const fromProvider = await fetch(`${company.url}/o/oauth2/v2/auth`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ ...providerParams, email, decision: 'continue' }),
  });
  const back = await hosted(String(fromProvider.headers.get('location')));
  const code = new URL(back.location).searchParams.get('code') ?? '';
  const tokens = await hosted(`${stack.google.hostedDomainUrl}/oauth2/token`, {
    client_id: stack.runtimeConfig.userPoolClientId,
    grant_type: 'authorization_code',
    code,
    redirect_uri: APP_ROOT,
    code_verifier: verifier,
  });
  expect(tokens.status).toBe(200);
  const { id_token: idToken } = JSON.parse(tokens.body) as { id_token: string };
  return { claims: JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) };
}

const oidcDetails = () => ({
  client_id: companyClient.clientId,
  client_secret: companyClient.clientSecret,
  authorize_scopes: 'openid email',
  oidc_issuer: company.url,
});

describe('a company OpenID provider on the local identity service', () => {
  it('validates, creates, describes, lists, updates and deletes identity providers as Cognito does', async () => {
    const bad = admin.send(
      new CreateIdentityProviderCommand({
        UserPoolId: pool().UserPoolId,
        ProviderName: 'acme-bad',
        ProviderType: 'OIDC',
        ProviderDetails: { client_id: 'x', oidc_issuer: company.url, authorize_scopes: 'openid' },
      }),
    );
    await expect(bad).rejects.toMatchObject({ name: 'InvalidParameterException' });
    const saml = admin.send(
      new CreateIdentityProviderCommand({
        UserPoolId: pool().UserPoolId,
        ProviderName: 'acme-saml',
        ProviderType: 'SAML',
        ProviderDetails: {},
      }),
    );
    await expect(saml).rejects.toMatchObject({ name: 'InvalidParameterException' });

    const created = await admin.send(
      new CreateIdentityProviderCommand({
        UserPoolId: pool().UserPoolId,
        ProviderName: 'acme-temp',
        ProviderType: 'OIDC',
        ProviderDetails: oidcDetails(),
        AttributeMapping: { email: 'email' },
      }),
    );
    expect(created.IdentityProvider?.ProviderDetails).toMatchObject({ attributes_request_method: 'GET' });
    const again = admin.send(
      new CreateIdentityProviderCommand({
        UserPoolId: pool().UserPoolId,
        ProviderName: 'acme-temp',
        ProviderType: 'OIDC',
        ProviderDetails: oidcDetails(),
      }),
    );
    await expect(again).rejects.toMatchObject({ name: 'DuplicateProviderException' });
    const updated = await admin.send(
      new UpdateIdentityProviderCommand({
        UserPoolId: pool().UserPoolId,
        ProviderName: 'acme-temp',
        ProviderDetails: { client_id: 'another-client' },
      }),
    );
    expect(updated.IdentityProvider?.ProviderDetails).toMatchObject({
      client_id: 'another-client',
      oidc_issuer: company.url,
    });
    const listed = await admin.send(new ListIdentityProvidersCommand({ UserPoolId: pool().UserPoolId }));
    expect(listed.Providers?.map((p) => p.ProviderName)).toContain('acme-temp');
    await admin.send(
      new DeleteIdentityProviderCommand({ UserPoolId: pool().UserPoolId, ProviderName: 'acme-temp' }),
    );
    const gone = admin.send(
      new DescribeIdentityProviderCommand({ UserPoolId: pool().UserPoolId, ProviderName: 'acme-temp' }),
    );
    await expect(gone).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });

  it('signs in through the provider once the app client supports it, as <provider>_<sub> with the mapped e-mail', async () => {
    await admin.send(
      new CreateIdentityProviderCommand({
        UserPoolId: pool().UserPoolId,
        ProviderName: 'acme',
        ProviderType: 'OIDC',
        ProviderDetails: oidcDetails(),
        AttributeMapping: { email: 'email' },
      }),
    );
    // Not yet in the app client's SupportedIdentityProviders: the hosted domain refuses it.
    const early = await signInThrough('acme', uniqueEmail('early'));
    expect(early.refused?.searchParams.get('error')).toBe('invalid_request');

    const { UserPoolClient: client } = await admin.send(new DescribeUserPoolClientCommand(pool()));
    await admin.send(
      new UpdateUserPoolClientCommand({
        ...pool(),
        SupportedIdentityProviders: [...(client?.SupportedIdentityProviders ?? []), 'acme'],
      }),
    );
    const email = uniqueEmail('ada.acme');
    const { claims } = await signInThrough('acme', email);
    expect(claims['cognito:username']).toMatch(/^acme_\d+$/);
    expect(claims).toMatchObject({ email, aud: stack.runtimeConfig.userPoolClientId });
    const user = await admin.send(
      new AdminGetUserCommand({ UserPoolId: pool().UserPoolId, Username: claims['cognito:username'] }),
    );
    expect(user.UserStatus).toBe('EXTERNAL_PROVIDER');
    const identities = user.UserAttributes?.find((attribute) => attribute.Name === 'identities')?.Value;
    expect(JSON.parse(identities ?? '[]')[0]).toMatchObject({ providerName: 'acme' });
  });
});
