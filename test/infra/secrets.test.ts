import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { SECRETS_KEY_ENV_VAR, SECRETS_KEY_LOGICAL_ID } from '../../lib/constructs/secrets';
import { expectResource, propertiesOf, synthStack } from './synth';

interface Statement {
  Action: string | string[];
  Resource: unknown;
}

/** The few properties of the synthesized functions and policies this suite reads. */
interface Resource {
  Properties: {
    Role?: { 'Fn::GetAtt': [string, string] };
    Environment?: { Variables?: Record<string, unknown> };
    PolicyDocument?: { Statement: Statement[] };
    Roles?: unknown[];
  };
}

let template: Template;
const keyArn = { 'Fn::GetAtt': [SECRETS_KEY_LOGICAL_ID, 'Arn'] };

beforeAll(() => {
  ({ template } = synthStack());
}, 120_000);

const resourcesOf = (type: string, pattern?: Record<string, unknown>) =>
  Object.entries(template.findResources(type, pattern)) as [string, Resource][];

function functionDescribedAs(prefix: string): [string, Resource] {
  const matches = resourcesOf('AWS::Lambda::Function', {
    Properties: { Description: Match.stringLikeRegexp(`^${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`) },
  });
  expect(matches).toHaveLength(1);
  return matches[0] as [string, Resource];
}
const apiKeysFunction = () => functionDescribedAs('AgentForge api-keys API');
/** Every stream route's function (the chat's and the agent's): they decrypt provider keys. */
const streamFunctions = () =>
  resourcesOf('AWS::Lambda::Function', {
    Properties: { Description: Match.stringLikeRegexp('^AgentForge stream ') },
  }) as [string, Resource][];
const mcpFunction = () => functionDescribedAs('AgentForge mcp API');
const githubFunction = () => functionDescribedAs('AgentForge github API');
/** A team's single sign-on client secret is kept encrypted. */
const teamsFunction = () => functionDescribedAs('AgentForge teams API');
/** An automation run goes through the chat's services: provider keys, MCP env values, OAuth tokens. */
const automationRunner = () => functionDescribedAs('AgentForge automation runner');
/** Knowledge embeds with the owner's stored provider keys (decrypt only). */
const knowledgeFunctions = () => [
  functionDescribedAs('AgentForge knowledge API'),
  functionDescribedAs('AgentForge knowledge indexer'),
];
/** Account deletion stops the user's servers through the MCP service, which holds the cipher. */
const accountFunction = () => functionDescribedAs('AgentForge account API');

/** Every IAM statement that names a KMS action, with the roles its policy is attached to. */
function kmsStatements() {
  return resourcesOf('AWS::IAM::Policy').flatMap(([, policy]) =>
    (policy.Properties.PolicyDocument?.Statement ?? [])
      // The MAC grants are the gateway credentials' key's (gateway-credentials.test.ts).
      .filter((statement) =>
        [statement.Action].flat().some((action) => action.startsWith('kms:') && !action.endsWith('Mac')),
      )
      .map((statement) => ({
        ...statement,
        Action: [statement.Action].flat().sort(),
        roles: policy.Properties.Roles,
      })),
  );
}

describe('the secrets key', () => {
  it('is a symmetric KMS key with yearly rotation and a stable logical id, the stage’s only encryption key', () => {
    // A customer-managed key costs $1 a month: the alarm topic is encrypted with this one too.
    // Besides it, only the automation credentials' HMAC key, which encrypts nothing (gateway-credentials.ts).
    const keys = template.findResources('AWS::KMS::Key');
    expect(Object.keys(keys)).toContain(SECRETS_KEY_LOGICAL_ID);
    const others = Object.entries(keys).filter(([id]) => id !== SECRETS_KEY_LOGICAL_ID);
    expect(others.map(([, key]) => [key.Properties.KeySpec, key.Properties.KeyUsage])).toEqual([
      ['HMAC_256', 'GENERATE_VERIFY_MAC'],
    ]);
    expectResource(template, SECRETS_KEY_LOGICAL_ID, { Properties: { EnableKeyRotation: true } });
    expect(
      propertiesOf(template, 'AWS::KMS::Key', SECRETS_KEY_LOGICAL_ID).KeySpec ?? 'SYMMETRIC_DEFAULT',
    ).toBe('SYMMETRIC_DEFAULT');
  });

  it('lets CloudWatch use it for the alarm topic’s messages only (SNS’s encryption context), not for secrets', () => {
    const topics = Object.entries(template.findResources('AWS::SNS::Topic'));
    expect(topics).toHaveLength(1);
    const [, topic] = topics[0] as [string, { Properties: { KmsMasterKeyId: unknown; TopicName: string } }];
    expect(topic.Properties.KmsMasterKeyId).toEqual(keyArn);
    const statements = (
      propertiesOf(template, 'AWS::KMS::Key', SECRETS_KEY_LOGICAL_ID).KeyPolicy as {
        Statement: { Principal?: { Service?: string }; Action: string[]; Condition?: unknown }[];
      }
    ).Statement.filter((statement) => statement.Principal?.Service);
    expect(statements).toEqual([
      expect.objectContaining({
        Principal: { Service: 'cloudwatch.amazonaws.com' },
        Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        Condition: {
          StringEquals: {
            'kms:EncryptionContext:aws:sns:topicArn': {
              'Fn::Join': [
                '',
                [
                  'arn:',
                  { Ref: 'AWS::Partition' },
                  `:sns:us-east-1:123456789012:${topic.Properties.TopicName}`,
                ],
              ],
            },
            'aws:SourceAccount': '123456789012',
          },
        },
      }),
    ]);
  });

  it('is retained when the stack is deleted or the key replaced', () => {
    expectResource(template, SECRETS_KEY_LOGICAL_ID, {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
  });

  // The streams encrypt too: a remote MCP server's refreshed OAuth tokens are stored encrypted.
  it('lets the api-keys, mcp, github, account and teams functions, the streams and the automation runner encrypt and decrypt with it, knowledge decrypt, and nothing more', () => {
    const roleOf = ([, fn]: [string, Resource]) => [{ Ref: fn.Properties.Role?.['Fn::GetAtt'][0] }];
    expect(kmsStatements()).toEqual(
      expect.arrayContaining([
        {
          Effect: 'Allow',
          Action: ['kms:Decrypt', 'kms:Encrypt'],
          Resource: keyArn,
          roles: roleOf(apiKeysFunction()),
        },
        {
          Effect: 'Allow',
          Action: ['kms:Decrypt', 'kms:Encrypt'],
          Resource: keyArn,
          roles: roleOf(mcpFunction()),
        },
        {
          Effect: 'Allow',
          Action: ['kms:Decrypt', 'kms:Encrypt'],
          Resource: keyArn,
          roles: roleOf(githubFunction()),
        },
        {
          Effect: 'Allow',
          Action: ['kms:Decrypt', 'kms:Encrypt'],
          Resource: keyArn,
          roles: roleOf(accountFunction()),
        },
        ...[...streamFunctions(), automationRunner(), teamsFunction()].map((fn) => ({
          Effect: 'Allow',
          Action: ['kms:Decrypt', 'kms:Encrypt'],
          Resource: keyArn,
          roles: roleOf(fn),
        })),
        ...knowledgeFunctions().map((fn) => ({
          Effect: 'Allow',
          Action: ['kms:Decrypt'],
          Resource: keyArn,
          roles: roleOf(fn),
        })),
      ]),
    );
    expect(streamFunctions().length).toBeGreaterThan(1);
    expect(kmsStatements()).toHaveLength(4 + streamFunctions().length + 2 + knowledgeFunctions().length);
  });

  it('tells only the functions it grants which key to use', () => {
    const users = [
      apiKeysFunction()[0],
      mcpFunction()[0],
      githubFunction()[0],
      accountFunction()[0],
      automationRunner()[0],
      teamsFunction()[0],
      ...knowledgeFunctions().map(([id]) => id),
      ...streamFunctions().map(([id]) => id),
    ];
    for (const [id, fn] of resourcesOf('AWS::Lambda::Function')) {
      const value = fn.Properties.Environment?.Variables?.[SECRETS_KEY_ENV_VAR];
      if (users.includes(id)) expect(value).toEqual(keyArn);
      else expect(value).toBeUndefined();
    }
  });
});

describe('the GitHub OAuth App secret', () => {
  it('is read only by the github and account functions (which revoke tokens), told its name (the stage default)', () => {
    const [githubId, github] = githubFunction();
    const [accountId, account] = accountFunction();
    const readers = resourcesOf('AWS::IAM::Policy').flatMap(([, policy]) =>
      (policy.Properties.PolicyDocument?.Statement ?? [])
        .filter(
          (statement) =>
            [statement.Action].flat().some((action) => action.startsWith('secretsmanager:')) &&
            // The Stripe secret (billing) is another one.
            JSON.stringify(statement.Resource).includes('github'),
        )
        .map((statement) => ({ actions: [statement.Action].flat().sort(), roles: policy.Properties.Roles })),
    );
    const read = ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'];
    expect(readers).toEqual(
      expect.arrayContaining([
        { actions: read, roles: [{ Ref: github.Properties.Role?.['Fn::GetAtt'][0] }] },
        { actions: read, roles: [{ Ref: account.Properties.Role?.['Fn::GetAtt'][0] }] },
      ]),
    );
    expect(readers).toHaveLength(2);
    for (const [id, fn] of resourcesOf('AWS::Lambda::Function')) {
      const value = fn.Properties.Environment?.Variables?.GITHUB_SECRET_ID;
      expect(value).toEqual(id === githubId || id === accountId ? 'agentforge/test/github' : undefined);
    }
  });
});
