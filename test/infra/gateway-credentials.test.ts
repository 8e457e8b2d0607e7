import { Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/src/routes';
import { GATEWAY_CREDENTIAL_KEY_ENV_VAR } from '../../lib/constructs/gateway-credentials';
import type { AgentForgeStack } from '../../lib/stacks/agent-forge-stack';
import { propertiesOf, synthStack } from './synth';

/** The automation runner's MCP gateway credentials (docs/decisions/mcp-servers.md). */
let stack: AgentForgeStack;
let template: Template;
let apiTemplate: Template;
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
  ({ stack, template, apiTemplate } = synthStack());
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
const variablesOf = (functionId: string) =>
  (
    propertiesOf(template, 'AWS::Lambda::Function', functionId).Environment as {
      Variables: Record<string, unknown>;
    }
  ).Variables;
const roleOf = (functionId: string) =>
  (propertiesOf(template, 'AWS::Lambda::Function', functionId).Role as { 'Fn::GetAtt': [string] })[
    'Fn::GetAtt'
  ][0];

describe('the automation gateway credentials', () => {
  it('are signed with a KMS HMAC key: the runner may only sign, the routes’ authorizer only verify', () => {
    expect(keyId).not.toBe('');
    expect(propertiesOf(template, 'AWS::KMS::Key', keyId).KeyUsage).toBe('GENERATE_VERIFY_MAC');
    const runner = idOf(stack.automations.runner.function);
    const authorizer = idOf(stack.api.automationAuthorizer?.function ?? stack.api);
    // The gateway (in the VPC) no longer touches the key.
    expect(macGrants()).toEqual({
      [roleOf(runner)]: ['kms:GenerateMac'],
      [roleOf(authorizer)]: ['kms:VerifyMac'],
    });
    for (const fn of [runner, authorizer])
      expect(variablesOf(fn)[GATEWAY_CREDENTIAL_KEY_ENV_VAR]).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
    expect(variablesOf(idOf(stack.api.functions['mcp-gateway'].function))).not.toHaveProperty(
      GATEWAY_CREDENTIAL_KEY_ENV_VAR,
    );
  });

  it('let the runner reach the API (its URL and key), as the stream functions do', () => {
    const variables = variablesOf(idOf(stack.automations.runner.function));
    expect(variables.API_BASE_URL).toBeDefined();
    expect(variables.API_ORIGIN_KEY).toBeDefined();
  });

  it('are verified outside the VPC, by a Lambda authorizer on the automation routes: no KMS endpoint', () => {
    const authorizer = propertiesOf(
      template,
      'AWS::Lambda::Function',
      idOf(stack.api.automationAuthorizer?.function ?? stack.api),
    );
    expect(authorizer.VpcConfig).toBeUndefined();
    // Nothing in the VPC is billed by the hour: no interface endpoint, for KMS or anything else.
    expect(
      template.findResources('AWS::EC2::VPCEndpoint', { Properties: { VpcEndpointType: 'Interface' } }),
    ).toEqual({});
    const gateway = apiTemplate;
    const authorizers = Object.values(gateway.findResources('AWS::ApiGateway::Authorizer')).map(
      (resource) => resource.Properties,
    );
    const request = authorizers.filter((properties) => properties.Type === 'REQUEST');
    expect(request).toHaveLength(1);
    // Not cached: the verdict depends on the path's server and the credential's expiry.
    expect(request[0]).toMatchObject({
      AuthorizerResultTtlInSeconds: 0,
      IdentitySource: 'method.request.header.Authorization',
    });
    const automationMethods = Object.values(gateway.findResources('AWS::ApiGateway::Method'))
      .map((resource) => resource.Properties)
      .filter((properties) => properties.AuthorizationType === 'CUSTOM');
    expect(automationMethods).toHaveLength(ROUTES.filter((route) => route.auth === 'automation').length);
    for (const method of automationMethods) expect(method.ApiKeyRequired).toBe(true);
    // API Gateway may invoke it.
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'apigateway.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [idOf(stack.api.automationAuthorizer?.function ?? stack.api), 'Arn'] },
    });
  });
});
