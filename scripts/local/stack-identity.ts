import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { startLocalCognito } from './cognito/index.js';
import { startLocalGoogle } from './google/server.js';
import { invokeFunction } from './in-process-functions.js';
import { reservePort } from './net.js';
import type { Outbox } from './outbox.js';
import { startLocalSamlIdp } from './saml-idp/server.js';
import type { LocalStackOptions } from './stack-options.js';
import type { Stop } from './stack-stops.js';

const LOCAL_GOOGLE_CLIENT_ID = 'local-agentforge.apps.googleusercontent.com';

/**
 * Sign-in: the local identity service (Cognito's API, its hosted sign-in domain and the triggers,
 * run in process as Lambda runs them), the local Google behind the hosted domain, and a company's
 * SAML identity provider. The functions' identity settings go into process.env.
 */
export async function startStackIdentity(
  options: LocalStackOptions,
  { outbox, webOrigins, stops }: { outbox: Outbox; webOrigins: string[]; stops: Stop[] },
) {
  // Google sign-in: the local Google, whose only client is the hosted domain's (its idpresponse).
  const appRoots = (options.appOrigins ?? webOrigins).map((origin) => `${origin}/`);
  const domainReserved = options.ports.cognitoDomain ? undefined : await reservePort();
  const domainPort = options.ports.cognitoDomain || (domainReserved?.port as number);
  const googleClient = {
    clientId: LOCAL_GOOGLE_CLIENT_ID,
    clientSecret: `GOCSPX-${randomBytes(18).toString('base64url')}`,
    redirectUris: [`https://localhost:${domainPort}/oauth2/idpresponse`],
  };
  const google = await startLocalGoogle({ port: options.ports.google ?? 0, clients: [googleClient] });
  stops.push(google.stop);
  await domainReserved?.release();
  const cognito = await startLocalCognito({
    allowedOrigins: webOrigins,
    hostedDomain: {
      port: domainPort,
      callbackUrls: appRoots,
      logoutUrls: appRoots,
      identityProviders: [{ name: 'Google', issuer: google.url, ...googleClient }],
    },
    dataDir: join(options.dataDir, 'cognito'),
    port: options.ports.cognito,
    outbox,
    ...(options.fixedCode ? { fixedCode: options.fixedCode } : {}),
    ...(options.quiet ? { log: () => {} } : {}),
    triggers: {
      // The stage's allowedEmailDomains, refused at sign-up as Cognito's trigger does.
      PreSignUp: invokeFunction('auth/pre-sign-up'),
      PostConfirmation: invokeFunction('auth/post-confirmation'),
      // A team that requires single sign-on refuses its domains' password sign-ins, as on AWS.
      PreAuthentication: invokeFunction('auth/pre-authentication'),
      // Sign-ins in the audit log: cognito-local runs it after every password sign-in, as Cognito does.
      PostAuthentication: invokeFunction('auth/post-authentication'),
    },
    // Failed sign-ins in the audit log, from the activity log threat protection exports on AWS.
    userActivity: invokeFunction('auth/sign-in-events'),
  });
  stops.push(cognito.stop);
  // A company's SAML IdP for a team's single sign-on; its only service provider is the pool's.
  const samlIdp = await startLocalSamlIdp({
    port: options.ports.samlIdp ?? 0,
    directory: join(options.dataDir, 'cognito', '.cognito'),
    serviceProviders: [
      {
        entityId: `urn:amazon:cognito:sp:${cognito.userPoolId}`,
        acsUrl: `https://localhost:${domainPort}/saml2/idpresponse`,
      },
    ],
  });
  stops.push(samlIdp.stop);
  // The stream function verifies ID tokens itself, against the local identity service.
  Object.assign(process.env, {
    USER_POOL_ID: cognito.userPoolId,
    USER_POOL_CLIENT_ID: cognito.userPoolClientId,
    LOCAL_COGNITO_ISSUER: cognito.issuer,
    LOCAL_COGNITO_JWKS_URI: cognito.jwksUri,
    // Account deletion removes the user from the identity service with its admin credentials.
    LOCAL_COGNITO_ENDPOINT: cognito.endpoint,
    LOCAL_COGNITO_ADMIN_CREDENTIALS_FILE: join(
      options.dataDir,
      'cognito',
      '.cognito',
      'admin-credentials.json',
    ),
  });
  return { cognito, google, samlIdp };
}
