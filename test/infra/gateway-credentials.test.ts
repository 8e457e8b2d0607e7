import { Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_CREDENTIAL_KEY_ENV_VAR } from '../../lib/constructs/gateway-credentials';
import type { AgentForgeStack } from '../../lib/stacks/agent-forge-stack';
import { propertiesOf, synthStack } from './synth';

/** The automation runner's MCP gateway credentials (docs/decisions/mcp-servers.md). */
let stack: AgentForgeStack;
let template: Template;
let keyId: string;

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource?: unknown;
  Principal?: unknown;
}
const idOf = (construct: { node: { defaultChild?: unknown } }) =>
  Stack.of(construct as never).getLogicalId(construct.node.defaultChild as never);

beforeAll(() => {
  ({ stack, template } = synthStack());
  const keys = template.findResources('AWS::KMS::Key', { Properties: { KeySpec: 'HMAC_256' } });
  keyId = Object.keys(keys)[0] ?? '';
}, 120_000);

/** Every function whose role may use a MAC action, with those actions. */
function macGrants(): Record<string, string[]> {
  const grants: Record<string, string[]> = {};
  for (const policy of Object.values(template.findResources('AWS::IAM::Policy'))) {
    for (const statement of policy.Properties.PolicyDocument.Statement as Statement[]) {
      const actions = [statement.Action].flat().filter((action) => /Mac$/.test(action));
      if (actions.length === 0) continue;
      expect(statement.Resource).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
      for (const role of policy.Properties.Roles as { Ref: string }[])
        grants[role.Ref] = [...(grants[role.Ref] ?? []), ...actions].sort();
    }
  }
  return grants;
}
const roleOf = (functionId: string) =>
  (propertiesOf(template, 'AWS::Lambda::Function', functionId).Role as { 'Fn::GetAtt': [string] })[
    'Fn::GetAtt'
  ][0];

describe('the automation gateway credentials', () => {
  it('are signed with a KMS HMAC key: the runner may only sign, the MCP gateway only verify', () => {
    expect(keyId).not.toBe('');
    expect(propertiesOf(template, 'AWS::KMS::Key', keyId).KeyUsage).toBe('GENERATE_VERIFY_MAC');
    const runner = idOf(stack.automations.runner.function);
    const gateway = idOf(stack.api.functions['mcp-gateway'].function);
    expect(macGrants()).toEqual({
      [roleOf(runner)]: ['kms:GenerateMac'],
      [roleOf(gateway)]: ['kms:VerifyMac'],
    });
    for (const fn of [runner, gateway]) {
      const variables = (
        propertiesOf(template, 'AWS::Lambda::Function', fn).Environment as {
          Variables: Record<string, unknown>;
        }
      ).Variables;
      expect(variables[GATEWAY_CREDENTIAL_KEY_ENV_VAR]).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
    }
  });

  it('let the runner reach the API (its URL and key), as the stream functions do', () => {
    const variables = (
      propertiesOf(template, 'AWS::Lambda::Function', idOf(stack.automations.runner.function))
        .Environment as { Variables: Record<string, unknown> }
    ).Variables;
    expect(variables.API_BASE_URL).toBeDefined();
    expect(variables.API_ORIGIN_KEY).toBeDefined();
  });

  it('are verified through a KMS endpoint in the VPC that admits the gateway only, for VerifyMac on the key only', () => {
    const endpoints = Object.values(
      template.findResources('AWS::EC2::VPCEndpoint', { Properties: { VpcEndpointType: 'Interface' } }),
    );
    expect(endpoints).toHaveLength(1);
    const endpoint = endpoints[0]?.Properties;
    expect(JSON.stringify(endpoint.ServiceName)).toContain('.kms');
    expect(endpoint.PrivateDnsEnabled).toBe(true);
    expect(endpoint.PolicyDocument.Statement).toEqual([
      {
        Action: 'kms:VerifyMac',
        Effect: 'Allow',
        Principal: { AWS: '*' },
        Resource: { 'Fn::GetAtt': [keyId, 'Arn'] },
      },
    ]);
    const [group] = endpoint.SecurityGroupIds as { 'Fn::GetAtt': [string, string] }[];
    const groupId = group?.['Fn::GetAtt'][0] ?? '';
    const inline = propertiesOf(template, 'AWS::EC2::SecurityGroup', groupId).SecurityGroupIngress ?? [];
    const separate = Object.values(
      template.findResources('AWS::EC2::SecurityGroupIngress', {
        Properties: { GroupId: { 'Fn::GetAtt': [groupId, 'GroupId'] } },
      }),
    ).map((rule) => rule.Properties);
    const rules = [...(inline as Record<string, unknown>[]), ...separate];
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({
      IpProtocol: 'tcp',
      FromPort: 443,
      ToPort: 443,
      SourceSecurityGroupId: { 'Fn::GetAtt': [idOf(stack.mcpRuntime.gatewaySecurityGroup), 'GroupId'] },
    });
  });
});
