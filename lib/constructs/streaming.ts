import { Duration, Stack } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { type FunctionUrl, FunctionUrlAuthType, InvokeMode } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { TableId } from '../../functions/src/adapters/dynamodb/table-definitions';
import { API_BASE_PATH, ROUTES, type RouteDefinition } from '../../functions/src/routes';
import { AgentFunction } from './agent-function';
import { type BedrockOffer, bedrockAccessStatements, bedrockEnvironment } from './bedrock-access';
import type { Data } from './data';
import { pascalCase } from './names';
import type { Secrets } from './secrets';

/**
 * The tables a stream function reads and writes: the conversation, its messages, its agent plans,
 * token usage. It
 * starts MCP servers and calls their tools through the API as the caller, so it has no access to
 * the runner or ECS; of the servers' table it only gets a remote server's record by key (its URL
 * and encrypted headers: a remote server is reached from the stream itself, not the gateway).
 */
export const STREAM_READ_WRITE_TABLES: readonly TableId[] = [
  'conversations',
  'messages',
  'agentPlans',
  'usage',
  // A remote MCP server's OAuth tokens: read, refreshed under a lease (UpdateItem), re-encrypted.
  'oauthConnections',
];
/** The tables a stream function only reads: the user's provider keys (decrypted with the secrets key). */
export const STREAM_READ_TABLES: readonly TableId[] = ['apiKeys'];
/**
 * The tables a stream function only gets items of: the user's billing record (the plan whose
 * token limits apply; also "my teams", for team plans and team keys) and a remote MCP server's
 * record. GetItem alone keeps the role's policy under IAM's size limit.
 */
export const STREAM_GET_ITEM_TABLES: readonly TableId[] = ['billing', 'mcpServers'];

/** The stream functions' timeout: Lambda's maximum. */
export const STREAM_TIMEOUT = Duration.minutes(15);
/** A reply still generating this long after its request is stopped and saved (MAX_STREAM_SECONDS). */
export const DEFAULT_MAX_STREAM_SECONDS = 600;
/** Time the handler keeps, past the stream's maximum, to save the reply and end the stream. */
const STREAM_WIND_DOWN_SECONDS = 60;

export interface StreamingProps {
  readonly stage: string;
  /** Entry file of a handler module named `<area>/<handler>` (the stack's `entry` helper). */
  readonly handlerEntry: (module: string) => string;
  readonly data: Data;
  readonly secrets: Secrets;
  /**
   * The stream functions verify Cognito ID tokens themselves: they have no API Gateway authorizer.
   * Only the pool's id is passed (USER_POOL_ID), not the web client's: the client lists the
   * distribution's URL as an OAuth callback and the distribution fronts these functions' URLs, so
   * a client id in their environment is a dependency cycle (client -> distribution -> Function URL
   * -> function -> client). The handler has to verify against the pool alone (aws-jwt-verify with
   * `clientId: null`), which is what the REST API's Cognito authorizer checks too.
   */
  readonly userPool: IUserPool;
  /** The stage's Bedrock region and allow-list (stage config `bedrock`). */
  readonly bedrock?: BedrockOffer | undefined;
  /** Marketplace product ids of the offered models: limits the subscription grant to them. */
  readonly bedrockProductIds?: readonly string[] | undefined;
  /** Each stream function's reserved concurrency (the stage's `streamReservedConcurrency`). */
  readonly reservedConcurrency?: number | undefined;
  /** @default DEFAULT_MAX_STREAM_SECONDS; at most the timeout less a minute to wind down */
  readonly maxStreamSeconds?: number | undefined;
  /** Environment added to every stream function. */
  readonly environment?: Readonly<Record<string, string>>;
  /** @default ROUTES, the route manifest (only its `transport: 'stream'` routes are used) */
  readonly routes?: readonly RouteDefinition[];
}

/** One streaming route: its function and the Function URL CloudFront fronts. */
export interface StreamEndpoint {
  readonly route: RouteDefinition;
  /** The viewer path on the distribution, e.g. `/api/messages/generate-stream`. */
  readonly path: string;
  readonly function: AgentFunction;
  readonly functionUrl: FunctionUrl;
}

/**
 * The response-streaming routes of the manifest: one Lambda each behind a Function URL (IAM auth,
 * RESPONSE_STREAM) that only CloudFront's origin access control may call. Not VPC-attached:
 * Function URLs do not stream from inside a VPC.
 */
export class Streaming extends Construct {
  readonly endpoints: readonly StreamEndpoint[];

  constructor(scope: Construct, id: string, props: StreamingProps) {
    super(scope, id);
    const routes = (props.routes ?? ROUTES).filter((route) => route.transport === 'stream');
    const bedrock = bedrockAccessStatements(Stack.of(this), {
      offer: props.bedrock,
      productIds: props.bedrockProductIds,
    });
    const maxStreamSeconds = props.maxStreamSeconds ?? DEFAULT_MAX_STREAM_SECONDS;
    if (maxStreamSeconds > STREAM_TIMEOUT.toSeconds() - STREAM_WIND_DOWN_SECONDS) {
      throw new Error(
        `maxStreamSeconds ${maxStreamSeconds} leaves the stream functions no time to save the reply before their ${STREAM_TIMEOUT.toSeconds()} s timeout`,
      );
    }

    this.endpoints = routes.map((route) => {
      const module = `${route.area}/${route.handler}`;
      const fn = new AgentFunction(this, `${pascalCase(route.area)}${pascalCase(route.handler)}`, {
        entry: props.handlerEntry(module),
        stage: props.stage,
        description: `AgentForge stream ${module} (${props.stage})`,
        // A long reply with tool calls in between; the handler saves as it goes.
        memorySize: 1024,
        timeout: STREAM_TIMEOUT,
        reservedConcurrentExecutions: props.reservedConcurrency,
        environment: {
          ...props.environment,
          USER_POOL_ID: props.userPool.userPoolId,
          BEDROCK_ENABLED: 'true',
          ...bedrockEnvironment(props.bedrock),
          MAX_STREAM_SECONDS: String(maxStreamSeconds),
        },
      });

      props.data.addTableNames(fn.function);
      props.data.grantItemReadWrite(fn.function, ...STREAM_READ_WRITE_TABLES);
      for (const tableId of STREAM_READ_TABLES) props.data.tables[tableId].grantReadData(fn.function);
      props.data.grantGetItem(fn.function, ...STREAM_GET_ITEM_TABLES);
      // Encrypt too: a refreshed OAuth token is stored encrypted (oauthConnections).
      props.secrets.grantEncryptDecrypt(fn.function);
      for (const statement of bedrock) fn.function.addToRolePolicy(statement);

      const functionUrl = fn.function.addFunctionUrl({
        authType: FunctionUrlAuthType.AWS_IAM,
        invokeMode: InvokeMode.RESPONSE_STREAM,
      });
      return { route, path: `${API_BASE_PATH}${route.path}`, function: fn, functionUrl };
    });
  }

  /** The endpoint serving a viewer path; throws if no stream route has it. */
  endpointFor(path: string): StreamEndpoint {
    const endpoint = this.endpoints.find((candidate) => candidate.path === path);
    if (!endpoint) throw new Error(`No streaming route serves ${path}`);
    return endpoint;
  }
}
