import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
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
import { hostedDomainClient } from '../support/hosted-domain.js';
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
let hosted: ReturnType<typeof hostedDomainClient>;
const APP_ORIGIN = 'http://localhost:5998';
const companyClient = { clientId: 'acme-agentforge', clientSecret: randomBytes(16).toString('hex') };

beforeAll(async () => {
  stack = await startTestStack({ web: false, appOrigins: [APP_ORIGIN] });
  hosted = hostedDomainClient({
    dataDir: stack.dataDir,
    hostedDomainUrl: stack.google.hostedDomainUrl,
    clientId: stack.runtimeConfig.userPoolClientId,
    appOrigin: APP_ORIGIN,
  });
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
    const early = await hosted.signInThrough('acme', company.url, uniqueEmail('early'));
    expect(early.refused?.searchParams.get('error')).toBe('invalid_request');

    const { UserPoolClient: client } = await admin.send(new DescribeUserPoolClientCommand(pool()));
    await admin.send(
      new UpdateUserPoolClientCommand({
        ...pool(),
        SupportedIdentityProviders: [...(client?.SupportedIdentityProviders ?? []), 'acme'],
      }),
    );
    const email = uniqueEmail('ada.acme');
    const { claims } = await hosted.signInThrough('acme', company.url, email);
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
