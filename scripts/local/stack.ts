import { randomBytes } from 'node:crypto';
import { chmod, mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import type { RuntimeConfig } from '@agentforge/shared';
import Stripe from 'stripe';
import { createLocalIdTokenVerifier } from '../../functions/src/adapters/cognito/id-token-verifier.js';
import { type TableId, tableEnvVar } from '../../functions/src/adapters/dynamodb/table-definitions.js';
import { ensureLocalSecretKeyFile } from '../../functions/src/adapters/secrets/local-key-file.js';
import { ensureStripeCatalog } from '../stripe-setup/ensure.js';
import { lambdaContext } from './api-gateway-event.js';
import { startLocalApi } from './api-server.js';
import { startLocalBedrock } from './bedrock.js';
import { loadAdminCredentials } from './cognito/admin-auth.js';
import { startLocalCognito } from './cognito/index.js';
import { startLocalDynamo } from './dynamodb.js';
import { importHandler } from './function-modules.js';
import { startLocalGithub } from './github/server.js';
import { close, listen } from './net.js';
import { createOutbox } from './outbox.js';
import { startLocalS3 } from './s3/server.js';
import { startLocalSes } from './ses/server.js';
import { startLocalStripe } from './stripe/server.js';
import { startWebServer } from './web-server.js';

export interface LocalStackOptions {
  /** Where dynalite, the identity service and the outbox keep their data (`.local`). */
  dataDir: string;
  /** 0 = an ephemeral port. */
  ports: {
    api: number;
    web: number;
    cognito: number;
    dynamodb: number;
    s3?: number;
    github?: number;
    stripe?: number;
    ses?: number;
  };
  /** The origins Stripe's checkout and portal may return to (default: the web app's). */
  appOrigins?: readonly string[];
  /** Start Vite for the web app (integration tests of the API leave it off). */
  web: boolean;
  /** Tests: every e-mailed code is this value. */
  fixedCode?: string;
  whitelistedEmails?: readonly string[];
  /** Only addresses at these domains may sign up (default: any). */
  allowedEmailDomains?: readonly string[];
  /** The access gate (default `open`): `waitlist` lets in only whitelisted or admitted users. */
  accessMode?: 'open' | 'waitlist';
  /** Invite codes that admit a waitlisted user at once. */
  inviteCodes?: readonly string[];
  /** How often the MCP reaper runs (EventBridge Scheduler runs it every minute on AWS). */
  reaperIntervalMs?: number;
  /** The local Stripe's pauses before each retry of an undelivered webhook (tests: short ones). */
  stripeWebhookRetryDelaysMs?: readonly number[];
  /** Silence the identity service's console output (tests). */
  quiet?: boolean;
  /**
   * Serve the platform's models through the local Bedrock stand-in (`npm start`); tests that want
   * them point the Bedrock clients at their own model server instead.
   */
  platformModels?: boolean;
}

export interface LocalStack {
  apiUrl: string;
  /** The S3 stand-in's endpoint (attachments). */
  s3Url: string;
  /** The local GitHub service: OAuth host and API base URL of the account link. */
  githubUrl: string;
  /** The local Bedrock stand-in (with `platformModels`). */
  bedrockUrl?: string;
  /** The local Stripe service and its keys (made per start). */
  stripe: { url: string; secretKey: string; webhookSecret: string };
  webUrl?: string;
  outboxUrl: string;
  outboxFile: string;
  /** The local DynamoDB (the admin CLI and tests reach the tables through it). */
  dynamodb: { endpoint: string; tableNames: Record<TableId, string> };
  runtimeConfig: RuntimeConfig;
  stop(): Promise<void>;
}

/**
 * The whole product on one machine: dynalite, the local identity service, the local API (real
 * handlers from the route manifest) and Vite. The functions read their configuration from
 * process.env exactly as in Lambda, so this must run before any handler module is imported.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  // Everything under the data directory (the identity store, dynalite's files, secrets.key, the
  // outbox, MCP logs) is the owner's alone: directories 0700, files 0600.
  process.umask(0o077);
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  await chmod(options.dataDir, 0o700);
  const stops: (() => Promise<unknown>)[] = [];
  try {
    const dynamo = await startLocalDynamo({
      path: join(options.dataDir, 'dynamodb'),
      port: options.ports.dynamodb,
      tablePrefix: 'local',
    });
    stops.push(dynamo.stop);
    setFunctionEnvironment(
      dynamo.endpoint,
      dynamo.tableNames,
      options.whitelistedEmails ?? [],
      options.allowedEmailDomains ?? [],
    );
    Object.assign(process.env, {
      ACCESS_MODE: options.accessMode ?? 'open',
      INVITE_CODES: (options.inviteCodes ?? []).join(','),
    });
    // The local secret cipher's AES-256 key, made once per data directory (on AWS: the KMS key).
    process.env.LOCAL_SECRETS_KEY_FILE = await ensureLocalSecretKeyFile(join(options.dataDir, 'secrets.key'));
    process.env.LOCAL_DATA_DIR = options.dataDir;
    const outboxFile = join(options.dataDir, 'outbox.jsonl');
    const outbox = createOutbox(outboxFile);
    // Product mail (team invitations) goes through the SES client to the local SES, to the same outbox.
    const ses = await startLocalSes({ outbox, port: options.ports.ses ?? 0 });
    stops.push(ses.stop);
    Object.assign(process.env, { SES_ENDPOINT: ses.url, MAIL_FROM_ADDRESS: LOCAL_MAIL_FROM });
    const reserved = options.web && !options.ports.web ? await reservePort() : undefined;
    if (reserved) stops.push(reserved.release);
    const webPort = options.web ? options.ports.web || reserved?.port : undefined;
    const webOrigins = webPort ? [`http://localhost:${webPort}`, `http://127.0.0.1:${webPort}`] : [];
    // The attachments' storage: S3's REST API for presigned uploads and downloads (ATTACHMENTS_BUCKET).
    const s3 = await startLocalS3({
      port: options.ports.s3 ?? 0,
      dataDir: join(options.dataDir, 's3'),
      bucket: LOCAL_ATTACHMENTS_BUCKET,
      credentials: loadAdminCredentials(join(options.dataDir, 's3-credentials.json')),
      allowedOrigins: webOrigins,
    });
    stops.push(s3.stop);
    Object.assign(process.env, {
      S3_ENDPOINT: s3.endpoint,
      ATTACHMENTS_BUCKET: LOCAL_ATTACHMENTS_BUCKET,
      LOCAL_S3_CREDENTIALS_FILE: join(options.dataDir, 's3-credentials.json'),
    });
    // The GitHub account link's GitHub: an OAuth App registered with the web app's callback (a
    // stack without the web app, for API tests, registers one nothing serves: they read the redirect).
    const githubCallback = `http://localhost:${webPort ?? 9}/github/callback`;
    const github = await startLocalGithub({
      port: options.ports.github ?? 0,
      clientId: LOCAL_GITHUB_CLIENT_ID,
      clientSecret: randomBytes(20).toString('hex'),
      callbackUrl: githubCallback,
    });
    stops.push(github.stop);
    Object.assign(process.env, {
      GITHUB_OAUTH_URL: github.url,
      GITHUB_API_URL: github.url,
      GITHUB_CLIENT_ID: LOCAL_GITHUB_CLIENT_ID,
      GITHUB_CLIENT_SECRET: github.clientSecret,
      GITHUB_REDIRECT_URI: githubCallback,
    });
    const cognito = await startLocalCognito({
      allowedOrigins: webOrigins,
      dataDir: join(options.dataDir, 'cognito'),
      port: options.ports.cognito,
      outbox,
      ...(options.fixedCode ? { fixedCode: options.fixedCode } : {}),
      ...(options.quiet ? { log: () => {} } : {}),
      triggers: {
        // The stage's allowedEmailDomains, refused at sign-up as Cognito's trigger does.
        PreSignUp: invokeFunction('auth/pre-sign-up'),
        PostConfirmation: invokeFunction('auth/post-confirmation'),
        // Sign-ins in the audit log: cognito-local runs it after every password sign-in, as Cognito does.
        PostAuthentication: invokeFunction('auth/post-authentication'),
      },
      // Failed sign-ins in the audit log, from the activity log threat protection exports on AWS.
      userActivity: invokeFunction('auth/sign-in-events'),
    });
    stops.push(cognito.stop);
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

    const bedrock = options.platformModels ? await startLocalBedrock() : undefined;
    if (bedrock) stops.push(bedrock.stop);

    const api = await startLocalApi({
      port: options.ports.api,
      verifier: createLocalIdTokenVerifier({
        issuer: cognito.issuer,
        jwksUri: cognito.jwksUri,
        clientId: cognito.userPoolClientId,
      }),
      allowedOrigins: webOrigins,
      outbox,
    });
    stops.push(api.stop);
    const apiUrl = api.url.replace('127.0.0.1', 'localhost');
    // The chat starts MCP servers and reaches their tools through this same API, as on AWS.
    process.env.API_BASE_URL = `${api.url}/api`;
    // Stripe: the local service with keys made for this run; its webhooks go to this API.
    const stripeKeys = {
      secretKey: `sk_test_local_${randomBytes(18).toString('hex')}`,
      webhookSecret: `whsec_local_${randomBytes(18).toString('hex')}`,
    };
    const stripe = await startLocalStripe({
      port: options.ports.stripe ?? 0,
      dataDir: join(options.dataDir, 'stripe'),
      ...stripeKeys,
      webhookUrl: `${api.url}/api/stripe/webhook`,
      webhookRetryDelaysMs: options.stripeWebhookRetryDelaysMs,
      ...(options.quiet ? { quiet: true } : {}),
    });
    stops.push(stripe.stop);
    // The products, prices and token meter, made as on AWS by the setup command's own code.
    await ensureStripeCatalog(
      new Stripe(stripeKeys.secretKey, { host: 'localhost', port: stripe.port, protocol: 'http' }),
    );
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: stripeKeys.secretKey,
      STRIPE_WEBHOOK_SECRET: stripeKeys.webhookSecret,
      STRIPE_API_HOST: 'localhost',
      STRIPE_API_PORT: String(stripe.port),
      STRIPE_API_PROTOCOL: 'http',
      APP_ORIGINS: (options.appOrigins ?? webOrigins).join(','),
    });
    stops.push(startLocalReaper(options.reaperIntervalMs ?? DEFAULT_REAPER_INTERVAL_MS));
    // EventBridge Scheduler runs it every five minutes on AWS; locally a minute shows it sooner.
    stops.push(onTimer('billing/report-overage', OVERAGE_REPORT_INTERVAL_MS));

    const runtimeConfig: RuntimeConfig = {
      stage: 'local',
      region: 'us-east-1',
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      userPoolEndpoint: cognito.endpoint,
      apiBaseUrl: `${apiUrl}/api`,
      streamUrl: `${apiUrl}/api/messages/generate-stream`,
      streamAuthHeader: 'Authorization',
    };

    let webUrl: string | undefined;
    if (webPort) {
      await reserved?.release();
      const web = await startWebServer({ port: webPort, config: runtimeConfig, connect: [s3.endpoint] });
      stops.push(() => web.close());
      webUrl = `http://localhost:${webPort}`;
    }

    return {
      apiUrl,
      s3Url: s3.endpoint,
      githubUrl: github.url,
      ...(bedrock ? { bedrockUrl: bedrock.url } : {}),
      stripe: { url: stripe.url, ...stripeKeys },
      webUrl,
      outboxUrl: `${apiUrl}/outbox`,
      outboxFile,
      dynamodb: { endpoint: dynamo.endpoint, tableNames: dynamo.tableNames },
      runtimeConfig,
      stop: () => stopAll(stops),
    };
  } catch (error) {
    await stopAll(stops);
    throw error;
  }
}

export const DEFAULT_REAPER_INTERVAL_MS = 60_000;
const OVERAGE_REPORT_INTERVAL_MS = 60_000;
export const LOCAL_ATTACHMENTS_BUCKET = 'local-attachments';
export const LOCAL_GITHUB_CLIENT_ID = 'Ov23liLocalAgentForge';
/** The local stack's product mail sender (on AWS the stage's verified SES address). */
const LOCAL_MAIL_FROM = 'no-reply@agentforge.localhost';

/**
 * The MCP reaper on a timer, as the scheduled Lambda; on stop it also stops every server the local
 * runner started (they are this process's children).
 */
function startLocalReaper(intervalMs: number): () => Promise<void> {
  const stop = onTimer('mcp/reap-servers', intervalMs);
  return async () => {
    await stop();
    const { localRunner } = await import('../../functions/src/composition/mcp.js');
    await localRunner().stopAll();
  };
}

/** A scheduled Lambda run in-process on a timer, one run at a time; resolves the last run on stop. */
function onTimer(module: string, intervalMs: number): () => Promise<void> {
  const run = invokeFunction(module);
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => run({})).catch((error: unknown) => console.error(`[${module}]`, error));
  }, intervalMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** A non-API Lambda (e.g. a Cognito trigger) run in-process, imported on first use. */
function invokeFunction(module: string) {
  return async (event: object) => {
    const handler = (await importHandler(`${module}.ts`)) as (
      event: unknown,
      context: unknown,
    ) => Promise<unknown>;
    return handler(event, lambdaContext(module.replace('/', '-'), 5_000));
  };
}

async function stopAll(stops: (() => Promise<unknown>)[]): Promise<void> {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
}

function setFunctionEnvironment(
  endpoint: string,
  tableNames: Record<TableId, string>,
  whitelist: readonly string[],
  allowedEmailDomains: readonly string[],
) {
  Object.assign(process.env, {
    STAGE: 'local',
    RUNTIME: 'local',
    AWS_REGION: 'us-east-1',
    DYNAMODB_ENDPOINT: endpoint,
    WHITELISTED_EMAILS: whitelist.join(','),
    ALLOWED_EMAIL_DOMAINS: allowedEmailDomains.join(','),
  });
  for (const [id, name] of Object.entries(tableNames)) process.env[tableEnvVar(id as TableId)] = name;
}

/**
 * An ephemeral port held by a placeholder until `release` (just before the real server binds it):
 * the web port must be known before the services that name it start, and an unheld port can be
 * taken by any other bind meanwhile (seen in CI as Vite's "Port … is already in use").
 */
async function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  const holder = createServer();
  const port = await listen(holder, 0);
  return { port, release: () => close(holder) };
}
