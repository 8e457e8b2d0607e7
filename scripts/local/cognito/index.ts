import { randomInt } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { CloudWatchLogsEvent } from 'aws-lambda';
import type { Outbox } from '../outbox.js';
import { createUserActivityLog } from './activity-log.js';
import { type AdminCredentials, loadAdminCredentials } from './admin-auth.js';
import { ensurePoolAndClient } from './bootstrap.js';
import type { Compat, PendingSrp } from './context.js';
import { createEngine, type LocalTriggers } from './engine.js';
import { HANDLERS } from './handlers.js';
import { loadTlsCredentials } from './hosted-domain/certificate.js';
import type { IdentityProviderClient } from './hosted-domain/identity-provider.js';
import { startHostedDomain } from './hosted-domain/server.js';
import { IdentityProviderStore, identityProviderHandlers, poolProviderLookup } from './identity-providers.js';
import { AttemptLimiter, type AttemptLimits, DEFAULT_LIMITS } from './limits.js';
import { createRequestHandler } from './server.js';
import { loadTokenKeys } from './tokens.js';
import { TtlStore } from './ttl-store.js';

export interface LocalCognitoOptions {
  /** cognito-local keeps its data under `<dataDir>/.cognito` (an absolute path; the process cwd is untouched). */
  dataDir: string;
  /** 0 = ephemeral. */
  port: number;
  /** Default '127.0.0.1'. */
  host?: string;
  outbox: Outbox;
  /** Tests: every code is this value. Otherwise codes are random 6-digit numbers. */
  fixedCode?: string;
  /** Failed sign-in/confirmation/reset attempts per user before LimitExceededException (default 5 in 15 min). */
  limits?: AttemptLimits;
  poolName?: string;
  clientName?: string;
  /** Where cognito-local's console output (the code boxes) goes; default console.log. */
  log?: (message: string) => void;
  /** Lambda triggers, run in-process with the events Cognito would send. */
  triggers?: LocalTriggers;
  /**
   * Where the user activity log goes (each password sign-in, passed or failed), as a CloudWatch
   * Logs subscription delivers it: on AWS threat protection exports it to a log group.
   */
  userActivity?: (event: CloudWatchLogsEvent) => Promise<unknown>;
  /** The web app's origins, the only ones a browser may call the service from (CORS). */
  allowedOrigins?: readonly string[];
  /** The pool's hosted domain over HTTPS (its certificate kept in the data directory), for social sign-in. */
  hostedDomain?: {
    /** 0 = ephemeral. */
    port: number;
    /** The app client's callback and sign-out URLs. */
    callbackUrls: readonly string[];
    logoutUrls: readonly string[];
    identityProviders: readonly IdentityProviderClient[];
  };
}

export interface LocalCognito {
  /** What Amplify's Auth.Cognito.userPoolEndpoint gets, e.g. http://127.0.0.1:9229. */
  endpoint: string;
  /** e.g. local_AbCd1234. */
  userPoolId: string;
  userPoolClientId: string;
  /** The `iss` claim of its tokens: `<endpoint>/<userPoolId>`. */
  issuer: string;
  /** The public keys, over http. */
  jwksUri: string;
  /** The only credentials the administrative operations accept (SigV4-signed). */
  adminCredentials: AdminCredentials;
  /** The hosted domain (`localhost:<port>`, Amplify's `oauth.domain`) and its URL, when asked for. */
  hostedDomain?: { domain: string; url: string };
  stop(): Promise<void>;
}

/** Cognito's SRP and USER_AUTH sessions last a few minutes. */
const SESSION_TTL_MS = 5 * 60 * 1000;

function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Starts cognito-local in-process behind the compatibility layer Amplify v6 needs. */
export async function startLocalCognito(options: LocalCognitoOptions): Promise<LocalCognito> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((message: string) => console.log(message));
  let listener: RequestListener = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => listener(req, res));
  const activity = options.userActivity
    ? createUserActivityLog({ deliver: options.userActivity, log })
    : undefined;
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, host, () => done());
  });
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const stopOne of stops) await stopOne();
    await new Promise<void>((done) => {
      server.close(() => done());
      server.closeAllConnections();
    });
    await activity?.drain();
  };

  try {
    const { port } = server.address() as AddressInfo;
    const publicHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
    const endpoint = `http://${publicHost.includes(':') ? `[${publicHost}]` : publicHost}:${port}`;
    const directory = join(resolve(options.dataDir), '.cognito');
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const keys = loadTokenKeys(join(directory, 'token-signing-key.pem'));
    const adminCredentials = loadAdminCredentials(join(directory, 'admin-credentials.json'));
    const engine = await createEngine({
      directory,
      keys,
      issuerDomain: endpoint,
      otp: options.fixedCode === undefined ? randomCode : () => options.fixedCode as string,
      outbox: options.outbox,
      log,
      ...(options.triggers ? { triggers: options.triggers } : {}),
    });
    const { userPoolId, userPoolClientId } = await ensurePoolAndClient(engine, {
      poolName: options.poolName ?? 'local-pool',
      clientName: options.clientName ?? 'local-web',
    });
    const compat: Compat = {
      engine,
      keys,
      limiter: new AttemptLimiter(options.limits ?? DEFAULT_LIMITS),
      srpChallenges: new TtlStore<PendingSrp>(SESSION_TTL_MS),
      signInSessions: new TtlStore<string>(SESSION_TTL_MS),
      ...(activity ? { activity } : {}),
      ...(options.triggers?.PreAuthentication
        ? { preAuthentication: options.triggers.PreAuthentication }
        : {}),
    };
    const identityProviders = new IdentityProviderStore(join(directory, 'identity-providers.json'));
    const issuer = `${endpoint}/${userPoolId}`;
    const jwksUri = `${issuer}/.well-known/jwks.json`;
    listener = createRequestHandler({
      compat,
      handlers: { ...HANDLERS, ...identityProviderHandlers(identityProviders) },
      allowedOrigins: options.allowedOrigins ?? [],
      admin: adminCredentials,
      log,
      openIdConfiguration: (poolId) => ({
        issuer: `${endpoint}/${poolId}`,
        jwks_uri: `${endpoint}/${poolId}/.well-known/jwks.json`,
        authorization_endpoint: `${endpoint}/oauth2/authorize`,
        token_endpoint: `${endpoint}/oauth2/token`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      }),
    });
    const hosted = options.hostedDomain
      ? await startHostedDomain({
          ...options.hostedDomain,
          tls: loadTlsCredentials(directory),
          compat,
          userPoolId,
          clientId: userPoolClientId,
          poolProvider: poolProviderLookup(identityProviders, compat, {
            userPoolId,
            clientId: userPoolClientId,
          }),
          allowedOrigins: options.allowedOrigins ?? [],
        })
      : undefined;
    if (hosted) stops.push(hosted.stop);
    return {
      endpoint,
      userPoolId,
      userPoolClientId,
      issuer,
      jwksUri,
      adminCredentials,
      ...(hosted ? { hostedDomain: { domain: hosted.domain, url: hosted.url } } : {}),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
