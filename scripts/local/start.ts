/**
 * `npm start`: the whole product on this machine, no cloud account. Data lives under `.local/`
 * (LOCAL_DATA_DIR overrides) and survives restarts. Ports: API_PORT (3000), WEB_PORT (5173), COGNITO_PORT (9229),
 * DYNAMODB_PORT (4567), S3_PORT (4569), S3VECTORS_PORT (4581),
 * STRIPE_PORT (12111), REMOTE_MCP_PORT (4577), WEB_SEARCH_PORT (4583), COGNITO_DOMAIN_PORT (4587, the hosted
 * sign-in domain, HTTPS), GOOGLE_PORT (4589, the local Google), SAML_IDP_PORT (4591, the local SAML identity provider), SCHEDULER_PORT (4585, the local EventBridge Scheduler). REMOTE_MCP_REGISTRATION=off: the local remote MCP server's
 * OAuth server registers no clients itself. CODE=<digits> makes every e-mailed code that value. ACCESS_MODE=waitlist puts
 * the waitlist in front of the product (admit with `npm run admin -- admit <email>`); INVITE_CODES is
 * a comma list of codes that admit at once.
 */
import { join } from 'node:path';
import { startLocalStack } from './stack.js';

const port = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new Error(`${name} must be a port number`);
  return value;
};

// Lambdas run on nodejs24.x; the SDK's Node 20 notice is noise on this machine's Node 20.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const startedAt = performance.now();
const stack = await startLocalStack({
  dataDir: process.env.LOCAL_DATA_DIR ?? join(import.meta.dirname, '../../.local'),
  ports: {
    api: port('API_PORT', 3000),
    web: port('WEB_PORT', 5173),
    cognito: port('COGNITO_PORT', 9229),
    dynamodb: port('DYNAMODB_PORT', 4567),
    s3: port('S3_PORT', 4569),
    s3vectors: port('S3VECTORS_PORT', 4581),
    github: port('GITHUB_PORT', 4571),
    stripe: port('STRIPE_PORT', 12111),
    ses: port('SES_PORT', 4579),
    remoteMcp: port('REMOTE_MCP_PORT', 4577),
    webSearch: port('WEB_SEARCH_PORT', 4583),
    cognitoDomain: port('COGNITO_DOMAIN_PORT', 4587),
    google: port('GOOGLE_PORT', 4589),
    samlIdp: port('SAML_IDP_PORT', 4591),
    scheduler: port('SCHEDULER_PORT', 4585),
  },
  // REMOTE_MCP_REGISTRATION=off: its OAuth server registers no clients itself (give it yours on the card).
  remoteMcpDynamicRegistration: process.env.REMOTE_MCP_REGISTRATION !== 'off',
  web: true,
  platformModels: true,
  ...(process.env.MCP_REAPER_INTERVAL_MS
    ? { reaperIntervalMs: Number(process.env.MCP_REAPER_INTERVAL_MS) }
    : {}),
  ...(process.env.CODE ? { fixedCode: process.env.CODE } : {}),
  whitelistedEmails: (process.env.WHITELISTED_EMAILS ?? '').split(',').filter(Boolean),
  allowedEmailDomains: (process.env.ALLOWED_EMAIL_DOMAINS ?? '').split(',').filter(Boolean),
  accessMode: process.env.ACCESS_MODE === 'waitlist' ? 'waitlist' : 'open',
  inviteCodes: (process.env.INVITE_CODES ?? '').split(',').filter(Boolean),
});

console.log(`API: ${stack.apiUrl}/api`);
console.log(`Outbox (sign-up and reset codes): ${stack.outboxUrl}`);
console.log(`Local test GitHub (account link): ${stack.githubUrl}`);
console.log(
  `Local web search API (Brave Search's format, for the chat's 'Web search'): ${stack.webSearchUrl}`,
);
console.log(
  `Local remote MCP server (add by URL): ${stack.remoteMcp.keyedUrl} with the header X-API-Key: ${stack.remoteMcp.apiKey}`,
);
console.log(
  `Local remote MCP server behind OAuth: ${stack.remoteMcp.mcpUrl} ('Connect' on its card; its client registered by hand, for 'Use your own client ID': ${stack.remoteMcp.registeredClient.clientId}, secret ${stack.remoteMcp.registeredClient.clientSecret})`,
);
console.log(
  `Local Stripe (${stack.stripe.url}): checkout with test card 4242 4242 4242 4242 (any expiry and CVC); 4000 0000 0000 0002 is declined`,
);
console.log(
  `Local Bedrock (${stack.bedrockUrl}): the platform's models, a scripted model that echoes, metered by your plan`,
);
console.log(
  `Local Google ('Continue with Google'): ${stack.google.url}, through the hosted sign-in domain ${stack.google.hostedDomainUrl} (a self-signed certificate: open it once in your browser and accept it)`,
);
console.log(
  `Local SAML identity provider (a team's single sign-on: 'SAML 2.0', metadata URL): ${stack.samlIdp.metadataUrl}`,
);
console.log(
  `Local EventBridge Scheduler (automations' schedules, fired in this process): ${stack.scheduler.url}`,
);
console.log(`Started in ${Math.round(performance.now() - startedAt)} ms`);
console.log(`Local stack ready: ${stack.webUrl}`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('Stopping the local stack...');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
