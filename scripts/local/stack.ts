import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { RuntimeConfig } from '@agentforge/shared';
import { createLocalIdTokenVerifier } from '../../functions/src/adapters/cognito/id-token-verifier.js';
import { ensureLocalSecretKeyFile } from '../../functions/src/adapters/secrets/local-key-file.js';
import { KNOWLEDGE_FILES_PREFIX } from '../../functions/src/domain/knowledge/knowledge.js';
import { startLocalApi } from './api-server.js';
import { startLocalBedrock } from './bedrock.js';
import { serveBuild } from './built-web-server.js';
import { loadAdminCredentials } from './cognito/admin-auth.js';
import { startLocalDynamo } from './dynamodb.js';
import { onTimer, setFunctionEnvironment, startLocalReaper } from './in-process-functions.js';
import { startLocalIndexingQueue } from './indexing-queue.js';
import { reservePort } from './net.js';
import { createOutbox } from './outbox.js';
import { startLocalS3 } from './s3/server.js';
import { startStackVectors } from './s3vectors/in-stack.js';
import { startLocalAutomations } from './scheduler/local-automations.js';
import { startLocalSes } from './ses/server.js';
import { startStackIdentity } from './stack-identity.js';
import type { LocalStack, LocalStackOptions } from './stack-options.js';
import { startOutsideServices } from './stack-outside.js';
import { type Stop, stopAll } from './stack-stops.js';
import { startStackStripe } from './stack-stripe.js';
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
  const stops: Stop[] = [];
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
    const { github, remoteMcp, webSearch } = await startOutsideServices(options, {
      webPort,
      webOrigins,
      stops,
    });
    const { cognito, google, samlIdp } = await startStackIdentity(options, { outbox, webOrigins, stops });

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
    const { stripe, stripeKeys } = await startStackStripe(options, { apiUrl: api.url, webOrigins, stops });
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
/** The local stack's product mail sender (on AWS the stage's verified SES address). */
const LOCAL_MAIL_FROM = 'no-reply@agentforge.localhost';
