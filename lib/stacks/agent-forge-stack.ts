import { join } from 'node:path';
import { AGENT_STREAM_PATHS } from '@agentforge/shared';
import { Aspects, CfnOutput, Lazy, Stack, type StackProps } from 'aws-cdk-lib';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { API_BASE_PATH } from '../../functions/src/routes';
import type { Api } from '../constructs/api';
import { Attachments } from '../constructs/attachments';
import { Auth, cognitoDomainPrefix, cognitoHostedDomain } from '../constructs/auth';
import type { Automations } from '../constructs/automations';
import type { Billing } from '../constructs/billing';
import { Data } from '../constructs/data';
import { Email } from '../constructs/email';
import type { Alarms } from '../constructs/guardrails';
import { KnowledgeIndexing } from '../constructs/knowledge-indexing';
import { McpRuntime } from '../constructs/mcp-runtime';
import { pascalCase } from '../constructs/names';
import { Secrets } from '../constructs/secrets';
import { Streaming } from '../constructs/streaming';
import { WebAcl } from '../constructs/web-acl';
import { STREAM_PATH, WebHosting } from '../constructs/web-hosting';
import { LambdaLogRetention } from '../log-retention';
import { LOCAL_WEB_ORIGIN, type StageConfig, toolSelectionEnvironment } from '../stage-config';
import { buildStageApi } from './api-wiring';
import { addAuthTriggers } from './auth-triggers';
import { grantKnowledgeVectors } from './knowledge-vectors-access';
import { addMonitoring } from './monitoring';
import { keepTeamProviders } from './team-providers';

export interface AgentForgeStackProps extends StackProps {
  readonly config: StageConfig;
  /** Repository root (holds package-lock.json); handler entries must lie under it. */
  readonly projectRoot: string;
  /** Directory with the built web app (`web/dist`) or a placeholder. */
  readonly webAssetPath: string;
  /**
   * Entry file of a handler module, named by its path under `functions/src/handlers` without the
   * extension (`users/index`, `auth/post-confirmation`). Tests point every module at a fixture.
   * @default `<projectRoot>/functions/src/handlers/<module>.ts`
   */
  readonly handlerEntry?: (module: string) => string;
  /**
   * Entry of the MCP bridge, bundled into the runner image. Tests point it at a fixture.
   * @default `<projectRoot>/functions/src/runner/main.ts`
   */
  readonly runnerEntry?: string;
}

/**
 * One stage of the product: data, identity, the API (api-wiring.ts, its tables in area-access.ts),
 * the user pool's triggers (auth-triggers.ts), the streams, web hosting and monitoring
 * (monitoring.ts). The pieces are built in the stack's own scope, so their logical ids are the
 * stack's.
 */
export class AgentForgeStack extends Stack {
  readonly data: Data;
  readonly secrets: Secrets;
  readonly auth: Auth;
  readonly api: Api;
  readonly web: WebHosting;
  readonly streaming: Streaming;
  readonly mcpRuntime: McpRuntime;
  readonly alarms: Alarms | undefined;
  readonly attachments: Attachments;
  readonly billing: Billing;
  readonly automations: Automations;
  readonly knowledgeIndexing: KnowledgeIndexing;
  readonly email: Email | undefined;

  constructor(scope: Construct, id: string, props: AgentForgeStackProps) {
    super(scope, id, props);
    const { config } = props;
    // Origins besides the app's own: the Vite dev server only where the stage allows it.
    const webOrigins = [...(config.allowLocalhost ? [LOCAL_WEB_ORIGIN] : []), ...config.allowedOrigins];

    const domainPrefix = cognitoDomainPrefix(config.stage, config.domainPrefix);

    this.data = new Data(this, 'Data');
    this.secrets = new Secrets(this, 'Secrets');
    // The web ACL (scope CLOUDFRONT) must exist before the distribution that uses it.
    const webAcl =
      config.webAclRateLimit || config.allowedIpRanges.length > 0
        ? new WebAcl(this, 'WebAcl', {
            stage: config.stage,
            limit: config.webAclRateLimit,
            allowedIpRanges: config.allowedIpRanges,
          })
        : undefined;
    this.web = new WebHosting(this, 'Web', {
      webAclArn: webAcl?.arn,
      domain: config.domain,
      connectOrigins: [
        `https://cognito-idp.${this.region}.amazonaws.com`,
        `https://cognito-identity.${this.region}.amazonaws.com`,
        `https://${cognitoHostedDomain(this, domainPrefix)}`,
        // Presigned uploads and downloads of attachments (the bucket is made just below).
        Lazy.string({ produce: () => this.attachments.origin }),
      ],
    });
    this.attachments = new Attachments(this, 'Attachments', {
      appOrigins: [...webOrigins, this.web.url],
      accessLogs: this.web.logs,
    });
    // Mail through SES when the stage names a verified identity (grant sending with email.grantSend).
    this.email = config.email ? new Email(this, 'Email', config.email) : undefined;
    this.auth = new Auth(this, 'Auth', {
      domainPrefix,
      selfSignUp: config.selfSignUp,
      appOrigins: [...webOrigins, this.web.url],
      google: config.google,
      email: this.email,
      threatProtection: config.auditFailedSignIns,
    });

    const entry =
      props.handlerEntry ??
      ((module: string) => join(props.projectRoot, 'functions/src/handlers', `${module}.ts`));

    this.mcpRuntime = new McpRuntime(this, 'McpRuntime', {
      stage: config.stage,
      runnerEntry: props.runnerEntry ?? join(props.projectRoot, 'functions/src/runner/main.ts'),
      runnerDockerfile: join(props.projectRoot, 'functions/src/runner/Dockerfile'),
      reaperEntry: entry('mcp/reap-servers'),
      data: this.data,
    });

    const { api, billing, automations, originKey } = buildStageApi(this, {
      config,
      webOrigins,
      entry,
      data: this.data,
      secrets: this.secrets,
      auth: this.auth,
      mcpRuntime: this.mcpRuntime,
      attachments: this.attachments,
      web: this.web,
      email: this.email,
    });
    this.api = api;
    this.billing = billing;
    this.automations = automations;
    const authTriggers = addAuthTriggers(this, { config, entry, data: this.data, auth: this.auth });
    keepTeamProviders(this, { config, entry, auth: this.auth, data: this.data });
    this.knowledgeIndexing = new KnowledgeIndexing(this, 'KnowledgeIndexing', {
      stage: config.stage,
      entry: entry('knowledge/index-file'),
      workerEntry: join(props.projectRoot, 'functions/src/adapters/knowledge/extract-worker.ts'),
      data: this.data,
      attachments: this.attachments,
    });

    this.streaming = new Streaming(this, 'Streaming', {
      stage: config.stage,
      handlerEntry: entry,
      data: this.data,
      secrets: this.secrets,
      userPool: this.auth.userPool,
      // The chat starts MCP servers and reaches their tools through the API (see mcp-tools.ts).
      environment: {
        API_BASE_URL: this.api.url,
        API_ORIGIN_KEY: originKey,
        // The streams' access gate (their pass in the billing table: http/sse-route.ts).
        ACCESS_MODE: config.access,
        ALLOW_PRIVATE_ENDPOINTS: String(config.allowPrivateEndpoints),
        AUDIT_RETENTION_DAYS: String(config.auditRetentionDays),
        ...toolSelectionEnvironment(config.toolSelection),
      },
      reservedConcurrency: config.streamReservedConcurrency,
      bedrock: config.bedrock,
      bedrockProductIds: config.bedrockMarketplaceProductIds,
      maxStreamSeconds: config.maxStreamSeconds,
    });
    // A plan step's execution is audited.
    this.data.grantAuditWrite(
      this.streaming.endpointFor(`${API_BASE_PATH}${AGENT_STREAM_PATHS.execute}`).function.function,
    );
    grantKnowledgeVectors({
      vectors: this.knowledgeIndexing.vectors,
      data: this.data,
      secrets: this.secrets,
      api: this.api.functions.knowledge.function,
      indexer: this.knowledgeIndexing.indexer.function,
      account: this.api.functions.account.function,
      searchers: [
        this.streaming.endpointFor(STREAM_PATH).function.function,
        ...[AGENT_STREAM_PATHS.plan, AGENT_STREAM_PATHS.execute].map(
          (path) => this.streaming.endpointFor(`${API_BASE_PATH}${path}`).function.function,
        ),
        this.automations.runner.function,
      ],
    });
    // The chat reads a message's attachments for the model.
    this.attachments.grantRead(this.streaming.endpointFor(STREAM_PATH).function.function);
    // ... and searches the conversation's knowledge collections (after the caller's team role).
    this.attachments.grantKnowledgeRead(this.streaming.endpointFor(STREAM_PATH).function.function);
    this.data.grantGetItem(this.streaming.endpointFor(STREAM_PATH).function.function, 'knowledge', 'teams');
    // The agent's plan and step streams search them too (`search_knowledge` in a plan's steps).
    for (const path of [AGENT_STREAM_PATHS.plan, AGENT_STREAM_PATHS.execute]) {
      const agentStream = this.streaming.endpointFor(`${API_BASE_PATH}${path}`).function.function;
      this.attachments.grantKnowledgeRead(agentStream);
      this.data.grantGetItem(agentStream, 'knowledge', 'teams');
    }
    if (config.webSearch)
      grantWebSearch(this, config.webSearch, this.streaming.endpointFor(STREAM_PATH).function.function);
    // The exact stream paths first: CloudFront matches behaviours in order and /api/* covers them.
    for (const endpoint of this.streaming.endpoints) {
      this.web.routeStream(endpoint.path, endpoint.functionUrl);
    }
    this.web.routeApi(this.api.restApi, originKey);
    this.web.deployApp(props.webAssetPath, {
      stage: config.stage,
      region: this.region,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.userPoolClient.userPoolClientId,
      identityPoolId: this.auth.identityPool.identityPoolId,
      // The web app offers social sign-in only where the hosted domain has a provider behind it.
      ...(config.google ? { oauthDomain: this.auth.hostedDomain } : {}),
      // The chat's 'Web search' toggle says when the stage has no search API.
      webSearch: config.webSearch !== undefined,
    });

    this.alarms = addMonitoring(this, {
      config,
      key: this.secrets.key,
      restApi: this.api.restApi,
      functions: {
        ...Object.fromEntries(
          Object.entries(this.api.functions).map(([area, fn]) => [`Api${pascalCase(area)}`, fn.function]),
        ),
        ...Object.fromEntries(
          this.streaming.endpoints.map((endpoint) => [
            `Stream${pascalCase(endpoint.route.handler)}`,
            endpoint.function.function,
          ]),
        ),
        ...authTriggers,
        Reaper: this.mcpRuntime.reaper.function,
        OverageReporter: this.billing.overageReporter.function,
        AutomationRunner: this.automations.runner.function,
        ...(this.api.automationAuthorizer && {
          AutomationAuthorizer: this.api.automationAuthorizer.function,
        }),
        KnowledgeIndexer: this.knowledgeIndexing.indexer.function,
      },
    });
    // Every log group with a retention, CDK's custom-resource providers' included.
    Aspects.of(this).add(new LambdaLogRetention());

    this.addOutputs();
  }

  private addOutputs(): void {
    const outputs: Record<string, string> = {
      UserPoolId: this.auth.userPool.userPoolId,
      UserPoolClientId: this.auth.userPoolClient.userPoolClientId,
      IdentityPoolId: this.auth.identityPool.identityPoolId,
      HostedDomain: this.auth.hostedDomain,
      ApiUrl: this.api.url,
      DistributionUrl: this.web.url,
      // The function behind the web app's streamUrl (for logs and `aws lambda` commands).
      StreamFunctionName: this.streaming.endpointFor(STREAM_PATH).function.function.functionName,
      // Where the custom domain's DNS record points (CNAME, or an alias in Route 53).
      DistributionDomainName: this.web.distribution.distributionDomainName,
    };
    for (const [name, value] of Object.entries(outputs)) {
      new CfnOutput(this, name, { value });
    }
  }
}

/**
 * Web search (docs/decisions/chat.md, "Web search"): the chat stream alone reads the search API's
 * key (a Secrets Manager secret the operator creates) and is told the API's URL.
 */
function grantWebSearch(
  scope: Construct,
  webSearch: NonNullable<StageConfig['webSearch']>,
  fn: LambdaFunction,
): void {
  Secret.fromSecretNameV2(scope, 'WebSearchApiKey', webSearch.secretName).grantRead(fn);
  fn.addEnvironment('WEB_SEARCH_SECRET_ID', webSearch.secretName);
  if (webSearch.url) fn.addEnvironment('WEB_SEARCH_URL', webSearch.url);
}
