import { createPrivateKey, sign } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  AliasExistsException,
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  GetUserAttributeVerificationCodeCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ListUsersCommand,
  RevokeTokenCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { Amplify } from 'aws-amplify';
import {
  autoSignIn,
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { sharedInMemoryStorage } from 'aws-amplify/utils';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalCognito, startLocalCognito } from '../../scripts/local/cognito/index.js';
import { createOutbox, type Outbox, type OutboxEntry } from '../../scripts/local/outbox.js';

const PASSWORD = 'correct-horse-1';
const LIMITS = { maxFailures: 3, windowMs: 60_000 };

let dataDir: string;
let outbox: Outbox;
let cognito: LocalCognito;
const WEB_ORIGIN = 'http://localhost:5173';

async function start(fixedCode?: string): Promise<LocalCognito> {
  const started = await startLocalCognito({
    dataDir,
    port: 0,
    outbox,
    fixedCode,
    limits: LIMITS,
    log: () => {},
    allowedOrigins: [WEB_ORIGIN],
  });
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: started.userPoolId,
        userPoolClientId: started.userPoolClientId,
        userPoolEndpoint: started.endpoint,
        loginWith: { email: true },
      },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(sharedInMemoryStorage);
  return started;
}

async function lastCode(to: string, kind: OutboxEntry['kind']): Promise<string> {
  const entry = (await outbox.read()).filter((e) => e.to === to && e.kind === kind).at(-1);
  if (!entry) throw new Error(`no ${kind} for ${to} in the outbox`);
  return entry.code;
}

async function signUpConfirmed(email: string): Promise<void> {
  await signUp({ username: email, password: PASSWORD, options: { userAttributes: { email } } });
  await confirmSignUp({ username: email, confirmationCode: await lastCode(email, 'sign-up-code') });
}

const errorName = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: Error) => error.name,
  );

/** aws-jwt-verify only fetches JWKS over https; the local JWKS is plain http, hence the fetcher. */
function idTokenVerifier(local: LocalCognito) {
  return JwtRsaVerifier.create(
    { issuer: local.issuer, audience: local.userPoolClientId, jwksUri: local.jwksUri },
    {
      jwksCache: new SimpleJwksCache({ fetcher: { fetch: async (uri) => (await fetch(uri)).arrayBuffer() } }),
    },
  );
}

const sdk = () =>
  new CognitoIdentityProviderClient({
    endpoint: cognito.endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

const refreshWithSdk = (token: string) =>
  sdk().send(
    new GetTokensFromRefreshTokenCommand({ ClientId: cognito.userPoolClientId, RefreshToken: token }),
  );

/** Where Amplify keeps the signed-in user's refresh token. */
async function storedRefreshToken(): Promise<string> {
  const prefix = `CognitoIdentityServiceProvider.${cognito.userPoolClientId}`;
  const user = await sharedInMemoryStorage.getItem(`${prefix}.LastAuthUser`);
  const token = await sharedInMemoryStorage.getItem(`${prefix}.${user}.refreshToken`);
  if (!token) throw new Error('no refresh token stored');
  return token;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cognito-compat-'));
  outbox = createOutbox(join(dataDir, 'outbox.jsonl'));
  cognito = await start();
});

afterAll(async () => {
  await cognito?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('local Cognito driven by Amplify v6', () => {
  const email = 'ada@example.com';

  it('signs up, confirms with the outboxed code and signs in automatically', async () => {
    const signedUp = await signUp({
      username: email,
      password: PASSWORD,
      options: { userAttributes: { email }, autoSignIn: true },
    });
    expect(signedUp.nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
    const [entry] = await outbox.read();
    expect(entry).toMatchObject({ to: email, kind: 'sign-up-code' });
    expect(entry?.code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(entry)).not.toContain(PASSWORD);

    const confirmed = await confirmSignUp({ username: email, confirmationCode: entry?.code ?? '' });
    expect(confirmed.nextStep.signUpStep).toBe('COMPLETE_AUTO_SIGN_IN');
    expect((await autoSignIn()).isSignedIn).toBe(true);

    const { tokens } = await fetchAuthSession();
    expect(tokens?.idToken?.payload).toMatchObject({ email, sub: signedUp.userId, email_verified: true });
    const verified = await idTokenVerifier(cognito).verify(tokens?.idToken?.toString() ?? '');
    expect(verified).toMatchObject({ iss: cognito.issuer, aud: cognito.userPoolClientId, token_use: 'id' });
  });

  it('refreshes tokens through GetTokensFromRefreshToken', async () => {
    const before = (await fetchAuthSession()).tokens?.idToken?.toString();
    const after = (await fetchAuthSession({ forceRefresh: true })).tokens?.idToken?.toString();
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    await expect(idTokenVerifier(cognito).verify(after ?? '')).resolves.toMatchObject({ email });
  });

  it('signs out, then signs in with SRP; a wrong password is NotAuthorizedException', async () => {
    await signOut();
    await expect(getCurrentUser()).rejects.toThrow();
    expect(await signIn({ username: email, password: PASSWORD })).toMatchObject({ isSignedIn: true });
    expect((await getCurrentUser()).signInDetails?.loginId).toBe(email);
    const refreshToken = await storedRefreshToken();
    await signOut();
    // Amplify's signOut revokes the refresh token (it does so only when tokens carry origin_jti).
    expect(await errorName(refreshWithSdk(refreshToken))).toBe('NotAuthorizedException');
    expect(await errorName(signIn({ username: email, password: 'wrong-password' }))).toBe(
      'NotAuthorizedException',
    );
    expect(await errorName(signIn({ username: 'nobody@example.com', password: PASSWORD }))).toBe(
      'UserNotFoundException',
    );
  });

  it('rejects a password shorter than 8 characters', async () => {
    const attempt = signUp({
      username: 'short@example.com',
      password: 'short',
      options: { userAttributes: {} },
    });
    await expect(attempt).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    });
  });

  it('resends the sign-up code as a second outbox entry', async () => {
    const other = 'grace@example.com';
    await signUp({ username: other, password: PASSWORD, options: { userAttributes: { email: other } } });
    await resendSignUpCode({ username: other });
    const entries = (await outbox.read()).filter((e) => e.to === other);
    expect(entries.map((e) => e.kind)).toEqual(['sign-up-code', 'resend-code']);
    const confirmed = await confirmSignUp({
      username: other,
      confirmationCode: await lastCode(other, 'resend-code'),
    });
    expect(confirmed.isSignUpComplete).toBe(true);
  });

  it('auto-signs in with USER_AUTH and the session ConfirmSignUp answers', async () => {
    const other = 'alan@example.com';
    await signUp({
      username: other,
      password: PASSWORD,
      options: { userAttributes: { email: other }, autoSignIn: { authFlowType: 'USER_AUTH' } },
    });
    const confirmed = await confirmSignUp({
      username: other,
      confirmationCode: await lastCode(other, 'sign-up-code'),
    });
    expect(confirmed.nextStep.signUpStep).toBe('COMPLETE_AUTO_SIGN_IN');
    expect(await autoSignIn()).toMatchObject({ isSignedIn: true });
    expect((await fetchAuthSession()).tokens?.idToken?.payload.email).toBe(other);
    await signOut();
  });

  it('resets a password with the outboxed code', async () => {
    const reset = await resetPassword({ username: email });
    expect(reset.nextStep.resetPasswordStep).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');
    const code = await lastCode(email, 'password-reset-code');
    await confirmResetPassword({ username: email, confirmationCode: code, newPassword: 'new-password-2' });
    expect(await errorName(signIn({ username: email, password: PASSWORD }))).toBe('NotAuthorizedException');
    expect(await signIn({ username: email, password: 'new-password-2' })).toMatchObject({ isSignedIn: true });
    await signOut();
  });

  it('answers LimitExceededException after repeated failures', async () => {
    const victim = 'eve@example.com';
    await signUpConfirmed(victim);
    for (let i = 0; i < LIMITS.maxFailures; i++) {
      expect(await errorName(signIn({ username: victim, password: 'wrong-password' }))).toBe(
        'NotAuthorizedException',
      );
    }
    await expect(signIn({ username: victim, password: PASSWORD })).rejects.toMatchObject({
      name: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    await resetPassword({ username: victim });
    expect(
      await errorName(
        confirmResetPassword({ username: victim, confirmationCode: '000000', newPassword: 'x'.repeat(9) }),
      ),
    ).toBe('LimitExceededException');
  });

  it('revokes refresh tokens on RevokeToken and GlobalSignOut', async () => {
    const client = sdk();
    const signInOnce = async () => {
      const { AuthenticationResult } = await client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: cognito.userPoolClientId,
          AuthParameters: { USERNAME: email, PASSWORD: 'new-password-2' },
        }),
      );
      expect(AuthenticationResult).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 3600 });
      return AuthenticationResult as { AccessToken: string; RefreshToken: string };
    };
    const refresh = refreshWithSdk;

    const first = await signInOnce();
    const viaInitiateAuth = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: cognito.userPoolClientId,
        AuthParameters: { REFRESH_TOKEN: first.RefreshToken },
      }),
    );
    expect(viaInitiateAuth.AuthenticationResult?.IdToken).toBeDefined();
    await client.send(
      new RevokeTokenCommand({ ClientId: cognito.userPoolClientId, Token: first.RefreshToken }),
    );
    expect(await errorName(refresh(first.RefreshToken))).toBe('NotAuthorizedException');

    const second = await signInOnce();
    expect((await refresh(second.RefreshToken)).AuthenticationResult?.AccessToken).toBeDefined();
    await client.send(new GlobalSignOutCommand({ AccessToken: second.AccessToken }));
    expect(await errorName(refresh(second.RefreshToken))).toBe('NotAuthorizedException');
  });

  it('changes an e-mail only once the code sent to the new address is confirmed (keepOriginal)', async () => {
    const client = sdk();
    const [mary, other, next] = ['mary@example.com', 'taken@example.com', 'mary.new@example.com'];
    await signUpConfirmed(mary);
    await signUpConfirmed(other);
    const signInAs = async (username: string) => {
      const { AuthenticationResult } = await client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: cognito.userPoolClientId,
          AuthParameters: { USERNAME: username, PASSWORD },
        }),
      );
      return AuthenticationResult as { AccessToken: string; IdToken: string };
    };
    const idClaims = async (username: string) =>
      idTokenVerifier(cognito).verify((await signInAs(username)).IdToken);
    const { AccessToken } = await signInAs(mary);
    const update = (email: string) =>
      client.send(
        new UpdateUserAttributesCommand({ AccessToken, UserAttributes: [{ Name: 'email', Value: email }] }),
      );

    // Another user's address is refused, in any case.
    await expect(update('Taken@Example.com')).rejects.toBeInstanceOf(AliasExistsException);
    // Nobody marks their own address verified.
    expect(
      await errorName(
        client.send(
          new UpdateUserAttributesCommand({
            AccessToken,
            UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
          }),
        ),
      ),
    ).toBe('NotAuthorizedException');

    const pending = await update(next);
    expect(pending.CodeDeliveryDetailsList).toEqual([
      { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: next },
    ]);
    // Until confirmed, the old verified address is the user's, in the tokens and for signing in.
    expect(await idClaims(mary)).toMatchObject({ email: mary, email_verified: true });
    expect(await errorName(signInAs(next))).not.toBe('resolved');
    const attributes = (await client.send(new GetUserCommand({ AccessToken }))).UserAttributes;
    expect(attributes).toEqual(expect.arrayContaining([{ Name: 'email', Value: mary }]));

    const wrong = client.send(
      new VerifyUserAttributeCommand({ AccessToken, AttributeName: 'email', Code: 'nope' }),
    );
    expect(await errorName(wrong)).toBe('CodeMismatchException');
    // A new code goes to the pending address too (never the old one).
    await client.send(new GetUserAttributeVerificationCodeCommand({ AccessToken, AttributeName: 'email' }));
    const codes = (await outbox.read()).filter((e) => e.kind === 'attribute-verification-code');
    expect(codes.map((e) => e.to)).toEqual([next, next]);
    await client.send(
      new VerifyUserAttributeCommand({
        AccessToken,
        AttributeName: 'email',
        Code: await lastCode(next, 'attribute-verification-code'),
      }),
    );
    expect(await idClaims(next)).toMatchObject({ email: next, email_verified: true });
    expect(await errorName(signInAs(mary))).not.toBe('resolved');
  });

  it('lets the browser app call it from another origin', async () => {
    const preflight = await fetch(cognito.endpoint, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-amz-target,x-amz-user-agent,cache-control',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-amz-user-agent');

    const call = await fetch(cognito.endpoint, {
      method: 'POST',
      headers: {
        Origin: 'http://localhost:5173',
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword',
      },
      body: JSON.stringify({ ClientId: cognito.userPoolClientId, Username: 'nobody@example.com' }),
    });
    expect(call.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(await call.json()).toMatchObject({ __type: 'UserNotFoundException' });

    const discovery = await (await fetch(`${cognito.issuer}/.well-known/openid-configuration`)).json();
    expect(discovery).toMatchObject({ issuer: cognito.issuer, jwks_uri: cognito.jwksUri });

    // Any other origin (a page open in the developer's browser) gets no CORS allowance.
    const foreign = await fetch(cognito.endpoint, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses administrative operations unless signed with the local stack credentials', async () => {
    const as = (credentials: { accessKeyId: string; secretAccessKey: string }) =>
      new CognitoIdentityProviderClient({ endpoint: cognito.endpoint, region: 'us-east-1', credentials });
    const stranger = as({ accessKeyId: 'local', secretAccessKey: 'local' });
    const forged = as({ accessKeyId: cognito.adminCredentials.accessKeyId, secretAccessKey: 'guessed' });
    const attacks = [
      new ListUsersCommand({ UserPoolId: cognito.userPoolId }),
      new AdminSetUserPasswordCommand({
        UserPoolId: cognito.userPoolId,
        Username: email,
        Password: 'taken-over-1',
        Permanent: true,
      }),
      new AdminInitiateAuthCommand({
        UserPoolId: cognito.userPoolId,
        ClientId: cognito.userPoolClientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: 'taken-over-1' },
      }),
    ];
    for (const command of attacks) {
      for (const client of [stranger, forged]) {
        await expect(client.send(command as never)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
      }
    }
    const listed = await as(cognito.adminCredentials).send(
      new ListUsersCommand({ UserPoolId: cognito.userPoolId }),
    );
    expect(listed.Users?.map((user) => user.Attributes?.find((a) => a.Name === 'email')?.Value)).toContain(
      email,
    );
  });

  it("signs tokens with the data directory's own key, never cognito-local's published one", async () => {
    const jwks = (await (await fetch(cognito.jwksUri)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((key) => key.kid)).not.toContain('CognitoLocal');
    // A token forged with the key inside the cognito-local package is refused.
    const published = createPrivateKey(
      (createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string })
        .pem,
    );
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const body = `${encode({ alg: 'RS256', kid: 'CognitoLocal' })}.${encode({
      token_use: 'access',
      client_id: cognito.userPoolClientId,
      username: email,
      iss: cognito.issuer,
      iat: now,
      exp: now + 3600,
    })}`;
    const forgedToken = `${body}.${sign('sha256', Buffer.from(body), published).toString('base64url')}`;
    const client = new CognitoIdentityProviderClient({
      endpoint: cognito.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    await expect(client.send(new GetUserCommand({ AccessToken: forgedToken }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('keeps no password or refresh token in the clear, and takes no stored value as a password', async () => {
    const owner = 'hedy@example.com';
    await signUpConfirmed(owner);
    await signIn({ username: owner, password: PASSWORD });
    const refreshToken = await storedRefreshToken();
    const files: string[] = [];
    const walk = async (path: string): Promise<void> => {
      if ((await stat(path)).isDirectory())
        for (const entry of await readdir(path)) await walk(join(path, entry));
      else files.push(await readFile(path, 'utf8'));
    };
    await walk(dataDir);
    const store = files.join('\n');
    expect(store).toContain(owner);
    expect(store).not.toContain(PASSWORD);
    expect(store).not.toContain(refreshToken);
    expect((await refreshWithSdk(refreshToken)).AuthenticationResult?.IdToken).toEqual(expect.any(String));

    // Whoever reads the store cannot sign in with what it holds (pass-the-hash).
    const pool = JSON.parse(files.find((file) => file.includes(owner)) as string) as {
      Users: Record<string, { Password: string; Attributes: { Name: string; Value: string }[] }>;
    };
    const stored = Object.values(pool.Users).find((user) => user.Attributes.some((a) => a.Value === owner))
      ?.Password as string;
    expect(stored).toMatch(/^srp\$/);
    await expect(
      sdk().send(
        new InitiateAuthCommand({
          ClientId: cognito.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: owner, PASSWORD: stored },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const admin = new CognitoIdentityProviderClient({
      endpoint: cognito.endpoint,
      region: 'us-east-1',
      credentials: cognito.adminCredentials,
    });
    const adminAuth = (password: string) =>
      admin.send(
        new AdminInitiateAuthCommand({
          UserPoolId: cognito.userPoolId,
          ClientId: cognito.userPoolClientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: owner, PASSWORD: password },
        }),
      );
    await expect(adminAuth(stored)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect((await adminAuth(PASSWORD)).AuthenticationResult?.IdToken).toEqual(expect.any(String));
    await signOut();
  });

  it('refuses a request that a page on another origin makes', async () => {
    const response = await fetch(cognito.endpoint, {
      method: 'POST',
      headers: {
        Origin: 'https://evil.example',
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp',
      },
      body: JSON.stringify({
        ClientId: cognito.userPoolClientId,
        Username: 'x@evil.example',
        Password: 'x'.repeat(12),
      }),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(await response.json()).toMatchObject({ __type: 'NotAuthorizedException' });
  });

  it('keeps pool, client and users across a restart on the same data directory', async () => {
    const { userPoolId, userPoolClientId } = cognito;
    await cognito.stop();
    cognito = await start('424242');
    expect(cognito).toMatchObject({ userPoolId, userPoolClientId });
    expect(userPoolId).toMatch(/^[^_]+_[^_]+$/);
    expect(await signIn({ username: email, password: 'new-password-2' })).toMatchObject({ isSignedIn: true });
    await signOut();
    await resetPassword({ username: email });
    expect(await lastCode(email, 'password-reset-code')).toBe('424242');
  });

  it('migrates a store written before, with passwords in the clear, on start', async () => {
    await cognito.stop();
    const poolFile = join(dataDir, '.cognito', 'db', `${cognito.userPoolId}.json`);
    const pool = JSON.parse(await readFile(poolFile, 'utf8'));
    for (const user of Object.values(pool.Users) as { Password: string; RefreshTokens: string[] }[]) {
      user.Password = 'legacy-password-3';
      user.RefreshTokens = ['legacy.refresh.token'];
    }
    await writeFile(poolFile, JSON.stringify(pool));
    cognito = await start();
    const migrated = await readFile(poolFile, 'utf8');
    expect(migrated).not.toContain('legacy-password-3');
    expect(migrated).not.toContain('legacy.refresh.token');
    expect(await signIn({ username: email, password: 'legacy-password-3' })).toMatchObject({
      isSignedIn: true,
    });
    await signOut();
  });
});
