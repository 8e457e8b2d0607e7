import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableLogicalId } from '../../lib/constructs/data';
import { AREA_AUDIT } from '../../lib/stacks/area-access';
import { synthStack, testStageConfig } from './synth';

/** The audit log's grants: append (Query + PutItem) where actions are recorded, Query where it is read, nothing else. */
let template: Template;
beforeAll(() => {
  template = synthStack().template;
}, 240_000);

type Statement = { Action: string | string[]; Resource: unknown };
const auditTable = { 'Fn::GetAtt': [tableLogicalId('audit'), 'Arn'] };

/** Each function (by description) and the actions its role allows on the audit table. */
function auditActions(): Map<string, string[]> {
  const roles = template.findResources('AWS::IAM::Policy');
  const functions = template.findResources('AWS::Lambda::Function');
  const result = new Map<string, string[]>();
  for (const fn of Object.values(functions)) {
    const { Role, Description } = fn.Properties as {
      Role: { 'Fn::GetAtt'?: [string, string] };
      Description?: string;
    };
    const roleId = Role['Fn::GetAtt']?.[0];
    if (!roleId) continue;
    const actions = Object.values(roles)
      .filter((policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[])
      .filter((statement) => JSON.stringify(statement.Resource).includes(JSON.stringify(auditTable)))
      .flatMap((statement) => [statement.Action].flat());
    if (actions.length) result.set(String(Description).replace(/ \(.*$/, ''), [...new Set(actions)].sort());
  }
  return result;
}

describe('the audit table’s grants', () => {
  it('let writers append and the audit API read, and no function update or delete a record', () => {
    const granted = auditActions();
    const append = ['dynamodb:PutItem', 'dynamodb:Query'];
    const expected = new Map<string, string[]>([
      ...Object.entries(AREA_AUDIT).map(([area, use]): [string, string[]] => [
        `AgentForge ${area} API`,
        use === 'write' ? append : ['dynamodb:Query'],
      ]),
      ['AgentForge stream agent/execute-stream', append],
      ['Cognito post-authentication trigger: records sign-ins in the audit log', append],
    ]);
    expect(Object.fromEntries(granted)).toEqual(Object.fromEntries(expected));
  });

  it('records sign-ins with the post-authentication trigger', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: {
        PreAuthentication: Match.anyValue(),
        PostAuthentication: Match.anyValue(),
        PostConfirmation: Match.anyValue(),
      },
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^Cognito post-authentication trigger'),
      Timeout: 5,
    });
  });

  it('gives every writer the stage’s retention (a record’s TTL)', () => {
    const writers = Object.values(template.findResources('AWS::Lambda::Function')).filter((fn) =>
      /^(AgentForge (api-keys|mcp|github|agent|billing|prompts) API|AgentForge stream agent\/execute-stream|Cognito post-authentication)/.test(
        String(fn.Properties.Description),
      ),
    );
    expect(writers).toHaveLength(8);
    for (const fn of writers) {
      expect(fn.Properties.Environment.Variables.AUDIT_RETENTION_DAYS).toBe(
        String(testStageConfig.auditRetentionDays),
      );
    }
  });
});
