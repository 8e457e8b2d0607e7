import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AUTH_MESSAGES, identityErrorMessage, TEAM_MESSAGES, type TeamSso } from '@agentforge/shared';
import {
  CognitoIdentityProviderClient,
  DescribeUserPoolClientCommand,
  ListIdentityProvidersCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { signIn, signOut } from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalGoogle, startLocalGoogle } from '../../scripts/local/google/server.js';
import { invokeFunction } from '../../scripts/local/in-process-functions.js';
import { apiAs } from '../support/api.js';
import { hostedDomainClient } from '../support/hosted-domain.js';
import { configureAmplify, signUpAndSignIn, TEST_PASSWORD, uniqueEmail } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';

/**
 * A team's single sign-on enforced and kept consistent (issue 34), on the local stack: 'Require
 * single sign-on' refuses its domain's password sign-ins (the pre-authentication trigger, run by
 * the local identity service as Cognito runs it, on password sign-ins and on returning federated
 * ones) while the provider still signs people in, first and returning: a person who signs in
 * through it is the provider's own user (never linked to the password account of the same
 * address, which would then be locked out both ways) and joins; a deploy's reset of the web
 * client's providers is undone by the custom resource's handler; the team's deletion takes its
 * provider out of the pool and off the client.
 */
let stack: Awaited<ReturnType<typeof startTestStack>>;
let company: LocalGoogle;
let hosted: ReturnType<typeof hostedDomainClient>;
let cognitoAdmin: CognitoIdentityProviderClient;
const APP_ORIGIN = 'http://localhost:5996';
const secret = randomBytes(16).toString('hex');
const domain = `corp-${randomBytes(4).toString('hex')}.example`;

beforeAll(async () => {
  stack = await startTestStack({ web: false, appOrigins: [APP_ORIGIN] });
  configureAmplify(stack.runtimeConfig);
  company = await startLocalGoogle({
    port: 0,
    clients: [
      {
        clientId: 'corp-sso',
        clientSecret: secret,
        redirectUris: [`${stack.google.hostedDomainUrl}/oauth2/idpresponse`],
      },
    ],
  });
  hosted = hostedDomainClient({
    dataDir: stack.dataDir,
    hostedDomainUrl: stack.google.hostedDomainUrl,
    clientId: stack.runtimeConfig.userPoolClientId,
    appOrigin: APP_ORIGIN,
  });
  cognitoAdmin = new CognitoIdentityProviderClient({
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
const providersInPool = async () =>
  (
    (await cognitoAdmin.send(new ListIdentityProvidersCommand({ UserPoolId: pool().UserPoolId })))
      .Providers ?? []
  ).map((provider) => provider.ProviderName);
const providersOnClient = async () =>
  (await cognitoAdmin.send(new DescribeUserPoolClientCommand(pool()))).UserPoolClient
    ?.SupportedIdentityProviders ?? [];

const subOf = (idToken: string) =>
  JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()).sub as string;

/** A password sign-in through Amplify: the error it surfaces, or undefined when it signed in. */
async function passwordSignIn(email: string): Promise<unknown> {
  await signOut().catch(() => undefined);
  try {
    await signIn({ username: email, password: TEST_PASSWORD });
    return undefined;
  } catch (error) {
    return error;
  }
}

describe("a team's single sign-on, enforced", () => {
  it('refuses password sign-ins at a domain that requires it, signs its people in through the provider, goes with the team', async () => {
    const owner = await signUpAndSignIn(uniqueEmail('corp-owner'));
    const admin = apiAs(stack.apiUrl, owner.idToken);
    const teamId = (await admin.post('/teams', { name: 'Corp' })).body.teamId as string;
    const sso = (
      await admin.put(`/teams/${teamId}/sso`, {
        provider: { type: 'oidc', issuer: company.url, clientId: 'corp-sso', clientSecret: secret },
        domains: [domain],
        requireSso: false,
      })
    ).body as TeamSso;
    const record = sso.domains[0]?.record ?? { name: '', value: '' };
    await writeFile(join(stack.dataDir, 'dns-txt.json'), JSON.stringify({ [record.name]: [record.value] }));
    expect((await admin.post(`/teams/${teamId}/sso/domains/${domain}/verify`)).status).toBe(200);

    // A password account at the domain (SSO not required yet): it signs in, but is not joined
    // by asking; it is told to come through the provider.
    const pat = await signUpAndSignIn(`pat.${randomBytes(3).toString('hex')}@${domain}`);
    const asPassword = apiAs(stack.apiUrl, pat.idToken);
    expect(await asPassword.post('/sso/join')).toMatchObject({
      status: 403,
      body: { message: TEAM_MESSAGES.ssoJoinNeedsSso },
    });

    // Through the provider, the same address signs in as the provider's own user, a separate
    // account (a team's provider is never linked to a password account), and joins the team.
    const throughSso = await hosted.signInThrough(sso.providerName, company.url, pat.email);
    expect(throughSso.claims?.['cognito:username']).toMatch(new RegExp(`^${sso.providerName}_`));
    expect(throughSso.claims?.sub).not.toBe(subOf(pat.idToken));
    const asSso = apiAs(stack.apiUrl, String(throughSso.idToken));
    expect((await asSso.post('/sso/join')).body).toEqual({ joined: true });
    expect((await asSso.get('/teams')).body.teams).toEqual([
      expect.objectContaining({ teamId, role: 'user' }),
    ]);
    expect((await asPassword.get('/teams')).body.teams).toEqual([]);

    // A password account at the domain that Google signs in to as well (linked on its first
    // Google sign-in, as Google users are).
    const lee = await signUpAndSignIn(`lee.${randomBytes(3).toString('hex')}@${domain}`);
    const leeByGoogle = await hosted.signInThrough('Google', stack.google.url, lee.email);
    expect(leeByGoogle.claims?.sub).toBe(subOf(lee.idToken));

    // Required: the domain's password sign-ins are refused with the shared message, as Cognito
    // words a trigger's refusal; other domains sign in as before.
    const required = await admin.put(`/teams/${teamId}/sso`, {
      provider: { type: 'oidc', issuer: company.url, clientId: 'corp-sso' },
      domains: [domain],
      requireSso: true,
    });
    expect(required.body).toMatchObject({ requireSso: true, active: true });
    const refused = await passwordSignIn(pat.email);
    expect(refused).toMatchObject({
      name: 'UserLambdaValidationException',
      message: `PreAuthentication failed with error ${AUTH_MESSAGES.ssoRequired}.`,
    });
    expect(identityErrorMessage(refused, 'login')).toBe(AUTH_MESSAGES.ssoRequired);
    expect(await passwordSignIn(owner.email)).toBeUndefined();

    // A returning federated sign-in runs the pre-authentication trigger too, as the user it signs
    // in as: Google's, as the linked password account, is refused (the way a team provider's link
    // would have locked its person out); the provider's own user passes, returning and first.
    const leeAgain = await hosted.signInThrough('Google', stack.google.url, lee.email);
    expect(leeAgain.refused?.searchParams.get('error')).toBe('invalid_request');
    expect(leeAgain.refused?.searchParams.get('error_description')).toBe(
      `PreAuthentication failed with error ${AUTH_MESSAGES.ssoRequired}.`,
    );
    // Nor is Google a way around it for someone new at the domain: a first Google sign-in is
    // refused by the pre-sign-up trigger.
    const googleFirst = await hosted.signInThrough(
      'Google',
      stack.google.url,
      `g.${randomBytes(3).toString('hex')}@${domain}`,
    );
    expect(googleFirst.idToken).toBeUndefined();
    expect(googleFirst.refused?.searchParams.get('error_description')).toContain(AUTH_MESSAGES.ssoRequired);
    const returning = await hosted.signInThrough(sso.providerName, company.url, pat.email);
    expect(returning.claims?.sub).toBe(throughSso.claims?.sub);
    expect((await hosted.signInThrough(sso.providerName, company.url, lee.email)).idToken).toBeTruthy();
    const newcomer = await hosted.signInThrough(
      sso.providerName,
      company.url,
      `new.${randomBytes(3).toString('hex')}@${domain}`,
    );
    expect(newcomer.claims?.['cognito:username']).toMatch(new RegExp(`^${sso.providerName}_`));
    expect((await apiAs(stack.apiUrl, String(newcomer.idToken)).post('/sso/join')).body).toEqual({
      joined: true,
    });

    // A deploy: CloudFormation updates the web client to the stack's list of providers, and the
    // custom resource after it (the same handler) puts the team's back; nothing else changes.
    const { UserPoolClient: before } = await cognitoAdmin.send(new DescribeUserPoolClientCommand(pool()));
    const stackList = (before?.SupportedIdentityProviders ?? []).filter((name) => !name.startsWith('team-'));
    await cognitoAdmin.send(
      new UpdateUserPoolClientCommand({
        ...pool(),
        CallbackURLs: before?.CallbackURLs,
        LogoutURLs: before?.LogoutURLs,
        AllowedOAuthFlows: before?.AllowedOAuthFlows,
        AllowedOAuthScopes: before?.AllowedOAuthScopes,
        AllowedOAuthFlowsUserPoolClient: before?.AllowedOAuthFlowsUserPoolClient,
        ExplicitAuthFlows: before?.ExplicitAuthFlows,
        SupportedIdentityProviders: stackList,
      }),
    );
    expect(await providersOnClient()).not.toContain(sso.providerName);
    const afterDeploy = await invokeFunction('auth/team-providers')({ RequestType: 'Update' });
    expect(afterDeploy).toEqual({ PhysicalResourceId: 'team-identity-providers' });
    expect((await providersOnClient()).sort()).toEqual([...stackList, sso.providerName].sort());
    expect((await hosted.signInThrough(sso.providerName, company.url, pat.email)).idToken).toBeTruthy();

    // The team deleted: its provider leaves the client and the pool, its domain is free, and
    // the domain's password sign-ins work again.
    expect(await providersOnClient()).toContain(sso.providerName);
    expect(await providersInPool()).toContain(sso.providerName);
    expect((await apiAs(stack.apiUrl, owner.idToken).del(`/teams/${teamId}`)).status).toBeLessThan(300);
    expect(await providersOnClient()).not.toContain(sso.providerName);
    expect(await providersInPool()).not.toContain(sso.providerName);
    expect((await apiAs(stack.apiUrl).get(`/sso/discover?email=x@${domain}`)).status).toBe(404);
    const after = await hosted.signInThrough(sso.providerName, company.url, pat.email);
    expect(after.refused?.searchParams.get('error')).toBe('invalid_request');
    expect(await passwordSignIn(pat.email)).toBeUndefined();
  }, 90_000);
});
