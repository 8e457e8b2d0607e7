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
      'dynamodb:GetItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(text).toContain('/index/meterPending');
    expect(text).not.toMatch(/index\/\*/);
  });
});
