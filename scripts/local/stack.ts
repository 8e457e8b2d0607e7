import { randomBytes } from 'node:crypto';
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { MCP_OAUTH_CALLBACK_PATH, type RuntimeConfig } from '@agentforge/shared';
import Stripe from 'stripe';
import { createLocalIdTokenVerifier } from '../../functions/src/adapters/cognito/id-token-verifier.js';
import { ensureLocalSecretKeyFile } from '../../functions/src/adapters/secrets/local-key-file.js';
import { KNOWLEDGE_FILES_PREFIX } from '../../functions/src/domain/knowledge/knowledge.js';
import { ensureStripeCatalog } from '../stripe-setup/ensure.js';
import { startLocalApi } from './api-server.js';
import { startLocalBedrock } from './bedrock.js';
import { serveBuild } from './built-web-server.js';
import { loadAdminCredentials } from './cognito/admin-auth.js';
import { startLocalCognito } from './cognito/index.js';
import { startLocalDynamo } from './dynamodb.js';
import { startLocalGithub } from './github/server.js';
import { startLocalGoogle } from './google/server.js';
import { invokeFunction, onTimer, setFunctionEnvironment, startLocalReaper } from './in-process-functions.js';
import { startLocalIndexingQueue } from './indexing-queue.js';
import { reservePort } from './net.js';
import { createOutbox } from './outbox.js';
import { startLocalRemoteMcp } from './remote-mcp/server.js';
import { startLocalS3 } from './s3/server.js';
import { startStackVectors } from './s3vectors/in-stack.js';
import { startLocalSamlIdp } from './saml-idp/server.js';
import { startLocalAutomations } from './scheduler/local-automations.js';
import { startLocalSes } from './ses/server.js';
import type { LocalStack, LocalStackOptions } from './stack-options.js';
import { startLocalStripe } from './stripe/server.js';
import { startLocalWebSearch } from './web-search/server.js';
import { startWebServer } from './web-server.js';

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
    // A knowledge file's upload notifies the indexing queue, as the bucket's S3 → SQS event on AWS.
    const indexing = startLocalIndexingQueue();
    const s3 = await startLocalS3({
      notifications: [{ prefix: KNOWLEDGE_FILES_PREFIX, deliver: indexing.deliver }],
      port: options.ports.s3 ?? 0,
      dataDir: join(options.dataDir, 's3'),
      bucket: LOCAL_ATTACHMENTS_BUCKET,
      credentials: loadAdminCredentials(join(options.dataDir, 's3-credentials.json')),
      allowedOrigins: webOrigins,
    });
    stops.push(s3.stop, indexing.stop);
    Object.assign(process.env, {
      S3_ENDPOINT: s3.endpoint,
      ATTACHMENTS_BUCKET: LOCAL_ATTACHMENTS_BUCKET,
      LOCAL_S3_CREDENTIALS_FILE: join(options.dataDir, 's3-credentials.json'),
    });
    // Knowledge's vectors (issue 33): S3 Vectors' API, signed with the same local credentials.
    stops.push(await startStackVectors(options.dataDir, options.ports.s3vectors));
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
    // A remote MCP server elsewhere than the runner: what a server added by URL reaches.
    // Its client registered by hand may come back to the app's OAuth callback page.
    const remoteMcp = await startLocalRemoteMcp({
      port: options.ports.remoteMcp ?? 0,
      apiKey: randomBytes(12).toString('hex'),
      ...(options.remoteMcpTokenTtlSeconds
        ? { accessTokenTtlSeconds: options.remoteMcpTokenTtlSeconds }
        : {}),
      dynamicRegistration: options.remoteMcpDynamicRegistration ?? true,
      redirectUris: (options.appOrigins ?? webOrigins).map((origin) => `${origin}${MCP_OAUTH_CALLBACK_PATH}`),
    });
    stops.push(remoteMcp.stop);
    // The chat's web search: the search API's stand-in, whose results are pages it serves.
    const webSearch = await startLocalWebSearch({
      port: options.ports.webSearch ?? 0,
      apiKey: `local-search-${randomBytes(12).toString('hex')}`,
    });
    stops.push(webSearch.stop);
    Object.assign(process.env, { WEB_SEARCH_URL: webSearch.url, WEB_SEARCH_API_KEY: webSearch.apiKey });
    Object.assign(process.env, {
      GITHUB_OAUTH_URL: github.url,
      GITHUB_API_URL: github.url,
      GITHUB_CLIENT_ID: LOCAL_GITHUB_CLIENT_ID,
      GITHUB_CLIENT_SECRET: github.clientSecret,
      GITHUB_REDIRECT_URI: githubCallback,
    });
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
    // Automations: the local Scheduler fires their schedules, and the runner runs in this process
    // (its schedules, the webhook, 'Run now' and a long run's next stretch: an async invoke on AWS).
    const automations = await startLocalAutomations({
      dataDir: options.dataDir,
      port: options.ports.scheduler ?? 0,
    });
    stops.push(automations.stop);
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
      webSearch: true,
      ...(cognito.hostedDomain ? { oauthDomain: cognito.hostedDomain.domain } : {}),
    };

    // The app calls the hosted domain's token endpoint itself (Amplify's completion), as on AWS.
    const webConnect = [s3.endpoint, ...(cognito.hostedDomain ? [cognito.hostedDomain.url] : [])];
    let webUrl: string | undefined;
    if (webPort) {
      await reserved?.release();
      const web =
        typeof options.web === 'object'
          ? await serveBuild(options.web.build, {
              port: webPort,
              config: runtimeConfig,
              connect: webConnect,
            })
          : await startWebServer({ port: webPort, config: runtimeConfig, connect: webConnect });
      stops.push(() => web.close());
      webUrl = `http://localhost:${webPort}`;
    }

    return {
      apiUrl,
      s3Url: s3.endpoint,
      githubUrl: github.url,
      remoteMcp: {
        mcpUrl: remoteMcp.mcpUrl,
        keyedUrl: remoteMcp.keyedUrl,
        legacyUrl: remoteMcp.legacyUrl,
        apiKey: remoteMcp.apiKey,
        registeredClient: remoteMcp.registeredClient,
        oauthEvents: remoteMcp.oauthEvents,
      },
      ...(bedrock ? { bedrockUrl: bedrock.url } : {}),
      webSearchUrl: webSearch.url,
      scheduler: { url: automations.scheduler.endpoint, fireDue: automations.scheduler.fireDue },
      google: { url: google.url, hostedDomainUrl: cognito.hostedDomain?.url ?? '' },
      samlIdp: { url: samlIdp.url, metadataUrl: samlIdp.metadataUrl, metadata: samlIdp.metadata },
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
const LOCAL_GOOGLE_CLIENT_ID = 'local-agentforge.apps.googleusercontent.com';
/** The local stack's product mail sender (on AWS the stage's verified SES address). */
const LOCAL_MAIL_FROM = 'no-reply@agentforge.localhost';

async function stopAll(stops: (() => Promise<unknown>)[]): Promise<void> {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
}
