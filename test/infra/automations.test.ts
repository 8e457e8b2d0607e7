import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentForgeStack } from '../../lib/stacks/agent-forge-stack';
import { expectResource, propertiesOf, synthStack } from './synth';

let stack: AgentForgeStack;
let template: Template;
let apiTemplate: Template;
const idOf = (construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as never);

beforeAll(() => {
  ({ stack, template, apiTemplate } = synthStack());
}, 120_000);

interface Statement {
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}
/** Every statement of the inline policies of the role of the function with this logical id. */
function statementsOf(functionId: string): Statement[] {
  const role = (
    propertiesOf(template, 'AWS::Lambda::Function', functionId).Role as { 'Fn::GetAtt': [string] }
  )['Fn::GetAtt'][0];
  return Object.values(
    template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: role }] } }),
  ).flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
}
const actions = (statements: readonly Statement[]) =>
  statements.flatMap((statement) => [statement.Action].flat());

describe('automations on AWS', () => {
  it('run in a Node 24 runner of 1 GB that may take Lambda’s 15 minutes', () => {
    expectResource(template, idOf(stack.automations.runner.function), {
      Properties: { Runtime: 'nodejs24.x', Timeout: 900, MemorySize: 1024 },
    });
  });

  it('keep their schedules in the stage’s group, with an encrypted dead-letter queue kept 14 days', () => {
    template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'agentforge-test-automations' });
    expectResource(template, idOf(stack.automations.deadLetterQueue), {
      Properties: { SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 },
    });
    // No schedule in the template: the API makes one per automation (idle automations cost nothing).
    const schedules = Object.values(template.findResources('AWS::Scheduler::Schedule')).map((schedule) =>
      JSON.stringify(schedule.Properties.Target.Arn),
    );
    expect(schedules.some((arn) => arn.includes(idOf(stack.automations.runner.function)))).toBe(false);
  });

  it('are fired by a Scheduler role that may only invoke the runner and fill the dead-letter queue', () => {
    const roleId = idOf(stack.automations.schedulerRole);
    expectResource(template, roleId, {
      Properties: {
        AssumeRolePolicyDocument: {
          Statement: [
            Match.objectLike({
              Principal: { Service: 'scheduler.amazonaws.com' },
              Condition: Match.objectLike({ StringEquals: { 'aws:SourceAccount': '123456789012' } }),
            }),
          ],
        },
      },
    });
    const policies = Object.values(
      template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: roleId }] } }),
    ).flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
    expect(policies).toEqual([
      {
        Action: 'lambda:InvokeFunction',
        Effect: 'Allow',
        Resource: { 'Fn::GetAtt': [idOf(stack.automations.runner.function), 'Arn'] },
      },
      {
        Action: 'sqs:SendMessage',
        Effect: 'Allow',
        Resource: { 'Fn::GetAtt': [idOf(stack.automations.deadLetterQueue), 'Arn'] },
      },
    ]);
  });

  it('let the automations API manage the group’s schedules, pass that role only, and start the runner', () => {
    const statements = statementsOf(idOf(stack.api.functions.automations.function));
    const scheduling = statements.filter((statement) =>
      actions([statement]).some((a) => a.startsWith('scheduler:')),
    );
    expect(actions(scheduling).sort()).toEqual([
      'scheduler:CreateSchedule',
      'scheduler:DeleteSchedule',
      'scheduler:UpdateSchedule',
    ]);
    expect(JSON.stringify(scheduling.map((statement) => statement.Resource))).toContain(
      ':schedule/agentforge-test-automations/*',
    );
    const passRole = statements.filter((statement) => actions([statement]).includes('iam:PassRole'));
    expect(passRole).toEqual([
      {
        Action: 'iam:PassRole',
        Effect: 'Allow',
        Resource: { 'Fn::GetAtt': [idOf(stack.automations.schedulerRole), 'Arn'] },
        Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      },
    ]);
    const invoke = statements.filter((statement) => actions([statement]).includes('lambda:InvokeFunction'));
    // By the runner's name-built ARN: the runner reaches the API, whose functions these are (no cycle).
    expect(invoke.map((statement) => statement.Resource)).toEqual([
      stack.resolve(stack.automations.runnerArn),
    ]);
    // Account (and team) deletion removes the schedules too; no other area touches them.
    expect(actions(statementsOf(idOf(stack.api.functions.account.function)))).toContain(
      'scheduler:DeleteSchedule',
    );
    expect(
      actions(statementsOf(idOf(stack.api.functions.teams.function))).some((a) => a.startsWith('scheduler:')),
    ).toBe(false);
  });

  it('take webhooks on a public POST route, behind the same API key as every method', () => {
    const resources = apiTemplate.findResources('AWS::ApiGateway::Resource', {
      Properties: { PathPart: '{secret}' },
    });
    expect(Object.keys(resources)).toHaveLength(1);
    apiTemplate.hasResourceProperties('AWS::ApiGateway::Method', {
      HttpMethod: 'POST',
      ResourceId: { Ref: Object.keys(resources)[0] },
      AuthorizationType: 'NONE',
      ApiKeyRequired: true,
    });
  });
});
