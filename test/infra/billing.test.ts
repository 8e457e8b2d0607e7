import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentForgeStack } from '../../lib/stacks/agent-forge-stack';
import { propertiesOf, synthStack } from './synth';

let stack: AgentForgeStack;
let template: Template;
let reporterId: string;

beforeAll(() => {
  ({ stack, template } = synthStack());
  reporterId = stack.getLogicalId(stack.billing.overageReporter.function.node.defaultChild as never);
}, 120_000);

describe('the overage reporter', () => {
  it('runs every five minutes from an EventBridge Scheduler schedule, outside the VPC', () => {
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(5 minutes)',
      State: 'ENABLED',
      Target: { Arn: { 'Fn::GetAtt': [reporterId, 'Arn'] } },
    });
    expect(propertiesOf(template, 'AWS::Lambda::Function', reporterId).VpcConfig).toBeUndefined();
  });

  it('may query only the pending-overage index and write nothing but usage rows', () => {
    const role = (
      propertiesOf(template, 'AWS::Lambda::Function', reporterId).Role as { 'Fn::GetAtt': [string] }
    )['Fn::GetAtt'][0];
    const statements = Object.values(
      template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: role }] } }),
    ).flatMap(
      (policy) =>
        policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
    );
    const dynamo = statements.filter((statement) =>
      [statement.Action].flat().some((action) => action.startsWith('dynamodb:')),
    );
    const text = JSON.stringify(dynamo);
    expect([...new Set(dynamo.flatMap((statement) => [statement.Action].flat()))].sort()).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:GetItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(text).toContain('/index/meterPending');
    expect(text).not.toMatch(/index\/\*/);
  });
});

describe("Stripe's keys", () => {
  const functionsDescribed = (pattern: RegExp) =>
    Object.entries(template.findResources('AWS::Lambda::Function')).filter(([, fn]) =>
      pattern.test(String(fn.Properties.Description)),
    );
  const roleOf = (fn: { Properties: { Role: { 'Fn::GetAtt': [string] } } }) =>
    fn.Properties.Role['Fn::GetAtt'][0];
  const parameterArn = {
    'Fn::Join': [
      '',
      ['arn:', { Ref: 'AWS::Partition' }, ':ssm:us-east-1:123456789012:parameter/agentforge/test/stripe'],
    ],
  };

  it('are no Secrets Manager secret ($0.40 a month): the only one is the API’s origin key', () => {
    const secrets = Object.values(template.findResources('AWS::SecretsManager::Secret'));
    expect(secrets.map((secret) => secret.Properties.Description)).toEqual([
      expect.stringMatching(/the REST API's key/),
    ]);
  });

  it('are read from the SecureString parameter by the billing, teams, account and overage functions only', () => {
    const readers = functionsDescribed(/^AgentForge (billing API|teams API|account API|overage reporter)/);
    expect(readers).toHaveLength(4);
    for (const [id, fn] of Object.entries(template.findResources('AWS::Lambda::Function'))) {
      const reads = readers.some(([readerId]) => readerId === id);
      expect(fn.Properties.Environment?.Variables?.STRIPE_PARAMETER_NAME).toEqual(
        reads ? '/agentforge/test/stripe' : undefined,
      );
    }
    const grants = Object.values(template.findResources('AWS::IAM::Policy')).flatMap((policy) =>
      (policy.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[])
        .filter((statement) => JSON.stringify(statement.Resource).includes('/stripe'))
        .map((statement) => ({ statement, roles: policy.Properties.Roles })),
    );
    expect(grants.map(({ statement }) => statement)).toEqual(
      readers.map(() => ({ Effect: 'Allow', Action: 'ssm:GetParameter', Resource: parameterArn })),
    );
    expect(grants.map(({ roles }) => JSON.stringify(roles)).sort()).toEqual(
      readers.map(([, fn]) => JSON.stringify([{ Ref: roleOf(fn as never) }])).sort(),
    );
  });
});
