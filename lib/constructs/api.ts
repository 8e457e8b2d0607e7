import { Duration, NestedStack, RemovalPolicy } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  ApiKey,
  AuthorizationType,
  CognitoUserPoolsAuthorizer,
  Cors,
  EndpointType,
  IdentitySource,
  LambdaIntegration,
  LogGroupLogDestination,
  type MethodDeploymentOptions,
  MethodLoggingLevel,
  type MethodOptions,
  RequestAuthorizer,
  RestApi,
  UsagePlan,
} from 'aws-cdk-lib/aws-apigateway';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import {
  API_AREAS,
  API_BASE_PATH,
  type ApiArea,
  ROUTES,
  type RouteDefinition,
} from '../../functions/src/routes';
import { AgentFunction, type AgentFunctionVpcPlacement } from './agent-function';
import { pascalCase } from './names';

/** The API Gateway stage; CloudFront's `/api/*` behaviour targets it. */
export const API_STAGE_NAME = 'api';

export interface ApiThrottling {
  readonly rateLimit: number;
  readonly burstLimit: number;
}

/** The stage-wide limit: every method not in a stricter family (requests per second, across all callers). */
export const DEFAULT_API_THROTTLING: ApiThrottling = { rateLimit: 100, burstLimit: 200 };

/**
 * Stricter limits for route families (a path's first segment under the API base path): external
 * MCP clients come from anywhere with only a server token; API key validation calls out to
 * providers and creation encrypts with KMS, and neither is called more than a few times a session.
 */
export const DEFAULT_FAMILY_THROTTLING: Readonly<Record<string, ApiThrottling>> = {
  '/mcp-external': { rateLimit: 10, burstLimit: 20 },
  '/api-keys': { rateLimit: 5, burstLimit: 10 },
};

/**
 * Methods of a throttled family left at the stage's limit. API Gateway's method throttling is for
 * all callers together, and `GET /api-keys/providers` is read by every chat page: a family's
 * 5 requests/s would refuse users for each other. One caller is held by the WAF's per-address rate
 * rule and served from the function's cache of their list (provider-cache.ts).
 */
const FAMILY_THROTTLING_EXEMPT: readonly string[] = ['GET /api-keys/providers'];

/** `/mcp-external/{serverId}` -> `/mcp-external`. */
export const routeFamily = (path: string) => `/${path.split('/')[1]}`;

export interface ApiProps {
  readonly stage: string;
  readonly userPool: IUserPool;
  /** Origins allowed by CORS (the CloudFront site itself is same-origin and needs none). */
  readonly allowedOrigins: readonly string[];
  /** Handler module of an area, normally `functions/src/handlers/<area>/index.ts`. */
  readonly handlerEntry: (area: ApiArea) => string;
  /** The automation authorizer's module (`mcp-gateway/automation-authorizer.ts`): required by `auth: 'automation'` routes. */
  readonly automationAuthorizerEntry?: string;
  /** Environment shared by every area function. */
  readonly environment?: Readonly<Record<string, string>>;
  /** @default DEFAULT_API_THROTTLING */
  readonly throttling?: ApiThrottling | undefined;
  /**
   * Limits per route family (`/api-keys`: every method of every path under it), over the stage's.
   * @default DEFAULT_FAMILY_THROTTLING
   */
  readonly familyThrottling?: Readonly<Record<string, ApiThrottling>> | undefined;
  /** @default ROUTES, the route manifest */
  readonly routes?: readonly RouteDefinition[];
  /**
   * The API key every method requires (sent as `x-api-key`), held only by CloudFront (an origin
   * custom header) and the functions that call the API themselves: the execute-api URL then
   * refuses direct callers, who would skip the WAF and could name any viewer address. A token
   * (a Secrets Manager dynamic reference) on AWS; omitted, the API takes no key.
   */
  readonly originKey?: string;
  /** Areas whose function runs in a VPC (the MCP gateway); every other area stays outside any VPC. */
  readonly vpcPlacement?: Partial<Record<ApiArea, AgentFunctionVpcPlacement>>;
  /** Areas whose function also runs work apart from the API (the account's deletion jobs): their timeout. */
  readonly timeouts?: Partial<Record<ApiArea, Duration>>;
}

/**
 * The REST API generated from the route manifest: one Lambda per area, Cognito on every `cognito`
 * route, the automation authorizer (a Lambda REQUEST authorizer) on every `automation` route.
 *
 * The area functions live in the stack this construct is in; everything of API Gateway (the REST
 * API, its resources and methods with their CORS preflights, the authorizer, the deployment and
 * stage, their log groups, the invoke permissions) in the nested stack `gateway`. A route costs up
 * to three CloudFormation resources and a stack may hold 500: routes grow the nested stack, not the
 * stage's. The deployment is in the same stack as the methods, so CDK still hashes every method
 * into its logical id and a changed API gets a new deployment. In go one parameter per area
 * function (its ARN) and the user pool's ARN; out come the API's id and its stage's name
 * (nested stack outputs, behind `restApi` and `url`). docs/decisions/aws.md, AWS readiness.
 */
export class Api extends Construct {
  /** The nested stack holding the REST API and everything of API Gateway. */
  readonly gateway: NestedStack;
  readonly restApi: RestApi;
  readonly authorizer: CognitoUserPoolsAuthorizer;
  /**
   * The Lambda REQUEST authorizer of the `auth: 'automation'` routes (an automation run's gateway
   * credential), outside any VPC; undefined when no route needs it.
   */
  readonly automationAuthorizer: AgentFunction | undefined;
  private readonly automationRequestAuthorizer: RequestAuthorizer | undefined;
  readonly functions: Readonly<Record<ApiArea, AgentFunction>>;
  readonly accessLogs: LogGroup;
  /** Base URL of the product API on API Gateway itself, including API_BASE_PATH (no trailing slash). */
  readonly url: string;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    for (const area of Object.keys(props.vpcPlacement ?? {})) {
      if (!(API_AREAS as readonly string[]).includes(area)) {
        throw new Error(`vpcPlacement names "${area}", which is not an API area (${API_AREAS.join(', ')})`);
      }
    }
    const throttling = props.throttling ?? DEFAULT_API_THROTTLING;
    const routes = props.routes ?? ROUTES;

    this.gateway = new NestedStack(this, 'Gateway', {
      description: `AgentForge API Gateway REST API (${props.stage})`,
    });
    this.accessLogs = new LogGroup(this.gateway, 'AccessLogs', { retention: RetentionDays.ONE_MONTH });
    this.restApi = new RestApi(this.gateway, 'RestApi', {
      // API Gateway's metrics are per API name: one per stage, or stages in one account would mix.
      restApiName: `agentforge-${props.stage}`,
      description: `AgentForge API (${props.stage})`,
      // CloudFront fronts the API, so an edge-optimized endpoint would only add a second CDN hop.
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      // Access logs need the account-level API Gateway CloudWatch role; retained as it is shared by all stages.
      cloudWatchRole: true,
      cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN,
      deployOptions: {
        stageName: API_STAGE_NAME,
        throttlingRateLimit: throttling.rateLimit,
        throttlingBurstLimit: throttling.burstLimit,
        accessLogDestination: new LogGroupLogDestination(this.accessLogs),
        accessLogFormat: AccessLogFormat.jsonWithStandardFields(),
        // Execution logs for failures only (INFO would log every request's payload).
        loggingLevel: MethodLoggingLevel.ERROR,
        metricsEnabled: true,
        methodOptions: familyMethodOptions(routes, props.familyThrottling ?? DEFAULT_FAMILY_THROTTLING, {
          // The defaults apply to the families a custom route list has; a family named explicitly must exist.
          strict: props.familyThrottling !== undefined,
        }),
      },
      // Preflights only for other origins: the app itself calls the API on its own origin.
      ...(props.allowedOrigins.length > 0
        ? {
            defaultCorsPreflightOptions: {
              allowOrigins: [...props.allowedOrigins],
              allowMethods: Cors.ALL_METHODS,
              allowHeaders: Cors.DEFAULT_HEADERS,
            },
          }
        : {}),
    });

    // The execution logs (errors only) go to a group API Gateway names and would create itself,
    // kept forever: created here first, with a retention.
    const executionLogs = new LogGroup(this.gateway, 'ExecutionLogs', {
      logGroupName: `API-Gateway-Execution-Logs_${this.restApi.restApiId}/${API_STAGE_NAME}`,
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.restApi.deploymentStage.node.addDependency(executionLogs);

    if (props.originKey) {
      // One key in one usage plan on the stage; the plan sets no limits of its own (the stage's apply).
      const plan = new UsagePlan(this.gateway, 'OriginPlan', {
        description: 'CloudFront and the stream functions: the only callers of the API',
        apiStages: [{ api: this.restApi, stage: this.restApi.deploymentStage }],
      });
      plan.addApiKey(new ApiKey(this.gateway, 'OriginKey', { value: props.originKey }));
    }

    this.authorizer = new CognitoUserPoolsAuthorizer(this.gateway, 'Authorizer', {
      cognitoUserPools: [props.userPool],
    });

    if (routes.some((route) => route.auth === 'automation')) {
      if (!props.automationAuthorizerEntry)
        throw new Error("Routes with auth 'automation' need the automationAuthorizerEntry");
      this.automationAuthorizer = new AgentFunction(this, 'AutomationAuthorizerFunction', {
        entry: props.automationAuthorizerEntry,
        stage: props.stage,
        description: `AgentForge automation credential authorizer (${props.stage})`,
        memorySize: 256,
        timeout: Duration.seconds(10),
      });
      // Not cached (TTL 0): the verdict depends on the path's server as well as the header, and a
      // cached Allow would outlive the credential's expiry (docs/decisions/mcp-servers.md).
      this.automationRequestAuthorizer = new RequestAuthorizer(this.gateway, 'AutomationAuthorizer', {
        handler: this.automationAuthorizer.function,
        identitySources: [IdentitySource.header('Authorization')],
        resultsCacheTtl: Duration.seconds(0),
      });
    }

    this.functions = Object.fromEntries(
      API_AREAS.map((area) => [
        area,
        new AgentFunction(this, `${pascalCase(area)}Function`, {
          entry: props.handlerEntry(area),
          stage: props.stage,
          description: `AgentForge ${area} API (${props.stage})`,
          environment: props.environment,
          vpcPlacement: props.vpcPlacement?.[area],
          timeout: props.timeouts?.[area],
        }),
      ]),
    ) as Record<ApiArea, AgentFunction>;

    this.addRoutes(routes, props.originKey !== undefined);
    this.url = `${this.restApi.url}${API_BASE_PATH.slice(1)}`;
  }

  private addRoutes(routes: readonly RouteDefinition[], apiKeyRequired: boolean): void {
    // One integration per area, with one invoke permission for the whole API instead of one per method.
    const integrations = new Map<ApiArea, LambdaIntegration>();
    const cognito: MethodOptions = {
      authorizer: this.authorizer,
      authorizationType: AuthorizationType.COGNITO,
      apiKeyRequired,
    };
    const open: MethodOptions = { authorizationType: AuthorizationType.NONE, apiKeyRequired };
    const automation: MethodOptions = {
      authorizer: this.automationRequestAuthorizer,
      authorizationType: AuthorizationType.CUSTOM,
      apiKeyRequired,
    };
    const options = { cognito, automation, public: open } as const;

    // Streaming routes bypass API Gateway: they are Function URLs behind their own CloudFront behaviour.
    for (const route of routes.filter((r) => r.transport !== 'stream')) {
      let integration = integrations.get(route.area);
      if (!integration) {
        integration = new LambdaIntegration(this.functions[route.area].function, {
          scopePermissionToMethod: false,
        });
        integrations.set(route.area, integration);
      }
      this.restApi.root
        .resourceForPath(`${API_BASE_PATH}${route.path}`)
        .addMethod(route.method, integration, options[route.auth]);
    }
  }
}

/**
 * One method setting per method of each throttled family: API Gateway has no path wildcards
 * besides "every method" (`/*`), so the family is spelt out from the manifest. Each keeps the
 * stage's logging and metrics (a method setting does not inherit them).
 */
function familyMethodOptions(
  routes: readonly RouteDefinition[],
  families: Readonly<Record<string, ApiThrottling>>,
  { strict }: { strict: boolean },
): Record<string, MethodDeploymentOptions> {
  const options: Record<string, MethodDeploymentOptions> = {};
  for (const [family, limit] of Object.entries(families)) {
    const members = routes.filter(
      (route) =>
        route.transport !== 'stream' &&
        routeFamily(route.path) === family &&
        !FAMILY_THROTTLING_EXEMPT.includes(`${route.method} ${route.path}`),
    );
    if (members.length === 0 && strict)
      throw new Error(`API throttling names ${family}, which no API route is under`);
    for (const route of members) {
      options[`${API_BASE_PATH}${route.path}/${route.method}`] = {
        throttlingRateLimit: limit.rateLimit,
        throttlingBurstLimit: limit.burstLimit,
        loggingLevel: MethodLoggingLevel.ERROR,
        metricsEnabled: true,
      };
    }
  }
  return options;
}
