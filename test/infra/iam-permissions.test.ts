import { beforeAll, describe, expect, it } from 'vitest';
import { parseStageConfig } from '../../lib/stage-config';
import { ADAPTERS, COMMANDS, callsOf, commandsOf } from './aws-calls';
import { type AdapterUse, adaptersReachedFrom, modulesOf, rootsOf } from './function-code';
import {
  type AwsCall,
  isAllowed,
  type Resources,
  resolve,
  resourcesOf,
  roleStatements,
  type Statement,
} from './iam-simulator';
import { synthStack, testStageConfig } from './synth';

/**
 * Code and IAM must not drift: every AWS call a function's code can make (aws-calls.ts, from the
 * adapters its composition roots build) must be allowed by that function's role in the template.
 *
 * The roots are followed as a whole, so a function is credited with every adapter a root builds.
 * Where a function's handlers never reach part of a root, it is said here, with the reason (and
 * an entry that no longer matches anything fails, so the list cannot go stale).
 */
const NOT_REACHED: readonly { fn: RegExp; factory: string; actions?: readonly string[]; reason: string }[] = [
  {
    fn: /^AgentForge mcp-gateway API/,
    factory: 'createEcsRunner',
    reason:
      'the gateway forwards to the address on the stored record; the runner is built on first use and never is',
  },
  {
    fn: /^AgentForge mcp-gateway API/,
    factory: 'createKmsSecretCipher',
    reason: 'forwarding reads the bridge token and the external token hash, never the encrypted env',
  },
  {
    fn: /^AgentForge mcp-gateway API/,
    factory: 'createComputeUsageRepository',
    reason: 'compute minutes are booked by the MCP API and the reaper',
  },
  {
    fn: /^AgentForge mcp-gateway API/,
    factory: 'createLimitSlots',
    reason: 'server slots are taken on enable and given back on stop, by the MCP API and the reaper',
  },
  {
    fn: /^AgentForge (mcp-gateway API|MCP reaper)/,
    factory: 'createGithubLinkRepository',
    reason:
      'only starting a run reads the linked GitHub token (the MCP API); forwarding and reaping never do',
  },
  {
    fn: /^AgentForge mcp API/,
    factory: 'createGithubLinkRepository',
    actions: ['dynamodb:UpdateItem'],
    reason: 'the MCP API only reads the linked token; the link is written by the GitHub API',
  },
  {
    fn: /^AgentForge automations API/,
    factory: 'createUserRepository',
    actions: ['dynamodb:UpdateItem', 'dynamodb:PutItem'],
    reason: "a run's e-mail reads its owner's address (GetItem); the API never writes a user's record",
  },
  {
    fn: /^AgentForge messages API/,
    factory: 'createAgentPlanRepository',
    reason:
      'the conversation service touches plans only when a conversation is deleted (the conversations API)',
  },
  {
    fn: /^AgentForge (messages|agent) API/,
    factory: 'createMyTeamsReader',
    reason:
      'the conversation service reads "my teams" only to create a conversation in a team space (the conversations API)',
  },
  {
    fn: /^AgentForge (prompts|audit) API/,
    factory: 'createMyTeamsReader',
    reason:
      'their scope helpers take the team named in the request (teamScope().actor: the role, the teams table), never "my teams"',
  },
  {
    fn: /^AgentForge mcp-gateway API/,
    factory: 'createPlanLookup',
    reason: 'plans are read by the MCP API and the reaper, never when forwarding',
  },
  {
    fn: /^AgentForge MCP reaper/,
    factory: 'createKmsSecretCipher',
    reason: 'the reaper only observes and stops runs; starting one (which decrypts its env) is the MCP API',
  },
  {
    fn: /^AgentForge api-keys API/,
    factory: 'createModelProvider',
    reason:
      'validation builds adapters for a user’s own credentials only (never Bedrock); Bedrock’s model list is static',
  },
  {
    fn: /^AgentForge (stream |automation runner)/,
    factory: 'createApiKeyRepository',
    actions: ['dynamodb:PutItem', 'dynamodb:DeleteItem'],
    reason: 'a stream only resolves the caller’s credentials (get, list); keys are stored by the API',
  },
  {
    fn: /^AgentForge stream messages\//,
    factory: 'createS3AttachmentStore',
    actions: ['s3:PutObject', 's3:DeleteObject', 's3:ListBucket'],
    reason:
      'a stream only reads the files of the message it sends (head and get); uploads and deletion are the conversations API',
  },
  {
    fn: /^AgentForge (messages API|agent API|stream agent\/)/,
    factory: 'createS3AttachmentStore',
    reason:
      'the conversation service touches files only when a conversation is deleted (the conversations API)',
  },
  {
    fn: /^Cognito post-confirmation trigger/,
    factory: 'createStreamPassGrants',
    reason: 'the trigger only creates the record; the stream pass is written by the user check (GET /user)',
  },
  {
    fn: /^AgentForge stream /,
    factory: 'createMcpServerRepository',
    actions: ['dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
    reason:
      'a stream only gets a remote server’s record by key (its URL and headers); servers are written by the MCP API',
  },
  {
    fn: /^AgentForge stream /,
    factory: 'createOAuthConnectionRepository',
    actions: ['dynamodb:PutItem', 'dynamodb:DeleteItem'],
    reason:
      'a stream only reads a remote server’s OAuth connection and refreshes its tokens (UpdateItem under the lease); connecting and disconnecting are the MCP API',
  },
  {
    fn: /^AgentForge knowledge (API|indexer)/,
    factory: 'createApiKeyRepository',
    actions: ['dynamodb:PutItem', 'dynamodb:DeleteItem'],
    reason:
      'knowledge only reads the owner’s stored key for its embedder; keys are stored by the API-keys API',
  },
  {
    fn: /^AgentForge knowledge (API|indexer)/,
    factory: 'createKmsSecretCipher',
    actions: ['kms:Encrypt'],
    reason: 'knowledge only decrypts a stored key to embed; keys are encrypted by the API-keys API',
  },
  {
    fn: /^AgentForge account API/,
    factory: 'createS3VectorIndex',
    actions: [
      's3vectors:CreateIndex',
      's3vectors:PutVectors',
      's3vectors:QueryVectors',
      's3vectors:GetVectors',
    ],
    reason:
      'account and team deletion only delete an owner’s vectors by key; indexing and search are knowledge’s',
  },
  {
    fn: /^AgentForge account API/,
    factory: 'createEmbedder',
    reason: 'deleting knowledge embeds nothing (a new collection’s embedder is chosen by the knowledge API)',
  },
  {
    fn: /^AgentForge stream /,
    factory: 'createMemoryStore',
    actions: ['dynamodb:UpdateItem'],
    reason:
      'a reply only reads the caller’s memory (and the team’s setting); the users and teams APIs write them',
  },
];

interface ProductFunction {
  description: string;
  logicalId: string;
  roleId: string;
  env: Record<string, string>;
  uses: AdapterUse[];
}

type LambdaResource = {
  Type: string;
  Properties: {
    Description?: string;
    Role: { 'Fn::GetAtt': [string, string] };
    Environment?: { Variables: Record<string, unknown> };
  };
};

let resources: Resources;
let functions: ProductFunction[];

beforeAll(() => {
  // With an e-mail identity, so the teams function's SES mailer is checked too, and failed sign-ins.
  resources = resourcesOf(
    synthStack({
      config: parseStageConfig({
        ...testStageConfig,
        email: { fromAddress: 'no-reply@acme.example', identity: 'acme.example' },
        auditFailedSignIns: true,
        // The MCP catalog's operator file, so its GetObject is checked too.
        mcpCatalog: { s3Object: { bucket: 'acme-mcp-catalog', key: 'catalog/servers.json' } },
        // The web search API's key, so the chat stream's read of it is checked too.
        webSearch: { secretName: 'agentforge/acme/web-search' },
        // Google sign-in, so the pre-sign-up trigger's provider links are checked too.
        google: { clientId: 'google-client-id', clientSecretName: 'agentforge/acme/google' },
      }),
    }).template,
  );
  functions = Object.entries(resources)
    .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
    .flatMap(([logicalId, resource]) => {
      const { Properties } = resource as LambdaResource;
      const modules =
        typeof Properties.Description === 'string' ? modulesOf(Properties.Description) : undefined;
      if (!modules) return [];
      const env = Object.fromEntries(
        Object.entries(Properties.Environment?.Variables ?? {}).map(([name, value]) => {
          try {
            return [name, resolve(resources, value)];
          } catch {
            // Values no adapter addresses AWS with (the API's URL, ...).
            return [name, `<unresolved ${name}>`];
          }
        }),
      );
      return [
        {
          description: Properties.Description as string,
          logicalId,
          roleId: Properties.Role['Fn::GetAtt'][0],
          env,
          uses: adaptersReachedFrom(rootsOf(modules)),
        },
      ];
    });
}, 120_000);

type Call = AwsCall & { command: string; use: AdapterUse };

/**
 * What Lambda's poller calls with the function's role for each event source of it: a DynamoDB
 * stream (the account function's deletion jobs) or an SQS queue (the knowledge indexer), as IAM sees it.
 */
function pollerCallsOf(fn: ProductFunction, res: Resources): Call[] {
  const use: AdapterUse = { factory: 'event source mapping', module: '', path: 'Lambda’s stream poller' };
  return Object.values(res).flatMap((resource) => {
    const properties = (resource.Properties ?? {}) as { FunctionName?: unknown; EventSourceArn?: unknown };
    if (resource.Type !== 'AWS::Lambda::EventSourceMapping') return [];
    if ((properties.FunctionName as { Ref?: string } | undefined)?.Ref !== fn.logicalId) return [];
    const stream = resolve(res, properties.EventSourceArn);
    // The knowledge indexer's queue: Lambda's SQS poller receives, deletes and hides messages.
    if (stream.startsWith('arn:aws:sqs:')) {
      return [
        'sqs:ReceiveMessage',
        'sqs:DeleteMessage',
        'sqs:ChangeMessageVisibility',
        'sqs:GetQueueAttributes',
      ].map((action) => ({ action, resource: stream, command: 'poller', use }));
    }
    if (!stream.startsWith('arn:aws:dynamodb:')) throw new Error(`Event source not modelled: ${stream}`);
    // ListStreams too on the stream, as CDK's event source grants it (and Lambda works with).
    return [
      'dynamodb:DescribeStream',
      'dynamodb:GetRecords',
      'dynamodb:GetShardIterator',
      'dynamodb:ListStreams',
    ].map((action) => ({ action, resource: stream, command: 'poller', use }));
  });
}

/** The calls a function's code can make, less what its handlers never reach (NOT_REACHED), and its pollers'. */
function callsOfFunction(fn: ProductFunction, res: Resources = resources): Call[] {
  const skipped = NOT_REACHED.filter((entry) => entry.fn.test(fn.description));
  return pollerCallsOf(fn, res).concat(callsOfCode(fn, res, skipped));
}

function callsOfCode(fn: ProductFunction, res: Resources, skipped: typeof NOT_REACHED): Call[] {
  return fn.uses
    .filter((use) => !skipped.some((entry) => entry.factory === use.factory && !entry.actions))
    .flatMap((use) =>
      callsOf(res, fn.env, use)
        .filter(
          (call) =>
            !skipped.some((entry) => entry.factory === use.factory && entry.actions?.includes(call.action)),
        )
        .map((call) => ({ ...call, use })),
    );
}

/** `description: action on resource (path)` for every call the role does not allow. */
function deniedCalls(res: Resources, statementsOf: (fn: ProductFunction) => Statement[]): string[] {
  return functions.flatMap((fn) => {
    const statements = statementsOf(fn);
    return callsOfFunction(fn, res)
      .filter((call) => !isAllowed(res, statements, call))
      .map((call) => `${fn.description}: ${call.action} on ${call.resource} (${call.use.path})`);
  });
}

describe('the code of every function', () => {
  it('is found: each API area, each stream, the reaper and the trigger', () => {
    expect(functions.map((fn) => fn.description)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^AgentForge mcp API/),
        expect.stringMatching(/^AgentForge mcp-gateway API/),
        expect.stringMatching(/^AgentForge stream messages\/generate-stream/),
        expect.stringMatching(/^AgentForge stream agent\/plan-stream/),
        expect.stringMatching(/^AgentForge MCP reaper/),
        expect.stringMatching(/^AgentForge automation runner/),
        expect.stringMatching(/^Cognito post-confirmation trigger/),
      ]),
    );
  });

  it('knows the code of every product function (none is skipped unchecked)', () => {
    const unknown = Object.values(resources)
      .filter((resource) => resource.Type === 'AWS::Lambda::Function')
      .map((resource) => (resource as LambdaResource).Properties.Description)
      .filter((description): description is string => typeof description === 'string')
      .filter((description) => /^(AgentForge|Cognito) /.test(description) && !modulesOf(description));
    expect(unknown).toEqual([]);
  });

  it('builds only adapters whose AWS calls are known', () => {
    const unknown = functions.flatMap((fn) => fn.uses.filter((use) => !ADAPTERS[use.factory]));
    expect(unknown.map((use) => `${use.factory} (${use.path})`)).toEqual([]);
  });

  it('sends only SDK commands whose IAM actions are known', () => {
    const modules = new Set(
      Object.entries(ADAPTERS).flatMap(([factory, spec]) =>
        spec.noAwsCalls
          ? []
          : (spec.commandsIn ??
            functions.flatMap((fn) =>
              fn.uses.filter((use) => use.factory === factory).map((use) => use.module),
            )),
      ),
    );
    const unknown = [...modules].flatMap((module) =>
      commandsOf(module)
        .map(({ sdk, command }) => `${sdk}:${command}`)
        .filter((key) => !COMMANDS[key])
        .map((key) => `${module}: ${key}`),
    );
    expect(unknown).toEqual([]);
  });

  it('reads the commands from the adapters’ sources', () => {
    const keys = (module: string) =>
      commandsOf(module)
        .map(({ sdk, command }) => `${sdk}:${command}`)
        .sort();
    expect(keys('adapters/mcp-runner/ecs-runner')).toEqual([
      'client-ecs:DescribeTasks',
      'client-ecs:RunTask',
      'client-ecs:StopTask',
      'client-s3:DeleteObject',
      'client-s3:PutObject',
    ]);
    // Through the table-ops helpers: putNew, deletePartition (and getItem in the versions' module).
    expect(keys('adapters/dynamodb/agent-plan-repository')).toEqual([
      'lib-dynamodb:BatchWrite',
      'lib-dynamodb:Put',
      'lib-dynamodb:Query',
    ]);
    expect(keys('adapters/dynamodb/agent-plan-versions')).toEqual([
      'lib-dynamodb:BatchGet',
      'lib-dynamodb:Get',
      'lib-dynamodb:Put',
    ]);
    expect(keys('adapters/providers/bedrock')).toEqual(['client-bedrock-runtime:ConverseStream']);
    expect(keys('adapters/embeddings/bedrock-embedder')).toEqual(['client-bedrock-runtime:InvokeModel']);
    expect(keys('adapters/s3vectors/s3-vector-index')).toEqual([
      'client-s3vectors:CreateIndex',
      'client-s3vectors:DeleteVectors',
      'client-s3vectors:PutVectors',
    ]);
    // The chat's search: the query only.
    expect(keys('adapters/s3vectors/s3-vector-reader')).toEqual(['client-s3vectors:QueryVectors']);
  });

  it('follows the composition roots to the adapters they build', () => {
    const stream = functions.find((fn) =>
      fn.description.startsWith('AgentForge stream messages/generate-stream'),
    );
    const factories = new Set(
      stream?.uses.map((use) => `${use.factory}${use.table ? `(${use.table})` : ''}`),
    );
    for (const expected of [
      'createMessageRepository(messages)',
      'createUsageRepository(usage)',
      'createApiKeyRepository(apiKeys)',
      'createKmsSecretCipher',
      'createModelProvider',
      'createCognitoIdTokenVerifier',
      'createServerApiClient',
    ]) {
      expect(factories, expected).toContain(expected);
    }
    const mcp = functions.find((fn) => fn.description.startsWith('AgentForge mcp API'));
    expect(mcp?.uses.map((use) => use.factory)).toContain('createEcsRunner');
    // Also through an adapter loaded on first use (a dynamic import).
    const conversations = functions.find((fn) => fn.description.startsWith('AgentForge conversations API'));
    expect(conversations?.uses.map((use) => use.factory)).toContain('createS3AttachmentStore');
  });

  it('says why each function skips part of a root, and every such entry still applies', () => {
    const stale = NOT_REACHED.filter(
      (entry) =>
        !functions.some(
          (fn) =>
            entry.fn.test(fn.description) &&
            fn.uses.some(
              (use) =>
                use.factory === entry.factory &&
                (!entry.actions ||
                  callsOf(resources, fn.env, use).some((call) => entry.actions?.includes(call.action))),
            ),
        ),
    );
    expect(stale.map((entry) => `${entry.fn} ${entry.factory}`)).toEqual([]);
  });
});

/** CDK's table grants add stream reads on the table; the tables have no streams, so nothing uses it. */
const isCdkStreamGrant = (statement: Statement) =>
  [statement.Action]
    .flat()
    .every((action) => action === 'dynamodb:GetRecords' || action === 'dynamodb:GetShardIterator');

describe('every function role', () => {
  it('allows every AWS call the function’s code can make', () => {
    expect(deniedCalls(resources, (fn) => roleStatements(resources, fn.roleId))).toEqual([]);
  });

  it('would fail the test with any one of its statements removed (none is unused, none is redundant)', () => {
    const unneeded: string[] = [];
    for (const fn of functions) {
      const statements = roleStatements(resources, fn.roleId);
      const calls = callsOfFunction(fn);
      statements.forEach((removed, index) => {
        if (isCdkStreamGrant(removed)) return;
        const rest = statements.filter((_, i) => i !== index);
        if (calls.every((call) => isAllowed(resources, rest, call))) {
          unneeded.push(`${fn.description}: ${removed.Sid ?? JSON.stringify(removed.Action)}`);
        }
      });
    }
    expect(unneeded).toEqual([]);
  });

  it('fails the test when a grant is removed from a copy of the template', () => {
    const mcp = functions.find((fn) => fn.description.startsWith('AgentForge mcp API')) as ProductFunction;
    const copy = structuredClone(resources) as Record<
      string,
      { Type: string; Properties?: Record<string, unknown> }
    >;
    // Drop the mcp function's RunTask statement from its role's policy.
    for (const resource of Object.values(copy)) {
      if (resource.Type !== 'AWS::IAM::Policy') continue;
      const properties = resource.Properties ?? {};
      if (!(properties.Roles as { Ref: string }[]).some((ref) => ref.Ref === mcp.roleId)) continue;
      const document = properties.PolicyDocument as { Statement: Statement[] };
      document.Statement = document.Statement.filter((statement) => statement.Sid !== 'RunRunnerTasks');
    }
    const denied = deniedCalls(copy, (fn) => roleStatements(copy, fn.roleId));
    expect(denied).toEqual([
      expect.stringMatching(
        /^AgentForge mcp API .*: ecs:RunTask on arn:aws:ecs:us-east-1:123456789012:task-definition\//,
      ),
    ]);
  });
});

describe('the simulator', () => {
  const statement = (patch: Partial<Statement>): Statement => ({
    Effect: 'Allow',
    Action: 'dynamodb:GetItem',
    Resource: 'arn:aws:dynamodb:us-east-1:123456789012:table/t',
    ...patch,
  });
  const call = { action: 'dynamodb:GetItem', resource: 'arn:aws:dynamodb:us-east-1:123456789012:table/t' };

  it('matches actions case-insensitively with wildcards, resources with wildcards', () => {
    expect(isAllowed({}, [statement({ Action: 'DynamoDB:Get*' })], call)).toBe(true);
    expect(isAllowed({}, [statement({ Action: 'dynamodb:Query' })], call)).toBe(false);
    expect(isAllowed({}, [statement({ Resource: 'arn:aws:dynamodb:*:*:table/*' })], call)).toBe(true);
    expect(isAllowed({}, [statement({ Resource: 'arn:aws:dynamodb:*:*:table/t/index/*' })], call)).toBe(
      false,
    );
  });

  it('lets an explicit Deny win and requires condition keys in the context', () => {
    expect(isAllowed({}, [statement({}), statement({ Effect: 'Deny' })], call)).toBe(false);
    const conditioned = statement({ Condition: { StringEquals: { 'aws:k': 'v' } } });
    expect(isAllowed({}, [conditioned], call)).toBe(false);
    expect(isAllowed({}, [conditioned], { ...call, context: { 'aws:k': 'v' } })).toBe(true);
    expect(isAllowed({}, [conditioned], { ...call, context: { 'aws:k': 'w' } })).toBe(false);
  });

  it('refuses what it does not model', () => {
    expect(() => isAllowed({}, [statement({ NotAction: 'x:y' })], call)).toThrow(/not modelled/);
    expect(() =>
      isAllowed({}, [statement({ Condition: { NumericLessThan: { 'aws:k': '1' } } })], call),
    ).toThrow(/not modelled/);
  });
});
