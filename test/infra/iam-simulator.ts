/**
 * A minimal IAM policy simulator over a synthesized template: enough to tell whether a function's
 * role lets it make one AWS call. Template values (Ref, Fn::GetAtt, Fn::Join, ...) are resolved
 * to the strings they become on AWS in the test account, resources standing for themselves by a
 * placeholder (`<LogicalId>`): a table named `<UsersTable>` has the ARN
 * `arn:aws:dynamodb:us-east-1:123456789012:table/<UsersTable>`, whether the template spells it
 * with Fn::GetAtt or joins it from the table's Ref.
 *
 * Evaluation: an explicit Deny wins, else any Allow whose Action, Resource and Condition all match
 * (Action case-insensitive, `*` and `?` wildcards in both). Conditions: StringEquals, StringLike,
 * ArnEquals, ArnLike and their ForAnyValue: forms, and Bool; a key the call's context lacks never
 * matches. Anything else (NotAction, NotResource, other operators) throws, so the simulator never
 * silently answers for what it does not model. Managed policies are not read: the product's roles
 * carry only AWS's basic-execution and VPC-access ones (logs and ENIs, which no code calls).
 */
import type { Template } from 'aws-cdk-lib/assertions';

export const ACCOUNT = '123456789012';
export const REGION = 'us-east-1';

const PSEUDO: Readonly<Record<string, string>> = {
  'AWS::Partition': 'aws',
  'AWS::AccountId': ACCOUNT,
  'AWS::Region': REGION,
  'AWS::URLSuffix': 'amazonaws.com',
  'AWS::StackName': 'AgentForge-test',
  'AWS::NoValue': '',
};

interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
}

export type Resources = Readonly<Record<string, CfnResource>>;

export function resourcesOf(template: Template): Resources {
  return (template.toJSON() as { Resources: Resources }).Resources;
}

/** What `Ref` and `Fn::GetAtt` give for a resource, by type (only the types policies name). */
function attribute(resources: Resources, id: string, attr: 'Ref' | string): string {
  const resource = resources[id];
  if (!resource) throw new Error(`Unknown resource ${id}`);
  const name = `<${id}>`;
  const arn = (service: string, resource: string, region = REGION, account = ACCOUNT) =>
    `arn:aws:${service}:${region}:${account}:${resource}`;
  const byType: Record<string, (attr: string) => string | undefined> = {
    'AWS::DynamoDB::GlobalTable': (a) =>
      a === 'Ref'
        ? name
        : a === 'Arn'
          ? arn('dynamodb', `table/${name}`)
          : a === 'StreamArn'
            ? arn('dynamodb', `table/${name}/stream/2026-01-01T00:00:00.000`)
            : undefined,
    'AWS::DynamoDB::Table': (a) =>
      a === 'Ref' ? name : a === 'Arn' ? arn('dynamodb', `table/${name}`) : undefined,
    'AWS::KMS::Key': (a) => (a === 'Ref' ? name : a === 'Arn' ? arn('kms', `key/${name}`) : undefined),
    'AWS::ECS::Cluster': (a) =>
      a === 'Ref' ? name : a === 'Arn' ? arn('ecs', `cluster/${name}`) : undefined,
    'AWS::ECS::TaskDefinition': (a) =>
      a === 'Ref' || a === 'TaskDefinitionArn'
        ? arn('ecs', `task-definition/${String(resource.Properties?.Family)}:1`)
        : undefined,
    'AWS::IAM::Role': (a) => (a === 'Ref' ? name : a === 'Arn' ? arn('iam', `role/${name}`, '') : undefined),
    'AWS::S3::Bucket': (a) => (a === 'Ref' ? name : a === 'Arn' ? `arn:aws:s3:::${name}` : undefined),
    'AWS::S3Vectors::VectorBucket': (a) =>
      a === 'VectorBucketArn' ? arn('s3vectors', `bucket/${name}`) : undefined,
    'AWS::SNS::Topic': (a) => (a === 'Ref' ? arn('sns', name) : undefined),
    'AWS::SQS::Queue': (a) => (a === 'Arn' ? arn('sqs', name) : undefined),
    'AWS::Lambda::Function': (a) =>
      a === 'Ref' ? name : a === 'Arn' ? arn('lambda', `function:${name}`) : undefined,
    'AWS::CloudFront::Distribution': (a) => (a === 'Ref' || a === 'Id' ? name : undefined),
    'AWS::SES::EmailIdentity': (a) => (a === 'Ref' ? name : undefined),
    // A user pool's Ref is its id (`us-east-1_...`), its Arn names it under cognito-idp.
    'AWS::Cognito::UserPool': (a) =>
      a === 'Ref' ? name : a === 'Arn' ? arn('cognito-idp', `userpool/${name}`) : undefined,
    // A secret's Ref is its ARN (name plus Secrets Manager's random suffix).
    'AWS::SecretsManager::Secret': (a) =>
      a === 'Ref' ? arn('secretsmanager', `secret:${name}-AbCdEf`) : undefined,
  };
  const value = byType[resource.Type]?.(attr);
  if (value === undefined) throw new Error(`No ${attr} modelled for ${resource.Type} (${id})`);
  return value;
}

/** A template value as the string it becomes on AWS (see the module comment). */
export function resolve(resources: Resources, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) throw new Error(`Cannot resolve ${JSON.stringify(value)}`);
  const object = value as Record<string, unknown>;
  if ('Ref' in object) {
    const ref = object.Ref as string;
    return PSEUDO[ref] ?? attribute(resources, ref, 'Ref');
  }
  if ('Fn::GetAtt' in object) {
    const [id, attr] = object['Fn::GetAtt'] as [string, string];
    return attribute(resources, id, attr);
  }
  if ('Fn::Join' in object) {
    const [separator, parts] = object['Fn::Join'] as [string, unknown[]];
    return parts.map((part) => resolve(resources, part)).join(separator);
  }
  if ('Fn::Select' in object) {
    const [index, list] = object['Fn::Select'] as [number | string, unknown];
    const items = Array.isArray(list)
      ? list.map((item) => resolve(resources, item))
      : splitOf(resources, list);
    const item = items[Number(index)];
    if (item === undefined) throw new Error(`Fn::Select out of range: ${JSON.stringify(value)}`);
    return item;
  }
  throw new Error(`Cannot resolve ${JSON.stringify(value)}`);
}

function splitOf(resources: Resources, value: unknown): string[] {
  const split = (value as Record<string, unknown>)['Fn::Split'] as [string, unknown] | undefined;
  if (!split) throw new Error(`Expected Fn::Split: ${JSON.stringify(value)}`);
  return resolve(resources, split[1]).split(split[0]);
}

export interface Statement {
  Effect: 'Allow' | 'Deny';
  Action?: string | string[];
  NotAction?: unknown;
  Resource?: unknown;
  NotResource?: unknown;
  Condition?: Record<string, Record<string, unknown>>;
  Sid?: string;
}

/** One call as IAM authorizes it: an action on a resource, with the condition keys it carries. */
export interface AwsCall {
  action: string;
  resource: string;
  context?: Readonly<Record<string, string>>;
}

/** Every statement of the role's inline policies and of the AWS::IAM::Policy resources attached to it. */
export function roleStatements(resources: Resources, roleId: string): Statement[] {
  const role = resources[roleId];
  if (role?.Type !== 'AWS::IAM::Role') throw new Error(`${roleId} is not a role`);
  const inline = (
    (role.Properties?.Policies ?? []) as { PolicyDocument: { Statement: Statement[] } }[]
  ).flatMap((policy) => policy.PolicyDocument.Statement);
  const attached = Object.values(resources)
    .filter(
      (resource) =>
        resource.Type === 'AWS::IAM::Policy' &&
        ((resource.Properties?.Roles ?? []) as unknown[]).some(
          (ref) => (ref as { Ref?: string }).Ref === roleId,
        ),
    )
    .flatMap(
      (policy) =>
        (policy.Properties?.PolicyDocument as { Statement: Statement[] } | undefined)?.Statement ?? [],
    );
  return [...inline, ...attached];
}

/** `*` any run of characters, `?` one character; the rest literal. */
function globMatches(pattern: string, value: string, ignoreCase = false): boolean {
  const source = pattern
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, ignoreCase ? 'is' : 's').test(value);
}

const list = (value: unknown): unknown[] => (value === undefined ? [] : [value].flat());

const OPERATORS: Readonly<Record<string, (pattern: string, value: string) => boolean>> = {
  StringEquals: (pattern, value) => pattern === value,
  StringLike: (pattern, value) => globMatches(pattern, value),
  ArnEquals: (pattern, value) => pattern === value,
  ArnLike: (pattern, value) => globMatches(pattern, value),
  Bool: (pattern, value) => pattern.toLowerCase() === value.toLowerCase(),
};

function conditionsHold(resources: Resources, statement: Statement, call: AwsCall): boolean {
  for (const [operator, keys] of Object.entries(statement.Condition ?? {})) {
    const compare = OPERATORS[operator.replace(/^ForAnyValue:/, '')];
    if (!compare) throw new Error(`Condition operator ${operator} is not modelled`);
    for (const [key, expected] of Object.entries(keys)) {
      const actual = call.context?.[key];
      if (actual === undefined) return false;
      const values = list(expected).map((item) => resolve(resources, item));
      if (!values.some((pattern) => compare(pattern, actual))) return false;
    }
  }
  return true;
}

function statementMatches(resources: Resources, statement: Statement, call: AwsCall): boolean {
  if (statement.NotAction !== undefined || statement.NotResource !== undefined) {
    throw new Error(`NotAction/NotResource is not modelled (${statement.Sid ?? JSON.stringify(statement)})`);
  }
  const actions = list(statement.Action) as string[];
  if (!actions.some((pattern) => globMatches(pattern, call.action, true))) return false;
  const patterns = list(statement.Resource).map((item) => resolve(resources, item));
  if (!patterns.some((pattern) => globMatches(pattern, call.resource))) return false;
  return conditionsHold(resources, statement, call);
}

/** Whether these statements allow the call: no matching Deny and at least one matching Allow. */
export function isAllowed(resources: Resources, statements: readonly Statement[], call: AwsCall): boolean {
  const matching = statements.filter((statement) => statementMatches(resources, statement, call));
  return matching.some((s) => s.Effect === 'Allow') && !matching.some((s) => s.Effect === 'Deny');
}
